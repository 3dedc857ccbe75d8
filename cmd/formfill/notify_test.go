package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/jobs"
)

// hooks is a webhook receiver that checks every delivery's signature.
type hooks struct {
	mu   sync.Mutex
	got  []jobs.Notification
	keys map[string]int
	bad  []string
}

func newHooks(t *testing.T, secret string) (*hooks, string) {
	h := &hooks{keys: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		defer h.mu.Unlock()
		if err := jobs.VerifyNotification([]byte(secret), r.Header.Get(jobs.HeaderTimestamp), r.Header.Get(jobs.HeaderSignature), body, time.Minute); err != nil {
			h.bad = append(h.bad, err.Error())
		}
		var n jobs.Notification
		json.Unmarshal(body, &n)
		h.got = append(h.got, n)
		h.keys[r.Header.Get(jobs.HeaderIdempotencyKey)]++
	}))
	t.Cleanup(srv.Close)
	return h, srv.URL
}

// fill --notify and batch --notify, each run without Redis: the embedded
// worker delivers, signed with FORMFILL_NOTIFY_SECRET, before the command
// exits; a batch announces each job and then itself, once.
func TestNotifyFromFillAndBatch(t *testing.T) {
	const secret = "cli-webhook-s3cret"
	h, url := newHooks(t, secret)
	// The receiver listens on loopback, which the default allowlist refuses.
	env := []string{"FORMFILL_NOTIFY_SECRET=" + secret, "FORMFILL_NOTIFY_ALLOW=127.0.0.1"}
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	if r := cli(t, env, "fill", doc, "--answers", answers, "-o", filepath.Join(dir, "out.docx"), "--notify", url); r.code != 0 {
		t.Fatalf("fill --notify: exit %d\n%s", r.code, r.stderr)
	}
	manifest := writeManifest(t, dir, 5)
	if s, r := runBatchJSON(t, env, manifest, "--out-dir", filepath.Join(dir, "batch"), "--group", "1", "--notify", url); r.code != 0 || s.Done != 5 {
		t.Fatalf("batch --notify: exit %d, %+v\n%s", r.code, s, r.stderr)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.bad) > 0 {
		t.Fatalf("deliveries not verified: %v", h.bad)
	}
	events := map[string]int{}
	for _, n := range h.got {
		events[n.Event]++
		if n.Event == jobs.EventJob && (n.Status != jobs.StateCompleted || n.Summary["output_doc_id"] == nil) {
			t.Errorf("job notification %+v", n)
		}
		if n.Event == jobs.EventBatch && (n.Summary["done"] != float64(5) || n.Summary["failed"] != float64(0)) {
			t.Errorf("batch notification %+v", n)
		}
	}
	if events[jobs.EventJob] != 6 || events[jobs.EventBatch] != 1 || len(h.keys) != 7 {
		t.Fatalf("deliveries %v with %d distinct keys; want 6 jobs and 1 batch, each once", events, len(h.keys))
	}
	if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", filepath.Join(dir, "x.docx"), "--notify", "ftp://x"); r.code != 2 {
		t.Fatalf("--notify ftp://: exit %d, want 2 (usage)\n%s", r.code, r.stderr)
	}
}

// Without FORMFILL_NOTIFY_ALLOW a command refuses a webhook to a loopback,
// private or link-local address before making any job, naming the URL, why
// and the variable that allows it; a malformed allowlist is a usage error.
func TestNotifyRefusesPrivateAddressesByDefault(t *testing.T) {
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	out := filepath.Join(dir, "out.docx")
	for _, tt := range []struct {
		name, url string
		env       []string
		want      []string
	}{
		{"loopback", "http://127.0.0.1:9/hook", nil, []string{"http://127.0.0.1:9/hook", "loopback", "public addresses only", "FORMFILL_NOTIFY_ALLOW"}},
		{"metadata", "http://169.254.169.254/latest", nil, []string{"169.254.169.254", "link-local"}},
		{"outside the list", "http://10.0.0.1/h", []string{"FORMFILL_NOTIFY_ALLOW=10.1.0.0/16"}, []string{"private", "allowed: 10.1.0.0/16"}},
		{"bad allowlist", "http://10.0.0.1/h", []string{"FORMFILL_NOTIFY_ALLOW=10.0.0.0/40"}, []string{"--notify-allow", "10.0.0.0/40"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := cli(t, tt.env, "fill", doc, "--answers", answers, "-o", out, "--notify", tt.url)
			if r.code != 2 {
				t.Fatalf("exit %d, want 2 (usage)\n%s", r.code, r.stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Fatal("the fill ran despite the refused webhook")
			}
		})
	}
}
