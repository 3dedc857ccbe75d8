package deploy

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
)

// The highly available setup is k8s/ha/ applied with the shared files of
// k8s/: its secret.yaml and keda-scaledobject.yaml replace theirs.
var haReplaces = []string{"k8s/secret.yaml", "k8s/keda-scaledobject.yaml"}

func readK8sHA(t *testing.T) map[string][]byte { return readK8sOverlay(t, "k8s/ha") }

// readK8sOverlay reads the shared files of k8s/ but those haReplaces
// names, the files extra, and every manifest in dir.
func readK8sOverlay(t *testing.T, dir string, extra ...string) map[string][]byte {
	t.Helper()
	files := readK8s(t)
	for _, f := range haReplaces {
		delete(files, f)
	}
	paths, err := filepath.Glob(dir + "/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no manifests under %s/: %v", dir, err)
	}
	for _, p := range append(paths, extra...) {
		files[p] = mustRead(t, p)
	}
	return files
}

func TestK8sHAManifestsDecodeStrictly(t *testing.T) {
	checkKinds(t, readK8sHA(t), map[string]int{"Deployment": 2, "StatefulSet": 1, "Service": 2, "Secret": 2, "ConfigMap": 2,
		"ScaledObject": 1, "PodDisruptionBudget": 1, "NetworkPolicy": 1, "Job": 0})
}

// checkKinds decodes files strictly and checks how many objects of each
// kind they hold.
func checkKinds(t *testing.T, files map[string][]byte, want map[string]int) {
	t.Helper()
	m, err := decodeManifests(files)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{"Deployment": len(m.deployments), "StatefulSet": len(m.statefulSets), "Service": len(m.services),
		"Secret": len(m.secrets), "ConfigMap": len(m.configMaps), "ScaledObject": len(m.scaled), "PodDisruptionBudget": len(m.pdbs),
		"NetworkPolicy": len(m.netpols), "Job": len(m.jobs)}
	for kind, n := range want {
		if got[kind] != n {
			t.Errorf("%d %s objects, want %d", got[kind], kind, n)
		}
	}
}

