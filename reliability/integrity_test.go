package reliability

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// TestResultRefusesASwappedOutput is issue 38's attack on a finished job:
// someone who can write to Redis replaces the filled document under its
// doc_id. `formfill result -o` used to save the swapped bytes and report
// "1/1 answers matched"; it must now fail saying the document was changed
// in the job store, and write nothing.
func TestResultRefusesASwappedOutput(t *testing.T) {
	bin := formfillBinary(t)
	rs := startRedis(t, "")
	c := rs.client(t)
	ctx := context.Background()
	startWorkerProc(t, bin, rs.url(), "worker", 1)
	docID, err := c.PutBlob(ctx, fixtures.TwoColumn())
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"}}})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	st, err := jobstest.Settled(wctx, c, id, 20*time.Millisecond)
	if err != nil || st.State != jobs.StateCompleted || st.Result.OutputDocID == "" {
		t.Fatalf("fill job: %v %+v", err, st)
	}
	swapped := fixtures.PDFForm()
	if err := rs.backend(t).Redis().Set(ctx, "formfill:blob:"+st.Result.OutputDocID, swapped, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "filled.docx")
	cmd := exec.Command(bin, "result", id, "-o", out)
	cmd.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+rs.url())
	b, err := cmd.CombinedOutput()
	t.Logf("formfill result: %v\n%s", err, b)
	if err == nil {
		t.Fatal("formfill result saved a swapped output and exited 0")
	}
	if !strings.Contains(string(b), "changed in the job store") {
		t.Errorf("the error does not say the document was changed in the job store: %s", b)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the swapped document was written")
	}
}
