// Package reliability holds formfill's tests under faults, load and hostile
// input: hostile documents through every tool in-process and through a
// worker on Redis, worker crashes, Redis restarts, a soak with killed
// workers, and security checks on credentials and injected markup. The
// figures they measure are reported in docs/RELIABILITY.md.
//
// The package has no code of its own besides this comment; everything is in
// its _test.go files.
package reliability
