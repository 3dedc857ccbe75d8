package redisha

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// clusterOffset places cluster nodes after the Sentinel data ports of the
// slots (the brief reserves 7400–7410 with the default base 6400), and
// replicaOffset their replicas after them.
const (
	clusterOffset = 1000
	replicaOffset = 2000
)

// Cluster is a Redis Cluster of three masters, each serving a third of the
// hash slots, and, from StartClusterWithReplicas, a replica of each.
type Cluster struct {
	Nodes    []*Server // the masters at start
	Replicas []*Server // Replicas[i] replicates Nodes[i] at start
}

// StartCluster starts three cluster-enabled redis-server processes on
// slot's cluster ports and joins them as redis-cli --cluster create does:
// distinct config epochs, a third of the 16384 slots each, CLUSTER MEET;
// then waits until every node says cluster_state:ok.
func StartCluster(tb testing.TB, slot int) *Cluster {
	tb.Helper()
	return startCluster(tb, slot, false)
}

// StartClusterWithReplicas is StartCluster with a replica of each master
// on slot's replica ports, so that a master killed (KillMasterOf) is
// replaced by its replica, as in a production cluster.
func StartClusterWithReplicas(tb testing.TB, slot int) *Cluster {
	tb.Helper()
	return startCluster(tb, slot, true)
}

