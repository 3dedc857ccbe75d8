package deploy

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// scaledObject mirrors the fields of KEDA's ScaledObject (keda.sh/v1alpha1)
// that our manifest uses. KEDA's Go types would pull in its whole operator,
// so a small local copy decoded strictly does the same job: a field name
// that is not here is a typo (or a new field to add here after checking the
// CRD).
type scaledObject struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		ScaleTargetRef struct {
			APIVersion             string `json:"apiVersion"`
			Kind                   string `json:"kind"`
			Name                   string `json:"name"`
			EnvSourceContainerName string `json:"envSourceContainerName"`
		} `json:"scaleTargetRef"`
		PollingInterval *int32 `json:"pollingInterval"`
		CooldownPeriod  *int32 `json:"cooldownPeriod"`
		MinReplicaCount *int32 `json:"minReplicaCount"`
		MaxReplicaCount *int32 `json:"maxReplicaCount"`
		Triggers        []struct {
			Type     string            `json:"type"`
			Name     string            `json:"name"`
			Metadata map[string]string `json:"metadata"`
		} `json:"triggers"`
	} `json:"spec"`
}

// kedaRedisMetadata lists the redis scaler's metadata keys (KEDA v2 docs,
// "Redis Lists" scaler). Metadata is a free-form map in the CRD, so strict
// JSON decoding cannot catch a misspelt key: this list does.
var kedaRedisMetadata = map[string]bool{
	"address": true, "addressFromEnv": true, "host": true, "hostFromEnv": true,
	"port": true, "portFromEnv": true, "username": true, "usernameFromEnv": true,
	"password": true, "passwordFromEnv": true, "databaseIndex": true,
	"listName": true, "listLength": true, "activationListLength": true,
	"enableTLS": true, "unsafeSsl": true,
}

// manifests holds every object under k8s/, decoded strictly, by kind.
type manifests struct {
	deployments map[string]*appsv1.Deployment
	services    map[string]*corev1.Service
	secrets     map[string]*corev1.Secret
	configMaps  map[string]*corev1.ConfigMap
	scaled      map[string]*scaledObject
	// Only in the highly available setup (k8s/ha).
	statefulSets map[string]*appsv1.StatefulSet
	pdbs         map[string]*policyv1.PodDisruptionBudget
	netpols      map[string]*networkingv1.NetworkPolicy
	jobs         map[string]*batchv1.Job
}

var docSeparator = regexp.MustCompile(`(?m)^---\s*$`)

// decodeStrict decodes one YAML document into the API type its apiVersion
// and kind name; unknown fields and unknown kinds are errors.
func (m *manifests) decodeStrict(doc []byte) error {
	var tm metav1.TypeMeta
	if err := yaml.Unmarshal(doc, &tm); err != nil {
		return err
	}
	var (
		obj  any
		name func() string
	)
	switch tm.APIVersion + "/" + tm.Kind {
	case "apps/v1/Deployment":
		obj, name = into(m.deployments)
	case "v1/Service":
		obj, name = into(m.services)
	case "v1/Secret":
		obj, name = into(m.secrets)
	case "v1/ConfigMap":
		obj, name = into(m.configMaps)
	case "apps/v1/StatefulSet":
		obj, name = into(m.statefulSets)
	case "policy/v1/PodDisruptionBudget":
		obj, name = into(m.pdbs)
	case "networking.k8s.io/v1/NetworkPolicy":
		obj, name = into(m.netpols)
	case "batch/v1/Job":
		obj, name = into(m.jobs)
	case "keda.sh/v1alpha1/ScaledObject":
		obj, name = into(m.scaled)
	default:
		return fmt.Errorf("unexpected apiVersion/kind %s/%s", tm.APIVersion, tm.Kind)
	}
	if err := unmarshalStrict(doc, obj); err != nil {
		return fmt.Errorf("%s: %w", tm.Kind, err)
	}
	if name() == "" {
		return fmt.Errorf("%s without metadata.name", tm.Kind)
	}
	return nil
}

