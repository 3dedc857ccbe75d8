// Package s3test starts a real S3-compatible server for tests: s3rver (from
// npm, installed into .ci/s3rver by scripts/ensure-s3.sh) on 127.0.0.1, in
// a temporary directory, stopped when the test ends. Where node or s3rver is
// absent the test skips saying so, or fails when FORMFILL_REQUIRE_S3 or
// FORMFILL_REQUIRE_READERS is set (as .ci/run sets them).
package s3test

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Server is a running s3rver.
type Server struct {
	// Endpoint is its URL, http://127.0.0.1:PORT.
	Endpoint string
	// Dir is where it keeps buckets: objects are files under Dir/BUCKET.
	Dir string
}

// Env returns the AWS variables that point formfill at the server.
func (s *Server) Env() map[string]string {
	return map[string]string{
		"AWS_ENDPOINT_URL": s.Endpoint, "AWS_REGION": "us-east-1",
		"AWS_ACCESS_KEY_ID": "S3RVER", "AWS_SECRET_ACCESS_KEY": "S3RVER",
	}
}

// Getenv reads the server's AWS variables, for jobs.NewS3BlobStore.
func (s *Server) Getenv(name string) string { return s.Env()[name] }

// Start starts an s3rver for tb, or skips tb (fails it where S3 is required).
func Start(tb testing.TB) *Server {
	tb.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		unavailable(tb, "node is not installed")
	}
	script := find()
	if script == "" {
		unavailable(tb, "s3rver is not installed in .ci/s3rver nor at $FORMFILL_S3RVER (run scripts/ensure-s3.sh)")
	}
	port, err := freePort()
	if err != nil {
		tb.Fatalf("s3test: free port: %v", err)
	}
	dir := tb.TempDir()
	cmd := exec.Command(node, script, "-d", dir, "-a", "127.0.0.1", "-p", strconv.Itoa(port), "--silent")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatalf("s3test: start s3rver: %v", err)
	}
	tb.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("s3test: s3rver did not listen on %s within 60 s", addr)
		}
	}
	return &Server{Endpoint: "http://" + addr, Dir: dir}
}

func unavailable(tb testing.TB, why string) {
	tb.Helper()
	if os.Getenv("FORMFILL_REQUIRE_S3") != "" || os.Getenv("FORMFILL_REQUIRE_READERS") != "" {
		tb.Fatalf("S3 server required (FORMFILL_REQUIRE_S3/READERS) but %s", why)
	}
	tb.Skipf("skipping: no S3-compatible server: %s", why)
}

// find returns s3rver's script: $FORMFILL_S3RVER, else .ci/s3rver in the
// module root above the working directory.
func find() string {
	if p := os.Getenv("FORMFILL_S3RVER"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return ""
		}
		return p
	}
	dir, _ := os.Getwd()
	for dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, ".ci", "s3rver", "node_modules", "s3rver", "bin", "s3rver.js")
			if _, err := os.Stat(p); err == nil {
				return p
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return ""
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("listen: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
