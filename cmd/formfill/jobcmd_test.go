package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/jobs"
)

// jobCommands drives submit → status → wait → result -o → queues against
// env's Redis, whose worker must be running.
func jobCommands(t *testing.T, env []string) {
	dir := t.TempDir()
	f := fixtureDocs[1]
	doc, answers := writeFixture(t, dir, f)
	sub := cli(t, env, "submit", "fill", doc, "--answers", answers, "--queue", "bulk", "--key", "cli-test-"+t.Name())
	id := strings.TrimSpace(sub.stdout)
	if sub.code != 0 || !strings.HasPrefix(id, "b-") {
		t.Fatalf("submit: exit %d, stdout %q, stderr %s", sub.code, sub.stdout, sub.stderr)
	}
	again := cli(t, env, "submit", "fill", doc, "--answers", answers, "--queue", "bulk", "--key", "cli-test-"+t.Name())
	if strings.TrimSpace(again.stdout) != id {
		t.Fatalf("the same --key gave job %q, then %q", id, again.stdout)
	}
	w := cli(t, env, "wait", id, "--timeout", "1m", "--json")
	var st jobs.Status
	if w.code != 0 || json.Unmarshal([]byte(w.stdout), &st) != nil || st.State != jobs.StateCompleted {
		t.Fatalf("wait: exit %d %s %s", w.code, w.stdout, w.stderr)
	}
	if s := cli(t, env, "status", id); s.code != 0 || !strings.Contains(s.stdout, "completed") {
		t.Fatalf("status: exit %d %s %s", s.code, s.stdout, s.stderr)
	}
	out := filepath.Join(dir, "result.xlsx")
	if r := cli(t, env, "result", id, "-o", out); r.code != 0 || !strings.Contains(r.stdout, "1/1 answers matched") {
		t.Fatalf("result: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	if text := cli(t, env, "extract", out, "--mode", "text"); !strings.Contains(text.stdout, f.answers[0].AnswerText) {
		t.Fatalf("result -o wrote a document without the answer: %s %s", text.stdout, text.stderr)
	}
	if q := cli(t, env, "queues"); q.code != 0 || !strings.Contains(q.stdout, "bulk") || !strings.Contains(q.stdout, "interactive") {
		t.Fatalf("queues: exit %d %s %s", q.code, q.stdout, q.stderr)
	}
	if c := cli(t, env, "cancel", id); c.code != exitFailure || !strings.Contains(c.stderr, "already completed") {
		t.Fatalf("cancel of a finished job: exit %d %s", c.code, c.stderr)
	}
	if s := cli(t, env, "status", "b-doesnotexist"); s.code != exitFailure || !strings.Contains(s.stderr, "not found") {
		t.Fatalf("status of an unknown job: exit %d %s", s.code, s.stderr)
	}
}

func TestJobCommandsAgainstRedisAndAWorker(t *testing.T) {
	env := redisEnv(t, 13)
	startWorker(t, env, "--concurrency", "2")
	jobCommands(t, env)
}

func TestServeGivesClientsAURLThatOutlivesThem(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--concurrency", "2")
	cmd.Env = cleanEnv()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	url := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, v, ok := strings.Cut(sc.Text(), "FORMFILL_REDIS_URL="); ok {
				url <- v
			}
		}
	}()
	select {
	case u := <-url:
		pw, host, ok := strings.Cut(strings.TrimPrefix(u, "redis://:"), "@")
		if !ok || host != addr || len(pw) < 20 {
			t.Fatalf("serve printed %q, want redis://:<password>@%s", u, addr)
		}
		// The embedded Redis refuses clients without its password.
		noPassword := cli(t, []string{"FORMFILL_REDIS_URL=redis://" + addr}, "queues")
		if noPassword.code == 0 || !strings.Contains(noPassword.stderr, "refused the credentials") {
			t.Fatalf("queues without the password: exit %d, %s", noPassword.code, noPassword.stderr)
		}
		jobCommands(t, []string{"FORMFILL_REDIS_URL=" + u})
	case <-time.After(30 * time.Second):
		t.Fatal("serve printed no URL within 30 s")
	}
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after SIGINT: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGINT")
	}
}

func TestWorkerMetricsAndHealth(t *testing.T) {
	env := redisEnv(t, 13)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	w := startWorker(t, env, "--concurrency", "1", "--metrics", addr)
	fillAndCheck(t, env, fixtureDocs[0])
	var health, metrics string
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && (health == "" || metrics == "") {
		health, metrics = httpGet("http://"+addr+"/healthz"), httpGet("http://"+addr+"/metrics")
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(health, "ok") {
		t.Fatalf("/healthz = %q; worker log:\n%s", health, w.log.String())
	}
	for _, want := range []string{`formfill_jobs_total{kind="fill",outcome="completed"} 1`, `formfill_queue_jobs{queue="interactive"`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, metrics)
		}
	}
}

func httpGet(url string) string {
	resp, err := http.Get(url)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
