package mcp

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/jobs"
)

// A tool call with notify_url is announced to it when its job ends, signed;
// a notify_url that is not http(s) is refused, naming the argument.
func TestToolNotifyURL(t *testing.T) {
	secret := []byte("mcp-webhook-s3cret")
	loopbackOnly, _ := jobs.ParseNotifyAllow("127.0.0.1")
	emb, err := embedded.Start(embedded.Logger(quietLogger()), embedded.Concurrency(2), embedded.NotifySecret(secret), embedded.NotifyAllow(loopbackOnly))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	jc := emb.Backend()
	defer jc.Close()
	got := make(chan jobs.Notification, 4)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := jobs.VerifyNotification(secret, r.Header.Get(jobs.HeaderTimestamp), r.Header.Get(jobs.HeaderSignature), body, time.Minute); err != nil {
			t.Errorf("delivery: %v", err)
		}
		var n jobs.Notification
		json.Unmarshal(body, &n)
		got <- n
	}))
	defer hook.Close()
	loopback, err := jobs.ParseNotifyAllow("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, clientStore{jc}, workdir(t), NotifyAllow(loopback))
	c := inProcessClient(t, s)

	res := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx", "notify_url": hook.URL})
	select {
	case n := <-got:
		if n.JobID != res.JobID || n.Status != jobs.StateCompleted || n.Kind != jobs.KindExtractCompact {
			t.Fatalf("notification %+v for job %s", n, res.JobID)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no webhook within 30 s")
	}
	bad := call(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx", "notify_url": "file:///etc/passwd"})
	if !bad.IsError || !strings.Contains(textOf(bad), "notify_url") {
		t.Fatalf("notify_url file://: %+v", bad)
	}
}

// Without the operator's allowlist an MCP caller's notify_url may not point
// at loopback, private or link-local addresses (SSRF): the call is refused
// with an error naming notify_url, the URL and what is allowed, and no job
// is made.
func TestToolNotifyURLRefusesPrivateAddresses(t *testing.T) {
	store := newMemStore()
	s := newTestServer(t, store, workdir(t))
	c := inProcessClient(t, s)
	for _, url := range []string{"http://127.0.0.1:6379/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.7/hook", "http://[::1]:8080/"} {
		res := call(t, c, ToolExtractCompact, map[string]any{"file_path": "two_column.docx", "notify_url": url})
		text := textOf(res)
		if !res.IsError || !strings.Contains(text, "notify_url") || !strings.Contains(text, url) || !strings.Contains(text, "public addresses only") {
			t.Errorf("notify_url %s: %s", url, text)
		}
	}
	store.mu.Lock()
	n := store.seq
	store.mu.Unlock()
	if n != 0 {
		t.Fatalf("%d jobs submitted for refused notify_urls", n)
	}
}
