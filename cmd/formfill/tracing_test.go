package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"testing"
)

// With the standard OTEL_* variables a command exports its trace over
// OTLP/HTTP: a fill run without Redis sends the submit and the embedded
// worker's job spans; without them it sends nothing.
func TestFillExportsItsTraceOverOTLP(t *testing.T) {
	var mu sync.Mutex
	var bodies [][]byte
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		if r.URL.Path == "/v1/traces" {
			bodies = append(bodies, b)
		}
		mu.Unlock()
	}))
	defer collector.Close()
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	for _, tt := range []struct {
		name string
		env  []string
		want bool
	}{
		{"no OTEL variables", nil, false},
		{"OTLP endpoint", []string{"OTEL_EXPORTER_OTLP_ENDPOINT=" + collector.URL}, true},
	} {
		mu.Lock()
		bodies = nil
		mu.Unlock()
		if r := cli(t, tt.env, "fill", doc, "--answers", answers, "-o", filepath.Join(dir, "out.docx")); r.code != 0 {
			t.Fatalf("%s: fill: exit %d\n%s", tt.name, r.code, r.stderr)
		}
		mu.Lock()
		all := bytes.Join(bodies, nil)
		mu.Unlock()
		// OTLP protobuf carries span names as plain strings.
		got := bytes.Contains(all, []byte("formfill.submit fill")) && bytes.Contains(all, []byte("formfill.job fill"))
		if got != tt.want {
			t.Errorf("%s: spans exported %v, want %v (%d bytes received)", tt.name, got, tt.want, len(all))
		}
	}
}