// TestK8sHAIsConsistent checks what decides whether the setup works once
// applied: the URL the workers use names the Sentinels the StatefulSet
// runs, the master its Sentinels monitor and the password its data nodes
// require; KEDA follows the same Sentinels; documents go to an object store.
func TestK8sHAIsConsistent(t *testing.T) {
	m, err := decodeManifests(readK8sHA(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkHA(m); err != nil {
		t.Fatal(err)
	}
}

// Each mutation is a mistake that a strict decode accepts and a rollout
// would only show as workers that cannot reach Redis, a split brain, or
// documents kept in Redis after all: checkHA must catch every one.
func TestK8sHAInconsistenciesAreCaught(t *testing.T) {
	tests := []mutation{
		{"URL names another master", "k8s/ha/secret.yaml", "26379/formfill/0", "26379/mymaster/0"},
		{"URL names a pod that does not exist", "k8s/ha/secret.yaml", "formfill-redis-2.formfill-redis:26379/", "formfill-redis-3.formfill-redis:26379/"},
		{"URL on the data port", "k8s/ha/secret.yaml", "formfill-redis-0.formfill-redis:26379,formfill-redis-1", "formfill-redis-0.formfill-redis:6379,formfill-redis-1"},
		{"URL not Sentinel", "k8s/ha/secret.yaml", `redis-url: "redis-sentinel://:CHANGE-ME@formfill-redis-0.formfill-redis:26379,formfill-redis-1.formfill-redis:26379,formfill-redis-2.formfill-redis:26379/formfill/0"`, `redis-url: "redis://:CHANGE-ME@formfill-redis-0.formfill-redis:6379/0"`},
		{"password differs", "k8s/ha/secret.yaml", `redis-password: "CHANGE-ME"`, `redis-password: "CHANGE-ME-too"`},
		{"KEDA addresses differ", "k8s/ha/secret.yaml", `redis-addr: "formfill-redis-0.formfill-redis:26379,`, `redis-addr: "redis-0.formfill-redis:26379,`},
		{"Sentinels monitor another master", "k8s/ha/redis.yaml", "MASTER_NAME=formfill", "MASTER_NAME=mymaster"},
		{"quorum of one", "k8s/ha/redis.yaml", "6379 2\n", "6379 1\n"},
		{"two replicas", "k8s/ha/redis.yaml", "replicas: 3", "replicas: 2"},
		{"scripts name another Service", "k8s/ha/redis.yaml", "SVC=formfill-redis", "SVC=redis"},
		{"Service not headless", "k8s/ha/redis.yaml", "clusterIP: None\n", "clusterIP: \"\"\n"},
		{"KEDA on another master", "k8s/ha/keda-scaledobject.yaml", "sentinelMaster: formfill", "sentinelMaster: mymaster"},
		{"KEDA plain redis", "k8s/ha/keda-scaledobject.yaml", "type: redis-sentinel", "type: redis"},
		{"blob store not s3", "k8s/ha/blob-store-secret.yaml", "s3://CHANGE-ME-bucket", "gs://CHANGE-ME-bucket"},
		{"blob store variable misspelt", "k8s/ha/blob-store-secret.yaml", "FORMFILL_BLOB_STORE:", "FORMFILL_BLOBSTORE:"},
		{"PDB allows losing the quorum", "k8s/ha/redis.yaml", "minAvailable: 2", "minAvailable: 1"},
		{"policy selects other pods", "k8s/ha/redis-networkpolicy.yaml", "  podSelector:\n    matchLabels:\n      app.kubernetes.io/name: formfill-redis", "  podSelector:\n    matchLabels:\n      app.kubernetes.io/name: redis"},
		{"policy shuts the Sentinel port", "k8s/ha/redis-networkpolicy.yaml", "        - port: sentinel\n          protocol: TCP\n", ""},
		{"policy shuts the workers out", "k8s/ha/redis-networkpolicy.yaml", "name: formfill-worker", "name: worker"},
		{"policy shuts the pods out of each other", "k8s/ha/redis-networkpolicy.yaml", "        - podSelector:\n            matchLabels:\n              app.kubernetes.io/name: formfill-redis\n", ""},
		{"policy shuts KEDA out", "k8s/ha/redis-networkpolicy.yaml", "kubernetes.io/metadata.name: keda", "kubernetes.io/metadata.name: kube-system"},
		{"policy open to every source", "k8s/ha/redis-networkpolicy.yaml", "  ingress:\n", "  ingress:\n    - ports:\n        - port: redis\n"},
		{"policy not on ingress", "k8s/ha/redis-networkpolicy.yaml", `policyTypes: ["Ingress"]`, `policyTypes: ["Egress"]`},
	}
	checkMutationsCaught(t, readK8sHA, tests, checkHA)
}

// mutation replaces from by to in file.
type mutation struct{ name, file, from, to string }

// checkMutationsCaught applies each mutation alone to the files read and
// checks check or checkEnvNames refuses the result.
func checkMutationsCaught(t *testing.T, read func(*testing.T) map[string][]byte, tests []mutation, check func(*manifests) error) {
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := read(t)
			mutated := bytes.ReplaceAll(files[tt.file], []byte(tt.from), []byte(tt.to))
			if bytes.Equal(mutated, files[tt.file]) {
				t.Fatalf("%q not found in %s: the test no longer mutates anything", tt.from, tt.file)
			}
			files[tt.file] = mutated
			m, err := decodeManifests(files)
			if err != nil {
				t.Fatal(err)
			}
			if err := errors.Join(check(m), checkEnvNames(m)); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// checkHA returns every inconsistency of the highly available setup.
func checkHA(m *manifests) error {
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	sec, sts := m.secrets["formfill"], m.statefulSets["formfill-redis"]
	if sec == nil || sts == nil {
		return errors.New("Secret formfill or StatefulSet formfill-redis missing")
	}
	conn, err := jobs.ParseRedisURL(sec.StringData["redis-url"])
	if err != nil {
		return fmt.Errorf("redis-url: %w", err)
	}
	opt, ok := conn.(asynq.RedisFailoverClientOpt)
	if !ok {
		return fmt.Errorf("redis-url is %T, not a redis-sentinel:// URL", conn)
	}
	n := int(ptrOr(sts.Spec.Replicas, 1))
	quorum := n/2 + 1
	if n < 3 || n%2 == 0 {
		fail("%d Redis pods: want an odd number, 3 or more, so a majority of Sentinels survives one loss", n)
	}
	svc, want, err := podAddrs(m, sts, "sentinel")
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	errs = append(errs, checkSecretAddrs(sec, opt.SentinelAddrs, opt.Password, want, "Sentinels")...)
	errs = append(errs, checkSentinelScripts(m, sts, svc.Name, opt.MasterName, quorum)...)
	errs = append(errs, checkRedisPassword(sts)...)
	errs = append(errs, checkKEDASentinel(m, opt.MasterName)...)
	if pdb := m.pdbs[sts.Name]; pdb == nil || pdb.Spec.MinAvailable == nil || pdb.Spec.MinAvailable.IntValue() < quorum ||
		pdb.Spec.Selector == nil || !labelsMatch(pdb.Spec.Selector.MatchLabels, sts.Spec.Template.Labels) {
		fail("no PodDisruptionBudget keeping %d of the Redis pods (the Sentinels' quorum)", quorum)
	}
	errs = append(errs, checkBlobStore(m)...)
	errs = append(errs, checkRedisIngress(m, sts, "redis", "sentinel")...)
	return errors.Join(errs...)
}

// podAddrs checks that sts's Service is headless and publishes not-ready
// pods, so pods find each other while they start, and returns it and the
// stable host:port of each pod on the port named port.
func podAddrs(m *manifests, sts *appsv1.StatefulSet, port string) (*corev1.Service, []string, error) {
	svc := m.services[sts.Spec.ServiceName]
	if svc == nil || svc.Spec.ClusterIP != corev1.ClusterIPNone || !svc.Spec.PublishNotReadyAddresses {
		return nil, nil, fmt.Errorf("StatefulSet serviceName %q is not a headless Service publishing not-ready pods", sts.Spec.ServiceName)
	}
	p := servicePortFor(svc, sts.Spec.Template.Spec, port)
	var addrs []string
	for i := range int(ptrOr(sts.Spec.Replicas, 1)) {
		addrs = append(addrs, fmt.Sprintf("%s-%d.%s:%d", sts.Name, i, svc.Name, p))
	}
	return svc, addrs, nil
}

// checkSecretAddrs checks the formfill Secret against the pods at want:
// the URL's addresses urlAddrs and KEDA's redis-addr are exactly they, and
// the URL's password is redis-password.
func checkSecretAddrs(sec *corev1.Secret, urlAddrs []string, password string, want []string, what string) []error {
	var errs []error
	if !sameSet(urlAddrs, want) {
		errs = append(errs, fmt.Errorf("redis-url names %s %v; the StatefulSet runs them at %v", what, urlAddrs, want))
	}
	if addrs := strings.Split(sec.StringData["redis-addr"], ","); !sameSet(addrs, want) {
		errs = append(errs, fmt.Errorf("redis-addr (KEDA) names %v, not the %s %v", addrs, what, want))
	}
	if password != sec.StringData["redis-password"] {
		errs = append(errs, errors.New("redis-url's password is not redis-password"))
	}
	return errs
}

// servicePortFor is the Service port that reaches the port named name of
// the pod's containers, or 0.
func servicePortFor(svc *corev1.Service, pod corev1.PodSpec, name string) int32 {
	for _, p := range svc.Spec.Ports {
		for _, c := range pod.Containers {
			if cp := containerPort(c, p.TargetPort.String()); cp != nil && cp.Name == name && cp.ContainerPort == p.Port {
				return p.Port
			}
		}
	}
	return 0
}

var (
	shellVar      = regexp.MustCompile(`(?m)^\s*(SVC|MASTER_NAME)=(\S+)$`)
	monitorLine   = regexp.MustCompile(`sentinel monitor \$\{MASTER_NAME\} \$\{master\} (\d+) (\d+)`)
	discoveryLoop = regexp.MustCompile(`for i in ([0-9 ]+); do`)
)

// redisScripts is the ConfigMap of sts's scripts and the SVC and
// MASTER_NAME its common.sh sets.
func redisScripts(m *manifests, sts *appsv1.StatefulSet) (*corev1.ConfigMap, map[string]string, error) {
	cm := m.configMaps[sts.Name]
	if cm == nil {
		return nil, nil, fmt.Errorf("no ConfigMap %s with the Redis scripts", sts.Name)
	}
	vars := map[string]string{}
	for _, v := range shellVar.FindAllStringSubmatch(cm.Data["common.sh"], -1) {
		vars[v[1]] = v[2]
	}
	return cm, vars, nil
}

// checkSentinelScripts reads the scripts the pods run: they must name the
// Service and master the URL uses, wait for a majority, and look for the
// master on every pod.
func checkSentinelScripts(m *manifests, sts *appsv1.StatefulSet, svc, master string, quorum int) []error {
	cm, vars, err := redisScripts(m, sts)
	if err != nil {
		return []error{err}
	}
	var errs []error
	if vars["SVC"] != svc || vars["MASTER_NAME"] != master {
		errs = append(errs, fmt.Errorf("common.sh has SVC=%s MASTER_NAME=%s; the URL needs %s and %s", vars["SVC"], vars["MASTER_NAME"], svc, master))
	}
	mon := monitorLine.FindStringSubmatch(cm.Data["sentinel.sh"])
	if mon == nil || mon[1] != "6379" || mon[2] != fmt.Sprint(quorum) {
		errs = append(errs, fmt.Errorf("sentinel.sh monitors %v; want port 6379 and quorum %d", mon, quorum))
	}
	loop := discoveryLoop.FindStringSubmatch(cm.Data["common.sh"])
	if loop == nil || len(strings.Fields(loop[1])) != int(ptrOr(sts.Spec.Replicas, 1)) {
		errs = append(errs, fmt.Errorf("common.sh asks pods %v for the master, not each of the %d", loop, ptrOr(sts.Spec.Replicas, 1)))
	}
	if !strings.Contains(cm.Data["redis.sh"], "--min-replicas-to-write 1") {
		errs = append(errs, errors.New("redis.sh: data nodes must refuse writes without a replica (min-replicas-to-write 1)"))
	}
	return errs
}

// checkRedisPassword: both containers read the password from the Secret
// the URL is in.
func checkRedisPassword(sts *appsv1.StatefulSet) []error {
	var errs []error
	for _, c := range sts.Spec.Template.Spec.Containers {
		i := slices.IndexFunc(c.Env, func(e corev1.EnvVar) bool { return e.Name == "REDIS_PASSWORD" })
		if i < 0 || c.Env[i].ValueFrom == nil || c.Env[i].ValueFrom.SecretKeyRef == nil ||
			c.Env[i].ValueFrom.SecretKeyRef.Name != "formfill" || c.Env[i].ValueFrom.SecretKeyRef.Key != "redis-password" {
			errs = append(errs, fmt.Errorf("container %s does not read REDIS_PASSWORD from Secret formfill, key redis-password", c.Name))
		}
	}
	return errs
}

// kedaSentinelMetadata lists the redis-sentinel scaler's metadata keys
// (KEDA v2 docs, "Redis Lists (supports Redis Sentinel)").
var kedaSentinelMetadata = map[string]bool{
	"addresses": true, "addressesFromEnv": true, "hosts": true, "hostsFromEnv": true, "ports": true, "portsFromEnv": true,
	"username": true, "usernameFromEnv": true, "password": true, "passwordFromEnv": true,
	"sentinelUsername": true, "sentinelUsernameFromEnv": true, "sentinelPassword": true, "sentinelPasswordFromEnv": true,
	"sentinelMaster": true, "sentinelMasterFromEnv": true, "listName": true, "listLength": true,
	"activationListLength": true, "databaseIndex": true, "enableTLS": true, "unsafeSsl": true,
}

func checkKEDASentinel(m *manifests, master string) []error {
	return checkKEDA(m, "redis-sentinel", kedaSentinelMetadata, func(name string, md map[string]string) []error {
		if md["sentinelMaster"] != master {
			return []error{fmt.Errorf("trigger %s watches master %q, the workers %q", name, md["sentinelMaster"], master)}
		}
		return nil
	})
}

// checkKEDA checks the worker's ScaledObject: every trigger is of type
// scaler (the one that follows a failover), uses only metadata keys known
// to it, takes its addresses and password from the worker's redis-addr
// and redis-password, and passes more.
func checkKEDA(m *manifests, scaler string, known map[string]bool, more func(name string, md map[string]string) []error) []error {
	so, w := m.scaled["formfill-worker"], m.deployments["formfill-worker"]
	if so == nil || w == nil {
		return []error{errors.New("no ScaledObject or Deployment formfill-worker")}
	}
	secretKey := map[string]string{}
	for _, e := range w.Spec.Template.Spec.Containers[0].Env {
		if e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil {
			secretKey[e.Name] = e.ValueFrom.SecretKeyRef.Key
		}
	}
	var errs []error
	for _, tr := range so.Spec.Triggers {
		md := tr.Metadata
		if tr.Type != scaler {
			errs = append(errs, fmt.Errorf("trigger %s is %q: only %s follows a failover", tr.Name, tr.Type, scaler))
		}
		for key := range md {
			if !known[key] {
				errs = append(errs, fmt.Errorf("trigger %s: unknown %s metadata %q", tr.Name, scaler, key))
			}
		}
		if secretKey[md["addressesFromEnv"]] != "redis-addr" || secretKey[md["passwordFromEnv"]] != "redis-password" {
			errs = append(errs, fmt.Errorf("trigger %s: addresses and password do not come from the worker's redis-addr and redis-password", tr.Name))
		}
		errs = append(errs, more(tr.Name, md)...)
	}
	return errs
}

// checkBlobStore: workers and the MCP server take the object store from
// one Secret, whose URL formfill accepts.
func checkBlobStore(m *manifests) []error {
	s := m.secrets["formfill-blob-store"]
	if s == nil {
		return []error{errors.New("no Secret formfill-blob-store")}
	}
	var errs []error
	if _, _, err := jobs.ParseBlobStoreURL(s.StringData["FORMFILL_BLOB_STORE"]); err != nil {
		errs = append(errs, fmt.Errorf("formfill-blob-store: FORMFILL_BLOB_STORE: %w", err))
	}
	for _, name := range []string{"formfill-worker", "formfill-mcp"} {
		d := m.deployments[name]
		if d == nil || !slices.ContainsFunc(d.Spec.Template.Spec.Containers[0].EnvFrom, func(src corev1.EnvFromSource) bool {
			return src.SecretRef != nil && src.SecretRef.Name == s.Name
		}) {
			errs = append(errs, fmt.Errorf("%s does not take its environment from Secret %s", name, s.Name))
		}
	}
	return errs
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func ptrOr[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}
