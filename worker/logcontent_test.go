package worker

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/syncbuf"
	"github.com/formfill/formfill/jobs"
)

// TestLogsHoldNoDocumentContent: a job whose error quotes the document
// ("its text is: …") and the answer's search string logs its ID, kind and
// error kind, never the text, unless LogContent is set (issue 38).
func TestLogsHoldNoDocumentContent(t *testing.T) {
	for _, content := range []bool{false, true} {
		t.Run(map[bool]string{false: "default", true: "LogContent"}[content], func(t *testing.T) { logContentCase(t, content) })
	}
}

// logContentCase runs one job that fails quoting the document, with or
// without LogContent, and checks the worker's log.
func logContentCase(t *testing.T, content bool) {
	c, conn := setup(t)
	var logs syncbuf.Buffer
	startWorker(t, conn, Logger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))), LogContent(content))
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	secret := "Project Nightingale budget"
	st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindWrite, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C1", Mode: formats.ReplaceText, Find: secret, AnswerText: "x"}}})
	if err == nil || st == nil || st.Result == nil || !strings.Contains(st.Result.Error.Message, "Company legal name") {
		t.Fatalf("the job should fail quoting the cell's text: %v %+v", err, st)
	}
	time.Sleep(50 * time.Millisecond) // the finished line is written as the handler returns
	out := logs.String()
	if !strings.Contains(out, st.ID) || !strings.Contains(out, "error_kind=invalid_argument") {
		t.Fatalf("content=%v: the log lacks the job ID or its error kind:\n%s", content, out)
	}
	for _, leak := range []string{"Company legal name", secret} {
		if strings.Contains(out, leak) != content {
			t.Errorf("content=%v: the log holds %q: %v\n%s", content, leak, !content, out)
		}
	}
}