// into returns a new object to decode a document into, and a function
// that files it in byKind under its name, once decoded, and returns the
// name.
func into[T any, PT interface {
	*T
	GetName() string
}](byKind map[string]PT) (any, func() string) {
	o := PT(new(T))
	return o, func() string { byKind[o.GetName()] = o; return o.GetName() }
}

// unmarshalStrict is what the API server does with a manifest: YAML to JSON
// (duplicate keys refused), then a case-sensitive decode refusing unknown
// fields. encoding/json (and so yaml.UnmarshalStrict) matches field names
// case-insensitively and would accept "stringdata" for "stringData", which
// kubectl then rejects.
func unmarshalStrict(doc []byte, obj any) error {
	js, err := yaml.YAMLToJSONStrict(doc)
	if err != nil {
		return err
	}
	strictErrs, err := kjson.UnmarshalStrict(js, obj)
	if err != nil {
		return err
	}
	return errors.Join(strictErrs...)
}

func decodeManifests(files map[string][]byte) (*manifests, error) {
	m := &manifests{
		deployments: map[string]*appsv1.Deployment{}, services: map[string]*corev1.Service{},
		secrets: map[string]*corev1.Secret{}, configMaps: map[string]*corev1.ConfigMap{},
		scaled:       map[string]*scaledObject{},
		statefulSets: map[string]*appsv1.StatefulSet{}, pdbs: map[string]*policyv1.PodDisruptionBudget{},
		netpols: map[string]*networkingv1.NetworkPolicy{}, jobs: map[string]*batchv1.Job{},
	}
	for file, data := range files {
		for i, doc := range docSeparator.Split(string(data), -1) {
			if strings.TrimSpace(stripComments(doc)) == "" {
				continue
			}
			if err := m.decodeStrict([]byte(doc)); err != nil {
				return nil, fmt.Errorf("%s (document %d): %w", file, i+1, err)
			}
		}
	}
	return m, nil
}

func stripComments(doc string) string {
	var b strings.Builder
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func readK8s(t *testing.T) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob("k8s/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no manifests under k8s/: %v", err)
	}
	files := map[string][]byte{}
	for _, p := range paths {
		files[p] = mustRead(t, p)
	}
	return files
}

