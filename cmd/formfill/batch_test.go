package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/batch"
	"github.com/formfill/formfill/internal/syncbuf"
)

// writeManifest writes n documents cycling through the fixtures, each with
// its own answer text (so each is distinct work), half with inline answers
// and half with an answers file, and returns the manifest path.
func writeManifest(t *testing.T, dir string, n int) string {
	t.Helper()
	var lines []string
	for i := range n {
		f := fixtureDocs[i%len(fixtureDocs)]
		doc := filepath.Join(dir, fmt.Sprintf("doc%02d-%s", i, f.name))
		writeFile(t, doc, f.build())
		answers := []formats.Answer{{PairID: f.answers[0].PairID, AnswerText: fmt.Sprintf("Answer number %d", i)}}
		entry := map[string]any{"file": filepath.Base(doc)}
		if i%2 == 0 {
			entry["answers"] = answers
		} else {
			p := doc + ".answers.json"
			writeJSONFile(t, p, answers)
			entry["answers"] = filepath.Base(p)
		}
		line, _ := json.Marshal(entry)
		lines = append(lines, string(line))
	}
	m := filepath.Join(dir, "manifest.jsonl")
	writeFile(t, m, []byte("# a comment line\n"+strings.Join(lines, "\n")+"\n"))
	return m
}

func runBatchJSON(t *testing.T, env []string, args ...string) (batchSummary, result) {
	t.Helper()
	r := cli(t, env, append([]string{"batch", "--json"}, args...)...)
	var s batchSummary
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatalf("batch --json: %v\nstdout %s\nstderr %s", err, r.stdout, r.stderr)
	}
	return s, r
}

func TestBatchRerunSubmitsNothingAndResumesWhatIsMissing(t *testing.T) {
	env := redisEnv(t, 13)
	startWorker(t, env, "--concurrency", "4")
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 20)
	out := filepath.Join(dir, "out")

	s, r := runBatchJSON(t, env, manifest, "--out-dir", out, "--concurrency", "8", "--group", "1")
	if r.code != 0 || s.Done != 20 || s.Submitted != 20 || s.Failed != 0 {
		t.Fatalf("first run: exit %d, %+v\n%s", r.code, s, r.stderr)
	}
	for _, d := range s.Documents {
		if _, err := os.Stat(d.Output); err != nil {
			t.Fatalf("output of %s: %v", d.File, err)
		}
	}
	firstJob := s.Documents[3].JobID

	s, r = runBatchJSON(t, env, manifest, "--out-dir", out, "--group", "1")
	if r.code != 0 || s.Skipped != 20 || s.Submitted != 0 || s.Done != 0 {
		t.Fatalf("rerun: exit %d, want 20 skipped and nothing submitted: %+v", r.code, s)
	}

	// An output lost after the run is redone; its job is found in Redis by
	// its idempotency key, not run again.
	os.Remove(s.Documents[3].Output)
	s, r = runBatchJSON(t, env, manifest, "--out-dir", out, "--group", "1")
	if r.code != 0 || s.Skipped != 19 || s.Done != 1 || s.Documents[3].JobID != firstJob {
		t.Fatalf("rerun after losing one output: exit %d %+v (job %s, first %s)", r.code, s, s.Documents[3].JobID, firstJob)
	}
	if got := jobsFinished(r.stderr); len(got) != 0 {
		t.Fatalf("unexpected worker lines in batch output: %v", got)
	}
}

func TestBatchFailureExitsOneNamingTheDocument(t *testing.T) {
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 3)
	corrupt := filepath.Join(dir, "broken.docx")
	writeFile(t, corrupt, []byte("PK\x03\x04 not really a zip"))
	missing := filepath.Join(dir, "missing.xlsx")
	f, _ := os.OpenFile(manifest, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprintf(f, `{"file": %q, "answers": [{"pair_id": "T1-R2-C2", "answer_text": "x"}]}`+"\n", corrupt)
	fmt.Fprintf(f, `{"file": %q, "answers": [{"pair_id": "S1-R3-C3", "answer_text": "Yes"}]}`+"\n", missing)
	f.Close()

	r := cli(t, nil, "batch", manifest, "--out-dir", filepath.Join(dir, "out"))
	if r.code != exitFailure {
		t.Fatalf("exit %d, want 1\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "3 done, 2 failed") {
		t.Errorf("summary: %s", r.stdout)
	}
	for _, want := range []string{"broken.docx", "missing.xlsx", "no such file"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

// Ctrl-C in the middle of a batch, then the same command again: every
// document ends up done, and no job runs twice (jobs that finished in Redis
// while the CLI was gone are collected by their idempotency key), whether
// documents go one to a job or in groups.
func TestBatchInterruptedThenRerunLosesAndRepeatsNothing(t *testing.T) {
	for _, group := range []string{"1", "4"} {
		t.Run("group="+group, func(t *testing.T) { interruptThenRerun(t, group) })
	}
}

func interruptThenRerun(t *testing.T, group string) {
	env := redisEnv(t, 13)
	w := startWorker(t, env, "--concurrency", "1")
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 30)
	out := filepath.Join(dir, "out")

	cmd := exec.Command(bin, "batch", manifest, "--out-dir", out, "--concurrency", "4", "--group", group, "--quiet")
	cmd.Env = append(cleanEnv(), env...)
	var stderr syncbuf.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	state := filepath.Join(out, batch.StateFileName)
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if data, _ := os.ReadFile(state); bytes.Count(data, []byte("\n")) >= 5 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitFailure || !strings.Contains(stderr.String(), "rerun the same command to resume") {
		t.Fatalf("interrupted batch: %v\n%s", err, stderr.String())
	}

	s, r := runBatchJSON(t, env, manifest, "--out-dir", out, "--group", group)
	if r.code != 0 || s.Done+s.Skipped != 30 || s.Skipped < 5 || s.Skipped == 30 {
		t.Fatalf("rerun: exit %d, %d done + %d skipped, want 30 with some of each\n%s", r.code, s.Done, s.Skipped, r.stderr)
	}
	w.stop(t, syscall.SIGTERM, 30*time.Second)
	runs := jobsFinished(w.log.String())
	for _, d := range s.Documents {
		if runs[d.JobID] != 1 {
			t.Errorf("%s: job %s ran %d times", d.File, d.JobID, runs[d.JobID])
		}
	}
	t.Logf("interrupted after %d documents; the rerun skipped %d and submitted %d", s.Skipped, s.Skipped, s.Submitted)
}
