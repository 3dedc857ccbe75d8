package worker

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/syncbuf"
	"github.com/formfill/formfill/jobs"
)

// TestEngineLogsGoToTheJobLogger: what an engine logs about a document
// (here the PDF engine skipping a content stream it cannot decode) goes to
// the logger the handler put on the job's context, with its attributes,
// not to slog's default logger.
func TestEngineLogsGoToTheJobLogger(t *testing.T) {
	// Page 1's content stream claims a Flate filter its bytes do not have.
	doc := bytes.Replace(fixtures.PDFForm(), []byte("<<  /Length"), []byte("<< /Filter /FlateDecode /Length"), 1)
	if bytes.Equal(doc, fixtures.PDFForm()) {
		t.Fatal("the fixture no longer has a content stream without a dictionary of its own")
	}
	for _, tc := range []struct {
		name    string
		withLog bool
	}{{"job logger on the context", true}, {"no logger on the context", false}} {
		t.Run(tc.name, func(t *testing.T) {
			var logs, fallback syncbuf.Buffer
			prev := slog.Default()
			slog.SetDefault(slog.New(slog.NewTextHandler(&fallback, &slog.HandlerOptions{Level: slog.LevelDebug})))
			defer slog.SetDefault(prev)
			ctx := context.Background()
			if tc.withLog {
				log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})).With("job_id", "job-42")
				ctx = jobs.ContextWithLogger(ctx, log)
			}
			if _, _, err := Execute(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, FileType: formats.PDF}, doc); err != nil {
				t.Fatalf("extract: %v", err)
			}
			const line = "pdf: content stream skipped"
			got, other := logs.String(), fallback.String()
			if tc.withLog {
				if !strings.Contains(got, line) || !strings.Contains(got, "job_id=job-42") {
					t.Errorf("the job's logger holds no %q line with the job ID:\n%s", line, got)
				}
				if strings.Contains(other, line) {
					t.Errorf("the engine also logged to slog's default logger:\n%s", other)
				}
			} else if !strings.Contains(other, line) {
				t.Errorf("without a job logger the engine's line should reach slog's default, as before:\n%s", other)
			}
		})
	}
}
