package deploy

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	corev1 "k8s.io/api/core/v1"
)

func workerContainer(t *testing.T, m *manifests) (corev1.PodSpec, corev1.Container) {
	t.Helper()
	d := m.deployments["formfill-worker"]
	if d == nil {
		t.Fatal("no Deployment formfill-worker")
	}
	spec := d.Spec.Template.Spec
	if len(spec.Containers) != 1 {
		t.Fatalf("worker pod has %d containers, want 1", len(spec.Containers))
	}
	return spec, spec.Containers[0]
}

func TestK8sWorkerDrainsAndReportsHealth(t *testing.T) {
	m := mustDecodeK8s(t)
	spec, c := workerContainer(t, m)
	drain, err := workerDrain(c.Args)
	if err != nil {
		t.Fatal(err)
	}
	if g := spec.TerminationGracePeriodSeconds; g == nil || time.Duration(*g)*time.Second <= drain {
		t.Errorf("terminationGracePeriodSeconds %v must exceed the %s drain", g, drain)
	}
	if !slices.Contains(c.Args, "--metrics") {
		t.Errorf("worker args %v do not serve --metrics, which the probes need", c.Args)
	}
	if len(c.Args) == 0 || c.Args[0] != "worker" {
		t.Errorf("worker args = %v, want the worker subcommand", c.Args)
	}
	for name, p := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe} {
		if p == nil || p.HTTPGet == nil {
			t.Errorf("%s probe is not an httpGet", name)
			continue
		}
		if p.HTTPGet.Path != "/healthz" {
			t.Errorf("%s probe path %q, want /healthz", name, p.HTTPGet.Path)
		}
		port := containerPort(c, p.HTTPGet.Port.String())
		if port == nil || port.Name != "metrics" {
			t.Errorf("%s probe port %s is not the container's metrics port", name, p.HTTPGet.Port.String())
		}
	}
}

func TestK8sWorkerHasResourcesAndRunsUnprivileged(t *testing.T) {
	m := mustDecodeK8s(t)
	spec, c := workerContainer(t, m)
	for _, res := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		req, okReq := c.Resources.Requests[res]
		lim, okLim := c.Resources.Limits[res]
		if !okReq || !okLim {
			t.Errorf("%s: request set %v, limit set %v; want both", res, okReq, okLim)
			continue
		}
		if req.Cmp(lim) > 0 {
			t.Errorf("%s request %s above limit %s", res, req.String(), lim.String())
		}
	}
	if sc := spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
		t.Error("worker pod does not require runAsNonRoot")
	}
	if sc := c.SecurityContext; sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
		t.Error("worker container root filesystem is writable: workers are stateless, keep it read-only")
	}
	var fromSecret []string
	for _, e := range c.Env {
		if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
			fromSecret = append(fromSecret, e.Name)
		}
	}
	if !slices.Contains(fromSecret, "FORMFILL_REDIS_URL") {
		t.Errorf("FORMFILL_REDIS_URL not read from a Secret (secret env: %v)", fromSecret)
	}
}

func TestK8sKEDAScalesWorkersOnPendingQueues(t *testing.T) {
	m := mustDecodeK8s(t)
	so := m.scaled["formfill-worker"]
	if so == nil {
		t.Fatal("no ScaledObject formfill-worker")
	}
	ref := so.Spec.ScaleTargetRef
	if ref.Kind != "Deployment" || m.deployments[ref.Name] == nil {
		t.Fatalf("scaleTargetRef %s/%s is not one of our Deployments", ref.Kind, ref.Name)
	}
	_, c := workerContainer(t, m)
	envNames := map[string]bool{}
	for _, e := range c.Env {
		envNames[e.Name] = true
	}
	lists := map[string]bool{}
	for _, tr := range so.Spec.Triggers {
		if tr.Type != "redis" {
			t.Errorf("trigger %s has type %q, want redis", tr.Name, tr.Type)
		}
		for key, val := range tr.Metadata {
			if !kedaRedisMetadata[key] {
				t.Errorf("trigger %s: unknown redis scaler metadata %q", tr.Name, key)
			}
			if strings.HasSuffix(key, "FromEnv") && !envNames[val] {
				t.Errorf("trigger %s: %s=%s is not an env var of the worker container", tr.Name, key, val)
			}
		}
		if tr.Metadata["addressFromEnv"] == "" {
			t.Errorf("trigger %s does not take the Redis address from the environment", tr.Name)
		}
		lists[tr.Metadata["listName"]] = true
	}
	for _, want := range []string{queue.StateKey(jobs.QueueInteractive, "pending"), queue.StateKey(jobs.QueueBulk, "pending")} {
		if !lists[want] {
			t.Errorf("no trigger on %s (have %v)", want, lists)
		}
	}
	if min, max := so.Spec.MinReplicaCount, so.Spec.MaxReplicaCount; min == nil || max == nil || *min > *max {
		t.Errorf("replica bounds min %v max %v", min, max)
	}
}

func TestK8sKEDAMisspeltMetadataIsCaught(t *testing.T) {
	files := readK8s(t)
	files["k8s/keda-scaledobject.yaml"] = []byte(strings.Replace(string(files["k8s/keda-scaledobject.yaml"]), "listName:", "listname:", 1))
	m, err := decodeManifests(files)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for _, tr := range m.scaled["formfill-worker"].Spec.Triggers {
		for key := range tr.Metadata {
			if !kedaRedisMetadata[key] {
				bad++
			}
		}
	}
	if bad != 1 {
		t.Errorf("found %d unknown metadata keys after one misspelling, want 1", bad)
	}
}
