package reliability

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/formfill/formfill/jobs"
)

// redisServer is a redis-server process of the test's own, on a free port,
// with its AOF in a temporary directory, so it can be stopped and restarted
// without disturbing the shared Redis.
type redisServer struct {
	tb       testing.TB
	port     int
	dir      string
	password string
	cmd      *exec.Cmd
}

// startRedis starts redis-server with appendonly (as deploy/ runs it), or
// skips the test when redis-server is not installed.
func startRedis(tb testing.TB, password string) *redisServer {
	tb.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		tb.Skip("redis-server: not installed")
	}
	s := &redisServer{tb: tb, port: freePort(tb), dir: tb.TempDir(), password: password}
	s.start()
	tb.Cleanup(s.kill)
	return s
}

// client returns a jobs client of s, closed when the test ends.
func (s *redisServer) client(tb testing.TB) *jobs.Client {
	tb.Helper()
	conn, err := jobs.ParseRedisURL(s.url())
	if err != nil {
		tb.Fatal(err)
	}
	c := jobs.NewClient(conn)
	tb.Cleanup(func() { c.Close() })
	return c
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// backend returns a jobs backend on the server, closed when tb ends: a
// server's view of its Redis, for tests that write its keys as an
// attacker with access to Redis would.
func (s *redisServer) backend(tb testing.TB) *jobs.Backend {
	tb.Helper()
	conn, err := jobs.ParseRedisURL(s.url())
	if err != nil {
		tb.Fatal(err)
	}
	b := jobs.NewBackend(conn)
	tb.Cleanup(func() { b.Close() })
	return b
}

func (s *redisServer) addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// url is the redis:// URL of database 0, with the password if any.
func (s *redisServer) url() string {
	if s.password != "" {
		return "redis://:" + s.password + "@" + s.addr() + "/0"
	}
	return "redis://" + s.addr() + "/0"
}

func (s *redisServer) start() {
	args := []string{"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1", "--dir", s.dir,
		"--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--loglevel", "warning"}
	if s.password != "" {
		args = append(args, "--requirepass", s.password)
	}
	s.cmd = exec.Command("redis-server", args...)
	if err := s.cmd.Start(); err != nil {
		s.tb.Fatalf("start redis-server: %v", err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if s.ping() == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.tb.Fatalf("redis-server on %s did not answer within 30s", s.addr())
}

func (s *redisServer) ping() error {
	rdb := redis.NewClient(&redis.Options{Addr: s.addr(), Password: s.password, DialTimeout: time.Second})
	defer rdb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return rdb.Ping(ctx).Err()
}

// shutdown stops Redis the way an operator restarting it does: SHUTDOWN,
// which flushes the AOF, then waits for the process to exit.
func (s *redisServer) shutdown() {
	rdb := redis.NewClient(&redis.Options{Addr: s.addr(), Password: s.password})
	rdb.Shutdown(context.Background()) // the connection drops: no reply to check
	rdb.Close()
	s.wait()
}

// kill stops Redis with SIGKILL (no AOF flush: up to a second of writes
// may be lost, by appendfsync everysec's contract).
func (s *redisServer) kill() {
	if s.cmd != nil && s.cmd.ProcessState == nil {
		s.cmd.Process.Kill()
		s.wait()
	}
}

func (s *redisServer) wait() {
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

func (s *redisServer) String() string {
	return fmt.Sprintf("redis-server %s (dir %s)", s.addr(), s.dir)
}
