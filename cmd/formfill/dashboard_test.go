package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/formfill/formfill/embedded"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/mcp"
)

// The dashboard is served beside the MCP transport, behind its token (a
// browser's Basic password, or a bearer), for the named principals only,
// read-only, and shows the queues and a finished job without its answers.
func TestDashboardBehindMCPAuthReadOnly(t *testing.T) {
	emb, err := embedded.Start(embedded.Logger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	defer emb.Close()
	c := emb.Backend()
	defer c.Close()
	dash := newDashboard(emb.Conn())
	defer dash.Close()
	srv, err := mcp.New(c, mcp.Token("dash-token"), mcp.Dashboard(dash, mcp.DefaultPrincipal), mcp.Roots([]string{t.TempDir()}))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	const secretAnswer = "an answer the dashboard must not show"
	ctx := context.Background()
	doc, _ := c.PutBlob(ctx, fixtures.TwoColumn())
	st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: doc, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: secretAnswer}}})
	if err != nil || st.State != jobs.StateCompleted {
		t.Fatalf("fill: %+v %v", st, err)
	}

	get := func(method, path string, auth func(*http.Request)) (int, string) {
		req, _ := http.NewRequest(method, ts.URL+path, nil)
		if auth != nil {
			auth(req)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	basic := func(r *http.Request) { r.SetBasicAuth("ops", "dash-token") }
	bearer := func(r *http.Request) { r.Header.Set("Authorization", "Bearer dash-token") }
	wrong := func(r *http.Request) { r.SetBasicAuth("ops", "not-the-token") }

	if code, _ := get("GET", "/dashboard/", nil); code != http.StatusUnauthorized {
		t.Errorf("no credentials: %d, want 401", code)
	}
	if code, _ := get("GET", "/dashboard/", wrong); code != http.StatusUnauthorized {
		t.Errorf("wrong token: %d, want 401", code)
	}
	if code, body := get("GET", "/dashboard/", basic); code != http.StatusOK || !strings.Contains(body, "<html") {
		t.Errorf("browser with the token: %d %.200s", code, body)
	}
	if code, body := get("GET", "/dashboard/api/queues", bearer); code != http.StatusOK || !strings.Contains(body, `"interactive"`) {
		t.Errorf("queues: %d %.300s", code, body)
	}
	code, body := get("GET", "/dashboard/api/queues/interactive/completed_tasks", bearer)
	if code != http.StatusOK || !strings.Contains(body, st.ID) || strings.Contains(body, secretAnswer) {
		t.Errorf("completed tasks: %d, job shown %v, answer shown %v", code, strings.Contains(body, st.ID), strings.Contains(body, secretAnswer))
	}
	if code, _ := get("POST", "/dashboard/api/queues/interactive:pause", bearer); code != http.StatusMethodNotAllowed {
		t.Errorf("pausing a queue: %d, want 405 (read-only)", code)
	}
	if code, _ := get("DELETE", "/dashboard/api/queues/interactive/completed_tasks/"+st.ID, bearer); code != http.StatusMethodNotAllowed {
		t.Errorf("deleting a task: %d, want 405 (read-only)", code)
	}
}
