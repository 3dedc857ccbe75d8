package main

import (
	"bytes"
	"context"
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
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/internal/syncbuf"
)

// bin is the formfill binary built once for every test.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "formfill-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "formfill")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what a formfill process left behind.
type result struct {
	stdout, stderr string
	code           int
}

// cli runs the binary with args; env entries are added to a clean
// environment without FORMFILL_REDIS_URL, so the embedded default applies
// unless a test sets it.
func cli(t *testing.T, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(cleanEnv(), env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatalf("formfill %v: %v", args, err)
	}
	return r
}

func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FORMFILL_") {
			out = append(out, kv)
		}
	}
	return out
}

// fixture is one document and the answers the tests write into it.
type fixture struct {
	name    string
	build   func() []byte
	answers []formats.Answer
}

var fixtureDocs = []fixture{
	{"two_column.docx", fixtures.TwoColumn, []formats.Answer{
		{PairID: "T1-R2-C2", AnswerText: "Acme Widgets Ltd", Confidence: formats.Known},
		{PairID: "T1-R3-C2", AnswerText: "1 Harbour Road, Leith"}}},
	{"vendor_assessment.xlsx", fixtures.ExcelVendorAssessment, []formats.Answer{
		{PairID: "S1-R3-C4", AnswerText: "AES-256 at rest", Confidence: formats.Known}}},
	{"form.pdf", fixtures.PDFForm, []formats.Answer{
		{PairID: "F1", AnswerText: "Ada Lovelace", Confidence: formats.Known}}},
}

// writeFixture writes the fixture and its answers file into dir and
// returns their paths.
func writeFixture(t *testing.T, dir string, f fixture) (doc, answers string) {
	t.Helper()
	doc = filepath.Join(dir, f.name)
	answers = doc + ".answers.json"
	writeFile(t, doc, f.build())
	writeJSONFile(t, answers, f.answers)
	return doc, answers
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, data)
}

// redisEnv flushes db of the test Redis and returns the environment that
// points formfill at it (skipping the test when no Redis answers).
func redisEnv(t *testing.T, db int) []string {
	t.Helper()
	redistest.Conn(t, db)
	return []string{"FORMFILL_REDIS_URL=" + redistest.URL(db)}
}

// proc is a formfill process running in the background.
type proc struct {
	cmd  *exec.Cmd
	log  *syncbuf.Buffer
	done chan error
}

// startWorker starts `formfill worker` against env's Redis; it is killed
// at the end of the test if still running.
func startWorker(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"worker"}, args...)...)
	cmd.Env = append(append(cleanEnv(), env...), "FORMFILL_LOG_LEVEL=info")
	p := &proc{cmd: cmd, log: &syncbuf.Buffer{}, done: make(chan error, 1)}
	cmd.Stdout, cmd.Stderr = p.log, p.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start worker: %v", err)
	}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// stop sends sig and waits for the process to exit.
func (p *proc) stop(t *testing.T, sig syscall.Signal, within time.Duration) error {
	t.Helper()
	p.cmd.Process.Signal(sig)
	select {
	case err := <-p.done:
		p.done <- err
		return err
	case <-time.After(within):
		t.Fatalf("worker did not exit within %s after %v; log:\n%s", within, sig, p.log.String())
	}
	return nil
}

// jobsFinished counts, per job ID, how often the worker log says a job
// finished with outcome completed.
func jobsFinished(logs ...string) map[string]int {
	out := map[string]int{}
	for _, l := range logs {
		for _, line := range strings.Split(l, "\n") {
			if !strings.Contains(line, `msg="job finished"`) || !strings.Contains(line, "outcome=completed") {
				continue
			}
			for _, f := range strings.Fields(line) {
				if id, ok := strings.CutPrefix(f, "job_id="); ok {
					out[id]++
				}
			}
		}
	}
	return out
}
