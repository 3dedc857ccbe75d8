// Package deploy holds formfill's deployment files — the container image
// (Dockerfile), a Compose file for a scaled single-host deployment
// (compose.yml) and Kubernetes manifests (k8s/) — and the tests that check
// them: the manifests decode strictly into the official Kubernetes API types
// and the Compose file loads with the compose-spec loader, so a typo fails CI
// instead of a rollout. The package has no code of its own.
package deploy

// WorkerDrainSeconds is the longest a worker takes to drain on SIGTERM (its
// shutdown timeout). Every stop grace period in the deployment files must be
// longer, or the orchestrator kills workers mid-job and those jobs wait for
// their lease to expire before another worker runs them.
const WorkerDrainSeconds = 30
