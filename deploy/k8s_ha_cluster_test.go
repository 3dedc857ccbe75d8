package deploy

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	appsv1 "k8s.io/api/apps/v1"
)

// The Redis Cluster setup is k8s/ha-cluster/ applied with the shared files
// of k8s/ (its secret.yaml and keda-scaledobject.yaml replace theirs) and
// the object store's Secret of k8s/ha/.
func readK8sCluster(t *testing.T) map[string][]byte {
	return readK8sOverlay(t, "k8s/ha-cluster", "k8s/ha/blob-store-secret.yaml")
}

func TestK8sClusterManifestsDecodeStrictly(t *testing.T) {
	checkKinds(t, readK8sCluster(t), map[string]int{"Deployment": 2, "StatefulSet": 1, "Service": 2, "Secret": 2, "ConfigMap": 2,
		"ScaledObject": 1, "PodDisruptionBudget": 1, "NetworkPolicy": 1, "Job": 1})
}

// TestK8sClusterIsConsistent checks what decides whether the cluster works
// once applied: the URL the workers use names every node the StatefulSet
// runs and the password they require, the Job creates a cluster of all of
// them with a replica per master, KEDA reads the same nodes, and only
// formfill's pods reach them.
func TestK8sClusterIsConsistent(t *testing.T) {
	m, err := decodeManifests(readK8sCluster(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(checkCluster(m), checkEnvNames(m)); err != nil {
		t.Fatal(err)
	}
}

// Each mutation is a mistake a strict decode accepts and a rollout would
// show only as a cluster that never forms, a slot lost with a node, or
// workers that cannot reach it: checkCluster must catch every one.
func TestK8sClusterInconsistenciesAreCaught(t *testing.T) {
	const (
		redis  = "k8s/ha-cluster/redis-cluster.yaml"
		secret = "k8s/ha-cluster/secret.yaml"
		keda   = "k8s/ha-cluster/keda-scaledobject.yaml"
	)
	tests := []mutation{
		{"URL names a pod that does not exist", secret, "formfill-redis-cluster-5.formfill-redis-cluster:6379\"\n  redis-addr", "formfill-redis-cluster-6.formfill-redis-cluster:6379\"\n  redis-addr"},
		{"URL on the bus port", secret, "formfill-redis-cluster-0.formfill-redis-cluster:6379,formfill-redis-cluster-1.formfill-redis-cluster:6379,formfill-redis-cluster-2.formfill-redis-cluster:6379,formfill-redis-cluster-3.formfill-redis-cluster:6379,formfill-redis-cluster-4.formfill-redis-cluster:6379,formfill-redis-cluster-5.formfill-redis-cluster:6379\"\n  redis-addr", "formfill-redis-cluster-0.formfill-redis-cluster:16379,formfill-redis-cluster-1.formfill-redis-cluster:16379,formfill-redis-cluster-2.formfill-redis-cluster:16379,formfill-redis-cluster-3.formfill-redis-cluster:16379,formfill-redis-cluster-4.formfill-redis-cluster:16379,formfill-redis-cluster-5.formfill-redis-cluster:16379\"\n  redis-addr"},
		{"URL not Cluster", secret, `redis-url: "redis-cluster://`, `redis-url: "redis-sentinel://`},
		{"password differs", secret, `redis-password: "CHANGE-ME"`, `redis-password: "CHANGE-ME-too"`},
		{"KEDA addresses differ", secret, `redis-addr: "formfill-redis-cluster-0.`, `redis-addr: "redis-cluster-0.`},
		{"five pods", redis, "replicas: 6", "replicas: 5"},
		{"Job creates the cluster without a node", redis, `NODES="0 1 2 3 4 5"`, `NODES="0 1 2 3 4"`},
		{"scripts name another Service", redis, "SVC=formfill-redis-cluster\n", "SVC=redis-cluster\n"},
		{"no replica per master", redis, "--cluster-replicas 1", "--cluster-replicas 0"},
		{"no AOF", redis, "--appendonly yes", "--appendonly no"},
		{"nodes announce addresses", redis, `--cluster-announce-hostname "$(hostname).${SVC}"`, ""},
		{"Service not headless", redis, "clusterIP: None\n", "clusterIP: \"\"\n"},
		{"PDB lets a master and its replica go", redis, "maxUnavailable: 1", "maxUnavailable: 2"},
		{"policy shuts the bus", redis, "        - port: bus\n          protocol: TCP\n    - from:", "    - from:"},
		{"policy shuts the workers out", redis, "              app.kubernetes.io/name: formfill-worker", "              app.kubernetes.io/name: worker"},
		{"policy shuts the create Job out", redis, "              app.kubernetes.io/name: formfill-redis-cluster-create\n", "              app.kubernetes.io/name: create\n"},
		{"KEDA plain redis", keda, "type: redis-cluster", "type: redis"},
		{"KEDA metadata misspelt", keda, "listName:", "listname:"},
	}
	checkMutationsCaught(t, readK8sCluster, tests, checkCluster)
}

// kedaClusterMetadata lists the redis-cluster scaler's metadata keys (KEDA
// v2 docs, "Redis Lists (supports Redis Cluster)").
var kedaClusterMetadata = map[string]bool{
	"addresses": true, "addressesFromEnv": true, "hosts": true, "hostsFromEnv": true, "ports": true, "portsFromEnv": true,
	"username": true, "usernameFromEnv": true, "password": true, "passwordFromEnv": true,
	"listName": true, "listLength": true, "activationListLength": true, "enableTLS": true, "unsafeSsl": true,
}

// checkCluster returns every inconsistency of the Redis Cluster setup.
func checkCluster(m *manifests) error {
	sec, sts := m.secrets["formfill"], m.statefulSets["formfill-redis-cluster"]
	if sec == nil || sts == nil {
		return errors.New("Secret formfill or StatefulSet formfill-redis-cluster missing")
	}
	conn, err := jobs.ParseRedisURL(sec.StringData["redis-url"])
	if err != nil {
		return fmt.Errorf("redis-url: %w", err)
	}
	var opt asynq.RedisClusterClientOpt
	switch c := conn.(type) {
	case asynq.RedisClusterClientOpt:
		opt = c
	case *asynq.RedisClusterClientOpt:
		opt = *c
	default:
		return fmt.Errorf("redis-url is %T, not a redis-cluster:// URL", conn)
	}
	var errs []error
	fail := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	n := int(ptrOr(sts.Spec.Replicas, 1))
	if n < 6 || n%2 != 0 {
		fail("%d Redis pods: want three masters or more, each with a replica (an even number, 6 or more)", n)
	}
	svc, want, err := podAddrs(m, sts, "redis")
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	errs = append(errs, checkSecretAddrs(sec, opt.Addrs, opt.Password, want, "nodes")...)
	errs = append(errs, checkClusterScripts(m, sts, svc.Name, n)...)
	errs = append(errs, checkRedisPassword(sts)...)
	errs = append(errs, checkKEDA(m, "redis-cluster", kedaClusterMetadata, func(string, map[string]string) []error { return nil })...)
	if pdb := m.pdbs[sts.Name]; pdb == nil || pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() != 1 ||
		pdb.Spec.Selector == nil || !labelsMatch(pdb.Spec.Selector.MatchLabels, sts.Spec.Template.Labels) {
		fail("no PodDisruptionBudget letting only one Redis pod go at a time (a master and its replica together lose their slots)")
	}
	errs = append(errs, checkBlobStore(m)...)
	errs = append(errs, checkRedisIngress(m, sts, "redis")...)
	return errors.Join(errs...)
}

var nodesVar = regexp.MustCompile(`(?m)^\s*NODES="([0-9 ]+)"$`)

// checkClusterScripts reads the scripts the pods and the create Job run:
// they name the Service the URL uses, the Job creates the cluster of every
// pod with one replica per master, and the nodes keep their data (AOF) and
// announce their stable names.
func checkClusterScripts(m *manifests, sts *appsv1.StatefulSet, svc string, n int) []error {
	cm, vars, err := redisScripts(m, sts)
	if err != nil {
		return []error{err}
	}
	var errs []error
	if vars["SVC"] != svc {
		errs = append(errs, fmt.Errorf("common.sh has SVC=%s; the URL needs %s", vars["SVC"], svc))
	}
	if nodes := nodesVar.FindStringSubmatch(cm.Data["common.sh"]); nodes == nil || len(strings.Fields(nodes[1])) != n {
		errs = append(errs, fmt.Errorf("common.sh's NODES %v are not the %d pods", nodes, n))
	}
	if !strings.Contains(cm.Data["create.sh"], "--cluster-replicas 1") {
		errs = append(errs, errors.New("create.sh does not give each master a replica (--cluster-replicas 1)"))
	}
	for _, want := range []string{"--cluster-enabled yes", "--appendonly yes", `--cluster-announce-hostname "$(hostname).${SVC}"`, "--cluster-config-file /data/"} {
		if !strings.Contains(cm.Data["redis.sh"], want) {
			errs = append(errs, fmt.Errorf("redis.sh does not start redis-server with %s", want))
		}
	}
	var created bool
	for _, j := range m.jobs {
		for _, c := range j.Spec.Template.Spec.Containers {
			created = created || strings.Join(c.Command, " ") == "sh /scripts/create.sh"
		}
	}
	if !created {
		errs = append(errs, errors.New("no Job runs create.sh: the cluster is never created"))
	}
	return errs
}
