package reliability

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/syncbuf"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

const (
	redisPassword = "rel-S3cret-7f3a9c"
	wrongPassword = "rel-Wr0ng-b41d2e"
)

// TestRedisPasswordNeverLogged runs a client and a worker against a
// password-protected redis-server, logging at debug level, through a good
// job, a bad one and a Redis outage; then a client with a wrong password.
// Neither password may appear in any log line or error.
func TestRedisPasswordNeverLogged(t *testing.T) {
	rs := startRedis(t, redisPassword)
	conn, err := jobs.ParseRedisURL(rs.url())
	if err != nil {
		t.Fatal(err)
	}
	var logs syncbuf.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	w, err := worker.New(conn, worker.Concurrency(1), worker.Logger(log))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	c := jobs.NewClient(conn)
	defer c.Close()
	ctx := context.Background()
	var errs []string
	for _, doc := range [][]byte{fixtures.TwoColumn(), fixtures.WrongMagic()} {
		id, err := c.PutBlob(ctx, doc)
		if err != nil {
			t.Fatal(err)
		}
		jid, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, DocID: id, FileType: formats.Word})
		if err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		st, err := jobstest.Settled(wctx, c, jid, 50*time.Millisecond)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		errs = append(errs, errMsg(st), st.LastError)
	}
	// An outage: the worker and client hit connection errors and log them.
	rs.kill()
	_, err = c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: "x", FileType: formats.Word})
	errs = append(errs, errString(err))
	time.Sleep(2 * time.Second)
	rs.start()
	w.Shutdown()

	// A wrong password: the error must say authentication failed, without it.
	bad, err := jobs.ParseRedisURL(strings.Replace(rs.url(), redisPassword, wrongPassword, 1))
	if err != nil {
		t.Fatal(err)
	}
	bc := jobs.NewClient(bad)
	defer bc.Close()
	_, subErr := bc.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: "x", FileType: formats.Word})
	pingErr := bc.Ping(ctx)
	_, urlErr := jobs.ParseRedisURL("redis://:" + redisPassword + "@[::1/0")
	errs = append(errs, errString(subErr), errString(pingErr), errString(urlErr))
	t.Logf("wrong password: submit: %v; ping: %v; bad URL: %v", subErr, pingErr, urlErr)
	if subErr == nil || !strings.Contains(strings.ToLower(subErr.Error()), "pass") && !strings.Contains(strings.ToUpper(subErr.Error()), "AUTH") {
		t.Errorf("submit with a wrong password: %v, want an error saying authentication failed", subErr)
	}

	all := logs.String() + "\n" + strings.Join(errs, "\n")
	t.Logf("checked %d bytes of logs and %d errors", len(logs.String()), len(errs))
	for _, p := range []string{redisPassword, wrongPassword} {
		if strings.Contains(all, p) {
			i := strings.Index(all, p)
			t.Errorf("password %q leaked: …%s…", p, all[max(0, i-200):min(len(all), i+100)])
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestRedisPasswordNeverInProcessOutput runs `formfill worker` and
// `formfill submit` processes with the password in their Redis URL, both
// the right one (and a Redis outage) and a wrong one, and greps everything
// they print, go-redis's own stderr logging included.
func TestRedisPasswordNeverInProcessOutput(t *testing.T) {
	bin := formfillBinary(t)
	rs := startRedis(t, redisPassword)
	doc := filepath.Join(t.TempDir(), "form.docx")
	if err := os.WriteFile(doc, fixtures.TwoColumn(), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	run := func(url string, args ...string) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+url)
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Run()
	}
	good := rs.url()
	bad := strings.Replace(good, redisPassword, wrongPassword, 1)

	worker := exec.Command(bin, "worker", "--concurrency", "1")
	worker.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+good)
	var wout syncbuf.Buffer
	worker.Stdout, worker.Stderr = &wout, &wout
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	run(good, "submit", "extract_compact", doc)
	run(bad, "submit", "extract_compact", doc)
	run(bad, "queues")
	time.Sleep(time.Second)
	rs.kill() // the worker now logs its reconnect attempts
	time.Sleep(3 * time.Second)
	rs.start()
	time.Sleep(time.Second)
	worker.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- worker.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		worker.Process.Kill()
		<-done
	}
	badWorker := exec.Command(bin, "worker")
	badWorker.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+bad)
	badWorker.Stdout, badWorker.Stderr = &out, &out
	badWorker.Start()
	time.Sleep(3 * time.Second)
	badWorker.Process.Kill()
	badWorker.Wait()

	all := out.String() + wout.String()
	t.Logf("checked %d bytes of process output; sample:\n%s", len(all), head(all, 1500))
	if !strings.Contains(all, "b-") && !strings.Contains(all, "i-") {
		t.Errorf("the good submit printed no job ID: the test did not exercise the path")
	}
	for _, p := range []string{redisPassword, wrongPassword} {
		if i := strings.Index(all, p); i >= 0 {
			t.Errorf("password %q leaked: …%s…", p, all[max(0, i-200):min(len(all), i+100)])
		}
	}
}

func head(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
