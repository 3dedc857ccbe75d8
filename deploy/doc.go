// Package deploy holds formfill's deployment files — the container image
// (Dockerfile), Compose files for a scaled single-host deployment
// (compose.yml) and one on a Sentinel-watched Redis (compose.ha.yml), and
// Kubernetes manifests (k8s/, with k8s/ha and k8s/ha-cluster for a
// highly available Redis) — and the tests that check them: the manifests
// decode strictly into the official Kubernetes API types and the Compose
// files load with the compose-spec loader, so a typo fails CI instead of a
// rollout. Its only code is the worker's default drain, which the tests
// hold every grace period in the files to.
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
