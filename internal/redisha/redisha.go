// Package redisha starts highly available Redis deployments for tests, out of
// real redis-server processes: a master, a replica and three sentinels
// (redis-server --sentinel), or a Redis Cluster of three masters (with a
// replica each, if asked). Tests skip, saying why, where redis-server is not
// installed, and fail instead when FORMFILL_REQUIRE_REDIS is set (as CI sets
// it; scripts/ensure-redis.sh installs it).
//
// Ports: each test package passes its own Slot, so packages running in
// parallel never share a server. Slot n uses the data ports Base+4n … and
// the sentinel ports Base+20000+4n …, with Base 6400 unless
// FORMFILL_TEST_HA_BASE says otherwise; cluster masters use Base+1000+4n …,
// their replicas Base+2000+4n …, and a cluster node on port p also listens
// on p+10000 for the cluster bus.
package redisha

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Password is the password of every data node the package starts, as
// deploy/ runs Redis with one.
const Password = "ha-s3cret"

// MasterName is the name the sentinels know the master by.
const MasterName = "formfill"

// base is the first port of slot 0.
func base() int {
	if v, err := strconv.Atoi(os.Getenv("FORMFILL_TEST_HA_BASE")); err == nil && v > 0 {
		return v
	}
	return 6400
}

// ports returns n consecutive data ports of slot (n ≤ 4).
func ports(slot, offset, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = base() + offset + 4*slot + i
	}
	return out
}

// require skips tb, or fails it under FORMFILL_REQUIRE_REDIS, when
// redis-server is not installed.
func require(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		msg := "redis-server not installed (scripts/ensure-redis.sh installs it): the Sentinel and Cluster tests need real servers"
		if os.Getenv("FORMFILL_REQUIRE_REDIS") != "" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
}

// Server is one redis-server process.
type Server struct {
	Port int
	dir  string
	args []string
	cmd  *exec.Cmd
	tb   testing.TB
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.Port) }

func start(tb testing.TB, port int, extra ...string) *Server {
	tb.Helper()
	if l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err != nil {
		tb.Fatalf("port %d is taken (another test package on the same slot, or a stray server): %v", port, err)
	} else {
		l.Close()
	}
	s := &Server{Port: port, dir: tb.TempDir(), tb: tb}
	s.args = append([]string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", s.dir,
		"--save", "", "--appendonly", "no", "--loglevel", "warning", "--logfile", filepath.Join(s.dir, "log")}, extra...)
	s.run()
	tb.Cleanup(s.Kill)
	return s
}

func (s *Server) run() {
	s.cmd = exec.Command("redis-server", s.args...)
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatalf("start redis-server on %d: %v", s.Port, err)
	}
}

// Kill stops the server with SIGKILL, as a crash would.
func (s *Server) Kill() {
	if s.cmd == nil || s.cmd.Process == nil || s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// Log is the server's log, for failure messages.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "log"))
	return string(b)
}

// client is a plain client of one server; sentinels have no password.
func client(addr, password string) *redis.Client {
	return redis.NewClient(&redis.Options{Addr: addr, Password: password, DialTimeout: time.Second, MaxRetries: -1})
}

// waitFor polls cond every 50 ms for up to d, failing tb with what cond
// said last.
func waitFor(tb testing.TB, d time.Duration, what string, cond func() error) {
	tb.Helper()
	deadline := time.Now().Add(d)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s: not within %v: %v", what, d, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// infoField reads one field of INFO section from the server at addr.
func infoField(addr, password, section, field string) (string, error) {
	c := client(addr, password)
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	info, err := c.Info(ctx, section).Result()
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), field+":"); ok {
			return v, nil
		}
	}
	return "", fmt.Errorf("INFO %s has no %s", section, field)
}
