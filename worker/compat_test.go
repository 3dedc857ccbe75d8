package worker

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
)

// TestJobsEnqueuedByThePreviousVersionRun enqueues, byte for byte, the
// tasks the version before the operation table wrote (testdata/
// v0-payloads.tsv, one per kind it had), with the options its Submit gave
// them, and checks this worker runs each to completion and this client
// reads the outcome: a rolling upgrade loses no queued job.
func TestJobsEnqueuedByThePreviousVersionRun(t *testing.T) {
	c, conn := setup(t, Concurrency(4))
	ctx := context.Background()
	docs := map[string]string{}
	for placeholder, name := range map[string]string{"DOC-word": fixtures.WordTwoColumn, "DOC-excel": "excel/vendor_assessment.xlsx", "DOC-pdf": "pdf/form.pdf"} {
		id, err := c.PutBlob(ctx, fixture(t, name))
		if err != nil {
			t.Fatal(err)
		}
		docs[placeholder] = id
	}
	aq := asynq.NewClient(conn)
	t.Cleanup(func() { aq.Close() })
	f, err := os.Open("testdata/v0-payloads.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	kinds := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		taskType, payload, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("malformed line %q", line)
		}
		for placeholder, id := range docs {
			payload = strings.ReplaceAll(payload, `"`+placeholder+`"`, `"`+id+`"`)
		}
		kinds++
		t.Run(taskType, func(t *testing.T) {
			// The previous Submit: ID "i-" + a UUID on the interactive
			// queue, with a retry budget, a timeout and a retention.
			id := "i-" + uuid.NewString()
			task := asynq.NewTask(taskType, []byte(payload))
			if _, err := aq.EnqueueContext(ctx, task, asynq.TaskID(id), asynq.Queue(jobs.QueueInteractive),
				asynq.MaxRetry(3), asynq.Timeout(30*time.Second), asynq.Retention(time.Hour)); err != nil {
				t.Fatal(err)
			}
			wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
			defer cancel()
			st, err := jobstest.Settled(wctx, c, id, 20*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Err(); err != nil || st.State != jobs.StateCompleted || st.Result == nil {
				t.Fatalf("state %s, error %v, last error %q", st.State, err, st.LastError)
			}
			if string(st.Kind) != strings.TrimPrefix(taskType, "formfill:") || string(st.Result.Kind) != string(st.Kind) {
				t.Errorf("status kind %q, result kind %q; want %s", st.Kind, st.Result.Kind, taskType)
			}
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if kinds != 10 {
		t.Fatalf("read %d old tasks, want the previous version's 10 kinds", kinds)
	}
}
