// Package deploy holds formfill's deployment files — the container image
// (Dockerfile), a Compose file for a scaled single-host deployment
// (compose.yml) and Kubernetes manifests (k8s/) — and the tests that check
// them: the manifests decode strictly into the official Kubernetes API types
// and the Compose file loads with the compose-spec loader, so a typo fails CI
// instead of a rollout. The package has no code of its own.
package deploy

import (
	"strings"
	"time"
)

// DefaultWorkerDrain is `formfill worker`'s drain time on SIGTERM when
// --shutdown-timeout is not given. Every stop grace period in the deployment
// files must be longer than the drain the worker is started with, or the
// orchestrator kills workers mid-job and those jobs wait for their lease to
// expire before another worker runs them.
const DefaultWorkerDrain = 20 * time.Second

// workerDrain returns the drain time a worker started with args gets: the
// value of --shutdown-timeout, or DefaultWorkerDrain.
func workerDrain(args []string) (time.Duration, error) {
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--shutdown-timeout=")
		if !ok && a == "--shutdown-timeout" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok {
			return time.ParseDuration(v)
		}
	}
	return DefaultWorkerDrain, nil
}
