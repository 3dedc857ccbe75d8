package redisha

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// clusterOffset places cluster nodes after the Sentinel data ports of the
// slots (the brief reserves 7400–7410 with the default base 6400).
const clusterOffset = 1000

// Cluster is a Redis Cluster of three masters, each serving a third of the
// hash slots.
type Cluster struct {
	Nodes []*Server
}

// StartCluster starts three cluster-enabled redis-server processes on
// slot's cluster ports and joins them as redis-cli --cluster create does:
// distinct config epochs, a third of the 16384 slots each, CLUSTER MEET;
// then waits until every node says cluster_state:ok.
func StartCluster(tb testing.TB, slot int) *Cluster {
	tb.Helper()
	require(tb)
	cl := &Cluster{}
	for _, p := range ports(slot, clusterOffset, 3) {
		cl.Nodes = append(cl.Nodes, start(tb, p, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
			"--cluster-node-timeout", "2000", "--requirepass", Password, "--masterauth", Password))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i, n := range cl.Nodes {
		waitFor(tb, 10*time.Second, "node "+n.Addr()+" up", func() error { return ping(n.Addr()) })
		c := client(n.Addr(), Password)
		lo, hi := i*16384/3, (i+1)*16384/3-1
		err := c.Do(ctx, "CLUSTER", "SET-CONFIG-EPOCH", i+1).Err()
		if err == nil {
			err = c.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", lo, hi).Err()
		}
		if err == nil && i > 0 {
			err = c.Do(ctx, "CLUSTER", "MEET", "127.0.0.1", cl.Nodes[0].Port).Err()
		}
		c.Close()
		if err != nil {
			tb.Fatalf("cluster node %s: %v\n%s", n.Addr(), err, n.Log())
		}
	}
	for _, n := range cl.Nodes {
		waitFor(tb, 30*time.Second, "cluster state ok at "+n.Addr(), func() error {
			state, err := infoCluster(n.Addr())
			if err == nil && (!strings.Contains(state, "cluster_state:ok") || !strings.Contains(state, "cluster_known_nodes:3")) {
				err = fmt.Errorf("%s", strings.ReplaceAll(strings.TrimSpace(state), "\r\n", " "))
			}
			return err
		})
	}
	return cl
}

// URL is the cluster's redis-cluster:// URL.
func (cl *Cluster) URL() string {
	addrs := make([]string, len(cl.Nodes))
	for i, n := range cl.Nodes {
		addrs[i] = n.Addr()
	}
	return "redis-cluster://:" + Password + "@" + strings.Join(addrs, ",")
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
