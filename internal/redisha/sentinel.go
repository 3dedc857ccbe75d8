package redisha

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Sentinel is a master, its replica and three sentinels watching them.
type Sentinel struct {
	tb        testing.TB
	Data      []*Server // the master at start, then its replica
	Sentinels []*Server
}

// StartSentinel starts a master and a replica on slot's data ports and
// three sentinels on its sentinel ports, and waits until the replica is in
// sync and every sentinel knows the replica and the other sentinels, so a
// failover can begin at once. Both data nodes run with
// min-replicas-to-write 1, as SCALING.md advises: a master cut off from its
// replica refuses writes instead of accepting ones a failover would lose.
func StartSentinel(tb testing.TB, slot int) *Sentinel {
	tb.Helper()
	require(tb)
	data, sent := ports(slot, 0, 2), ports(slot, 20000, 3)
	common := []string{"--requirepass", Password, "--masterauth", Password,
		"--min-replicas-to-write", "1", "--min-replicas-max-lag", "10"}
	s := &Sentinel{tb: tb}
	s.Data = append(s.Data, start(tb, data[0], common...))
	s.Data = append(s.Data, start(tb, data[1], append(common, "--replicaof", "127.0.0.1", strconv.Itoa(data[0]))...))
	waitFor(tb, 15*time.Second, "replica in sync", func() error {
		v, err := infoField(s.Data[1].Addr(), Password, "replication", "master_link_status")
		if err == nil && v != "up" {
			err = fmt.Errorf("master_link_status %s", v)
		}
		return err
	})
	for _, p := range sent {
		s.Sentinels = append(s.Sentinels, startSentinel(tb, p, data[0]))
	}
	waitFor(tb, 30*time.Second, "sentinels ready", s.ready)
	return s
}

// startSentinel runs redis-server --sentinel on port, watching the master
// on masterPort. Sentinels rewrite their configuration file, so each has
// its own in its directory.
func startSentinel(tb testing.TB, port, masterPort int) *Server {
	dir := tb.TempDir()
	conf := filepath.Join(dir, "sentinel.conf")
	text := fmt.Sprintf(`port %d
bind 127.0.0.1
dir %s
sentinel monitor %s 127.0.0.1 %d 2
sentinel auth-pass %s %s
sentinel down-after-milliseconds %s 1000
sentinel failover-timeout %s 10000
sentinel parallel-syncs %s 1
`, port, dir, MasterName, masterPort, MasterName, Password, MasterName, MasterName, MasterName)
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		tb.Fatal(err)
	}
	s := &Server{Port: port, dir: dir, tb: tb, args: []string{conf, "--sentinel", "--loglevel", "notice", "--logfile", filepath.Join(dir, "log")}}
	s.run()
	tb.Cleanup(s.Kill)
	return s
}

// ready reports whether every sentinel knows the replica and the two other
// sentinels.
func (s *Sentinel) ready() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for _, sn := range s.Sentinels {
		c := client(sn.Addr(), "")
		replicas, err := c.Do(ctx, "SENTINEL", "REPLICAS", MasterName).Slice()
		if err == nil && len(replicas) < 1 {
			err = fmt.Errorf("sentinel %s knows no replica yet", sn.Addr())
		}
		if err == nil {
			var others []any
			others, err = c.Do(ctx, "SENTINEL", "SENTINELS", MasterName).Slice()
			if err == nil && len(others) < len(s.Sentinels)-1 {
				err = fmt.Errorf("sentinel %s knows %d other sentinels", sn.Addr(), len(others))
			}
		}
		c.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// URL is the redis-sentinel:// URL of database db.
func (s *Sentinel) URL(db int) string {
	addrs := make([]string, len(s.Sentinels))
	for i, sn := range s.Sentinels {
		addrs[i] = sn.Addr()
	}
	return "redis-sentinel://:" + Password + "@" + strings.Join(addrs, ",") + "/" + MasterName + "/" + strconv.Itoa(db)
}

// Master returns the master's address as the first sentinel reports it.
func (s *Sentinel) Master() (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	c := client(s.Sentinels[0].Addr(), "")
	defer c.Close()
	addr, err := c.Do(ctx, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MasterName).StringSlice()
	if err != nil {
		return "", fmt.Errorf("sentinel %s: master of %s: %w", s.Sentinels[0].Addr(), MasterName, err)
	}
	if len(addr) != 2 {
		return "", fmt.Errorf("sentinel %s: master of %s: got %q, want host and port", s.Sentinels[0].Addr(), MasterName, addr)
	}
	return addr[0] + ":" + addr[1], nil
}

// Failover asks a sentinel to fail the master over to its replica (SENTINEL
// FAILOVER, what an operator does before maintenance) and waits until the
// sentinels name the new master and it accepts writes (it needs the old
// master back as its replica: min-replicas-to-write). It returns the old
// and the new master's address.
func (s *Sentinel) Failover(ctx context.Context) (from, to string, err error) {
	if from, err = s.Master(); err != nil {
		return "", "", err
	}
	c := client(s.Sentinels[0].Addr(), "")
	err = c.Do(ctx, "SENTINEL", "FAILOVER", MasterName).Err()
	c.Close()
	if err != nil {
		return from, "", fmt.Errorf("SENTINEL FAILOVER: %w", err)
	}
	for ctx.Err() == nil {
		if to, err = s.Master(); err == nil && to != from && s.writable(ctx, to) == nil {
			return from, to, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return from, to, fmt.Errorf("failover from %s: %w", from, ctx.Err())
}

// writable checks that the master at addr accepts a write.
func (s *Sentinel) writable(ctx context.Context, addr string) error {
	c := client(addr, Password)
	defer c.Close()
	return c.Set(ctx, "formfill:test:failover-probe", "1", time.Minute).Err()
}
