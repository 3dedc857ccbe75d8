package jobs

// BackendOf gives the package's external tests the Backend operations on a
// Client's connection (a phase report, a raw Redis key); callers build a
// Backend with NewBackend instead.
var BackendOf = backendOf