func startCluster(tb testing.TB, slot int, replicas bool) *Cluster {
	tb.Helper()
	require(tb)
	cl := &Cluster{}
	for _, p := range ports(slot, clusterOffset, 3) {
		cl.Nodes = append(cl.Nodes, startClusterNode(tb, p))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i, n := range cl.Nodes {
		lo, hi := i*16384/3, (i+1)*16384/3-1
		cl.join(ctx, tb, n, "CLUSTER", "SET-CONFIG-EPOCH", i+1)
		cl.join(ctx, tb, n, "CLUSTER", "ADDSLOTSRANGE", lo, hi)
		if i > 0 {
			cl.join(ctx, tb, n, "CLUSTER", "MEET", "127.0.0.1", cl.Nodes[0].Port)
		}
	}
	if replicas {
		for i, p := range ports(slot, replicaOffset, 3) {
			r := startClusterNode(tb, p)
			cl.Replicas = append(cl.Replicas, r)
			cl.join(ctx, tb, r, "CLUSTER", "MEET", "127.0.0.1", cl.Nodes[0].Port)
			master := nodeID(ctx, tb, cl.Nodes[i])
			// The replica can follow the master only once gossip has told
			// it of the master.
			rc := client(r.Addr(), Password)
			waitFor(tb, 30*time.Second, "replica "+r.Addr()+" of "+cl.Nodes[i].Addr(), func() error {
				return rc.Do(ctx, "CLUSTER", "REPLICATE", master).Err()
			})
			rc.Close()
		}
	}
	cl.waitHealthy(tb, 30*time.Second)
	return cl
}

// startClusterNode starts one cluster-enabled node once its port answers.
func startClusterNode(tb testing.TB, port int) *Server {
	n := start(tb, port, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
		"--cluster-node-timeout", "2000", "--requirepass", Password, "--masterauth", Password)
	waitFor(tb, 10*time.Second, "node "+n.Addr()+" up", func() error { return ping(n.Addr()) })
	return n
}

// join sends one cluster set-up command to n, failing tb if it fails.
func (cl *Cluster) join(ctx context.Context, tb testing.TB, n *Server, args ...any) {
	tb.Helper()
	c := client(n.Addr(), Password)
	defer c.Close()
	if err := c.Do(ctx, args...).Err(); err != nil {
		tb.Fatalf("cluster node %s: %v: %v\n%s", n.Addr(), args, err, n.Log())
	}
}

// live is every node the cluster started that is still running.
func (cl *Cluster) live() []*Server {
	var out []*Server
	for _, n := range append(append([]*Server{}, cl.Nodes...), cl.Replicas...) {
		if n.cmd.ProcessState == nil {
			out = append(out, n)
		}
	}
	return out
}

// waitHealthy waits until every live node says cluster_state:ok, knows
// every node started, and each replica's link to its master is up.
func (cl *Cluster) waitHealthy(tb testing.TB, d time.Duration) {
	tb.Helper()
	known := fmt.Sprintf("cluster_known_nodes:%d", len(cl.Nodes)+len(cl.Replicas))
	for _, n := range cl.live() {
		waitFor(tb, d, "cluster state ok at "+n.Addr(), func() error {
			state, err := infoCluster(n.Addr())
			if err == nil && (!strings.Contains(state, "cluster_state:ok") || !strings.Contains(state, known)) {
				err = fmt.Errorf("%s", strings.ReplaceAll(strings.TrimSpace(state), "\r\n", " "))
			}
			return err
		})
	}
	for _, r := range cl.Replicas {
		waitFor(tb, d, "replica "+r.Addr()+" in sync", func() error {
			v, err := infoField(r.Addr(), Password, "replication", "master_link_status")
			if err == nil && v != "up" {
				err = fmt.Errorf("master_link_status %s", v)
			}
			return err
		})
	}
}

// URL is the cluster's redis-cluster:// URL, naming every node started.
func (cl *Cluster) URL() string {
	var addrs []string
	for _, n := range append(append([]*Server{}, cl.Nodes...), cl.Replicas...) {
		addrs = append(addrs, n.Addr())
	}
	return "redis-cluster://:" + Password + "@" + strings.Join(addrs, ",")
}

// KillMasterOf kills (SIGKILL, as a crash) the master serving key's hash
// slot and waits until a replica has taken its slots over and the cluster
// is ok again on the survivors. It returns the killed and the new master's
// address. It needs StartClusterWithReplicas: without a replica the slots
// stay down.
func (cl *Cluster) KillMasterOf(ctx context.Context, key string) (from, to string, err error) {
	probe := cl.live()[0]
	c := client(probe.Addr(), Password)
	slot, err := c.ClusterKeySlot(ctx, key).Result()
	c.Close()
	if err != nil {
		return "", "", fmt.Errorf("CLUSTER KEYSLOT %s: %w", key, err)
	}
	if from, err = slotOwner(ctx, probe.Addr(), slot); err != nil {
		return "", "", err
	}
	var victim *Server
	for _, n := range cl.live() {
		if n.Addr() == from {
			victim = n
		}
	}
	if victim == nil {
		return from, "", fmt.Errorf("master %s of slot %d is not a node the test started", from, slot)
	}
	victim.Kill()
	for ctx.Err() == nil {
		survivor := cl.live()[0]
		to, err = slotOwner(ctx, survivor.Addr(), slot)
		if err == nil && to != from {
			if state, ierr := infoCluster(to); ierr == nil && strings.Contains(state, "cluster_state:ok") {
				return from, to, nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return from, to, fmt.Errorf("no replica took over slot %d from %s: %w", slot, from, ctx.Err())
}

// slotOwner is the address of the master serving slot, as the node at
// addr sees the cluster.
func slotOwner(ctx context.Context, addr string, slot int64) (string, error) {
	c := client(addr, Password)
	defer c.Close()
	ranges, err := c.ClusterSlots(ctx).Result()
	if err != nil {
		return "", fmt.Errorf("CLUSTER SLOTS at %s: %w", addr, err)
	}
	for _, r := range ranges {
		if int64(r.Start) <= slot && slot <= int64(r.End) && len(r.Nodes) > 0 {
			return r.Nodes[0].Addr, nil
		}
	}
	return "", fmt.Errorf("CLUSTER SLOTS at %s: slot %d unserved", addr, slot)
}

// nodeID is the cluster node ID of n.
func nodeID(ctx context.Context, tb testing.TB, n *Server) string {
	tb.Helper()
	c := client(n.Addr(), Password)
	defer c.Close()
	id, err := c.Do(ctx, "CLUSTER", "MYID").Text()
	if err != nil {
		tb.Fatalf("CLUSTER MYID at %s: %v", n.Addr(), err)
	}
	return id
}

func ping(addr string) error {
	c := client(addr, Password)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return c.Ping(ctx).Err()
}

func infoCluster(addr string) (string, error) {
	c := client(addr, Password)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return c.ClusterInfo(ctx).Result()
}