func mustDecodeK8s(t *testing.T) *manifests {
	t.Helper()
	m, err := decodeManifests(readK8s(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestK8sManifestsDecodeStrictly(t *testing.T) {
	m := mustDecodeK8s(t)
	want := map[string]int{"Deployment": 2, "Service": 1, "Secret": 1, "ConfigMap": 1, "ScaledObject": 1}
	got := map[string]int{"Deployment": len(m.deployments), "Service": len(m.services),
		"Secret": len(m.secrets), "ConfigMap": len(m.configMaps), "ScaledObject": len(m.scaled)}
	for kind, n := range want {
		if got[kind] != n {
			t.Errorf("%d %s objects, want %d", got[kind], kind, n)
		}
	}
}

// TestK8sTypoFailsDecoding is the negative proof: each mutation is a
// plausible typo and must be refused by the strict decode.
func TestK8sTypoFailsDecoding(t *testing.T) {
	tests := []struct{ file, from, to string }{
		{"k8s/worker-deployment.yaml", "terminationGracePeriodSeconds:", "terminationGracePeriodSecond:"},
		{"k8s/worker-deployment.yaml", "readinessProbe:", "readynessProbe:"},
		{"k8s/worker-deployment.yaml", "secretKeyRef:", "secretRef:"},
		{"k8s/mcp-service.yaml", "targetPort:", "target_port:"},
		{"k8s/keda-scaledobject.yaml", "maxReplicaCount:", "maxReplicas:"},
		{"k8s/configmap.yaml", "\ndata:", "\ndatas:"},
		{"k8s/secret.yaml", "stringData:", "stringdata:"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.to, func(t *testing.T) {
			files := readK8s(t)
			orig := files[tt.file]
			mutated := bytes.Replace(orig, []byte(tt.from), []byte(tt.to), 1)
			if bytes.Equal(orig, mutated) {
				t.Fatalf("%q not found in %s: the test no longer mutates anything", tt.from, tt.file)
			}
			files[tt.file] = mutated
			if _, err := decodeManifests(files); err == nil {
				t.Fatalf("typo %q accepted by the strict decode", tt.to)
			}
		})
	}
}

func TestK8sSecretHoldsOnlyMarkedPlaceholders(t *testing.T) {
	m := mustDecodeK8s(t)
	s := m.secrets["formfill"]
	if s == nil {
		t.Fatal("no Secret formfill")
	}
	for _, key := range []string{"redis-url", "redis-addr", "redis-password", "mcp-token"} {
		v, ok := s.StringData[key]
		if !ok {
			t.Errorf("Secret lacks %s", key)
			continue
		}
		if key != "redis-addr" && !strings.Contains(v, "CHANGE-ME") {
			t.Errorf("Secret %s = %q is not marked as a placeholder (CHANGE-ME)", key, v)
		}
	}
	if len(s.Data) > 0 {
		t.Error("Secret carries base64 data: keep placeholders in stringData where they are visible")
	}
}

// TestK8sReferencesResolve checks what a strict decode cannot: that the
// names objects use to find each other agree.
func TestK8sReferencesResolve(t *testing.T) {
	m := mustDecodeK8s(t)
	for name, d := range m.deployments {
		if !labelsMatch(d.Spec.Selector.MatchLabels, d.Spec.Template.Labels) {
			t.Errorf("%s: selector %v does not match pod labels %v", name, d.Spec.Selector.MatchLabels, d.Spec.Template.Labels)
		}
		for _, c := range d.Spec.Template.Spec.Containers {
			checkEnvSources(t, m, name, c)
		}
	}
	svc := m.services["formfill-mcp"]
	mcp := m.deployments["formfill-mcp"]
	if svc == nil || mcp == nil {
		t.Fatal("formfill-mcp Deployment or Service missing")
	}
	if !labelsMatch(svc.Spec.Selector, mcp.Spec.Template.Labels) {
		t.Errorf("Service selector %v selects no MCP pod (labels %v)", svc.Spec.Selector, mcp.Spec.Template.Labels)
	}
	for _, p := range svc.Spec.Ports {
		if containerPort(mcp.Spec.Template.Spec.Containers[0], p.TargetPort.String()) == nil {
			t.Errorf("Service targetPort %s is not a port of the MCP container", p.TargetPort.String())
		}
	}
}

func checkEnvSources(t *testing.T, m *manifests, deploy string, c corev1.Container) {
	t.Helper()
	for _, e := range c.Env {
		if ref := e.ValueFrom; ref != nil && ref.SecretKeyRef != nil {
			s := m.secrets[ref.SecretKeyRef.Name]
			if s == nil {
				t.Errorf("%s: env %s reads missing Secret %s", deploy, e.Name, ref.SecretKeyRef.Name)
			} else if _, ok := s.StringData[ref.SecretKeyRef.Key]; !ok {
				t.Errorf("%s: env %s reads missing key %s", deploy, e.Name, ref.SecretKeyRef.Key)
			}
		}
	}
	for _, src := range c.EnvFrom {
		if src.ConfigMapRef != nil && m.configMaps[src.ConfigMapRef.Name] == nil {
			t.Errorf("%s: envFrom missing ConfigMap %s", deploy, src.ConfigMapRef.Name)
		}
	}
}

func labelsMatch(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func containerPort(c corev1.Container, nameOrNumber string) *corev1.ContainerPort {
	for i, p := range c.Ports {
		if p.Name == nameOrNumber || fmt.Sprint(p.ContainerPort) == nameOrNumber {
			return &c.Ports[i]
		}
	}
	return nil
}

func TestMain(m *testing.M) {
	// The tests read files relative to the package directory.
	if _, err := os.Stat("k8s"); err != nil {
		fmt.Fprintln(os.Stderr, "deploy tests must run in the deploy directory:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
