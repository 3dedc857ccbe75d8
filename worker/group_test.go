package worker

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// A fill_group fills each of its documents as separate fill jobs would:
// every good document gets its own output, a bad one its own error, and
// one document's failure does not fail the others.
func TestFillGroupFillsEachDocumentOnItsOwn(t *testing.T) {
	c, _ := setup(t, Concurrency(2))
	ctx := context.Background()
	word, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := c.PutBlob(ctx, fixture(t, "pdf/form.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	corrupt, err := c.PutBlob(ctx, []byte("PK\x03\x04 not really a zip"))
	if err != nil {
		t.Fatal(err)
	}
	wordField := runJob(t, c, jobs.Payload{Kind: jobs.KindListFields, DocID: word, FileType: formats.Word}).Result.Fields[0].FieldID
	pdfField := ""
	for _, f := range runJob(t, c, jobs.Payload{Kind: jobs.KindListFields, DocID: pdf, FileType: formats.PDF}).Result.Fields {
		if f.Name == fixtures.PDFFieldName {
			pdfField = f.FieldID
		}
	}
	fill := func(docID string, ft formats.FileType, field, text string) jobs.Payload {
		return jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: ft,
			Answers: []formats.Answer{{PairID: field, AnswerText: text}}}
	}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: []jobs.Payload{
		fill(word, formats.Word, wordField, "Grouped Word answer 17"),
		fill(corrupt, formats.Word, "P1", "never written"),
		fill(pdf, formats.PDF, pdfField, "Grouped Ada"),
		fill(jobs.DocID([]byte("never uploaded")), formats.Word, "P1", "never written"),
	}}, jobs.Queue(jobs.QueueBulk))
	if st.State != jobs.StateCompleted || st.Result == nil || len(st.Result.Group) != 4 {
		t.Fatalf("fill_group: %+v", st)
	}
	g := st.Result.Group
	for _, i := range []int{0, 2} {
		if g[i].Error != nil || g[i].OutputDocID == "" || g[i].Report == nil || !g[i].Report.OK() {
			t.Fatalf("payload %d: %+v", i, g[i])
		}
	}
	if g[1].Error == nil || g[1].Error.Kind != "invalid_document" || g[1].OutputDocID != "" {
		t.Fatalf("corrupt document: %+v", g[1])
	}
	if g[3].Error == nil || g[3].Error.Kind != "document_not_found" {
		t.Fatalf("missing document: %+v", g[3])
	}
	// Each output is a blob of its own, which independent readers open.
	out, err := c.GetBlob(ctx, g[0].OutputDocID)
	if err != nil {
		t.Fatal(err)
	}
	if text := readers.DocxText(t, out); !strings.Contains(text, "Grouped Word answer 17") {
		t.Fatalf("python-docx does not see the answer in the grouped Word output:\n%s", text)
	}
	out, err = c.GetBlob(ctx, g[2].OutputDocID)
	if err != nil {
		t.Fatal(err)
	}
	if got := readers.PDFFields(t, out)[fixtures.PDFFieldName]; got != "Grouped Ada" {
		t.Fatalf("PyMuPDF reads %q in the grouped PDF output, want %q", got, "Grouped Ada")
	}
}

// A panic in one document of a group is that document's error.
func TestFillGroupContainsAPanicToItsDocument(t *testing.T) {
	boom := jobs.DocID([]byte("boom"))
	c, _ := setup(t, withExecute(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		if string(doc) == "boom" {
			panic("engine bug on this document")
		}
		return &jobs.Result{Kind: p.Kind}, []byte("filled " + string(doc)), nil
	}))
	ctx := context.Background()
	for _, d := range []string{"boom", "fine"} {
		if _, err := c.PutBlob(ctx, []byte(d)); err != nil {
			t.Fatal(err)
		}
	}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: []jobs.Payload{
		{Kind: jobs.KindFill, DocID: boom}, {Kind: jobs.KindFill, DocID: jobs.DocID([]byte("fine"))},
	}})
	if st.State != jobs.StateCompleted || len(st.Result.Group) != 2 {
		t.Fatalf("fill_group: %+v", st)
	}
	if e := st.Result.Group[0].Error; e == nil || e.Kind != "internal" || !strings.Contains(e.Message, "engine bug on this document") {
		t.Fatalf("panicking document: %+v", st.Result.Group[0])
	}
	if r := st.Result.Group[1]; r.Error != nil || r.OutputDocID != jobs.DocID([]byte("filled fine")) {
		t.Fatalf("document after the panic: %+v", r)
	}
}

// A transient failure of one document fails the group's run, and the
// retry runs every document again: nothing is half-stored.
func TestFillGroupRetriesWholeAfterATransientFailure(t *testing.T) {
	var calls atomic.Int32
	c, _ := setup(t, withExecute(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		if calls.Add(1) == 2 {
			return nil, nil, errors.New("redis hiccup")
		}
		return &jobs.Result{Kind: p.Kind}, append([]byte("filled "), doc...), nil
	}))
	ctx := context.Background()
	var group []jobs.Payload
	for _, d := range []string{"one", "two", "three"} {
		id, err := c.PutBlob(ctx, []byte(d))
		if err != nil {
			t.Fatal(err)
		}
		group = append(group, jobs.Payload{Kind: jobs.KindFill, DocID: id})
	}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: group})
	if st.State != jobs.StateCompleted || st.Retried != 1 || len(st.Result.Group) != 3 {
		t.Fatalf("fill_group: %+v", st)
	}
	if got := calls.Load(); got != 5 {
		t.Fatalf("engine called %d times, want 2 (first run, failed on the second document) + 3 (retry)", got)
	}
	for i, d := range []string{"one", "two", "three"} {
		if r := st.Result.Group[i]; r.Error != nil || r.OutputDocID != jobs.DocID([]byte("filled "+d)) {
			t.Fatalf("payload %d: %+v", i, r)
		}
	}
}

// A document that runs past its share of the group's timeout fails alone,
// with a timeout error naming it; the documents around it keep their
// outputs and the group is not retried.
func TestFillGroupTimesOutASlowDocumentAlone(t *testing.T) {
	c, _ := setup(t, withExecute(func(ctx context.Context, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
		if string(doc) == "slow" {
			<-ctx.Done()
			return nil, nil, ctx.Err()
		}
		return &jobs.Result{Kind: p.Kind}, append([]byte("filled "), doc...), nil
	}))
	ctx := context.Background()
	var group []jobs.Payload
	for _, d := range []string{"quick", "slow", "also quick"} {
		id, err := c.PutBlob(ctx, []byte(d))
		if err != nil {
			t.Fatal(err)
		}
		group = append(group, jobs.Payload{Kind: jobs.KindFill, DocID: id})
	}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: group}, jobs.Timeout(time.Second))
	if st.State != jobs.StateCompleted || st.Retried != 0 || len(st.Result.Group) != 3 {
		t.Fatalf("fill_group with a slow document: %+v", st)
	}
	if e := st.Result.Group[1].Error; e == nil || e.Kind != "timeout" || !strings.Contains(e.Message, "document 2 of 3") {
		t.Fatalf("slow document: %+v", st.Result.Group[1])
	}
	for _, i := range []int{0, 2} {
		if r := st.Result.Group[i]; r.Error != nil || r.OutputDocID == "" {
			t.Fatalf("document %d next to the slow one: %+v", i+1, r)
		}
	}
}

// A fill_group task is checked again when it reaches the worker: a task in
// Redis may have been written by anything, not only by Submit.
func TestMalformedGroupFromRedisFailsAsInvalidArgument(t *testing.T) {
	c, conn := setup(t, Concurrency(1))
	aq := asynq.NewClient(conn)
	defer aq.Close()
	tests := []struct {
		name, payload, want string
	}{
		{"empty", `{"kind":"fill_group","group":[]}`, "0 payloads; expected 1 to 64"},
		{"null entry", `{"kind":"fill_group","group":[null]}`, `payload 0 is of kind ""`},
		{"nested", `{"kind":"fill_group","group":[{"kind":"fill_group","group":[{"kind":"fill","doc_id":"a"}]}]}`, `payload 0 is of kind "fill_group"`},
		{"not a fill", `{"kind":"fill_group","group":[{"kind":"extract_text","doc_id":"a"}]}`, `payload 0 is of kind "extract_text"`},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := fmt.Sprintf("i-malformed-%d", i)
			task := asynq.NewTask(jobs.KindFillGroup.TaskType(), []byte(tt.payload))
			if _, err := aq.Enqueue(task, asynq.TaskID(id), asynq.Queue(jobs.QueueInteractive), asynq.Retention(time.Hour)); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if st.State != jobs.StateFailed || st.Result == nil || st.Result.Error == nil ||
				st.Result.Error.Kind != "invalid_argument" || st.Result.Error.Field != "group" || !strings.Contains(st.Result.Error.Message, tt.want) {
				t.Fatalf("got %+v (result %+v), want invalid_argument on group saying %q", st, st.Result, tt.want)
			}
		})
	}
}

// A fill_group reports each document as its phase, for the clients that
// wait for it: its last phase is its last document.
func TestFillGroupReportsEachDocument(t *testing.T) {
	c, conn := setup(t, Concurrency(1))
	ctx := context.Background()
	word, err := c.PutBlob(ctx, fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	fill := jobs.Payload{Kind: jobs.KindFill, DocID: word, FileType: formats.Word}
	st := runJob(t, c, jobs.Payload{Kind: jobs.KindFillGroup, Group: []jobs.Payload{fill, fill, fill}}, jobs.Queue(jobs.QueueBulk))
	if st.State != jobs.StateCompleted {
		t.Fatalf("fill_group: %+v", st)
	}
	rdb := conn.MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	b, err := rdb.Get(ctx, "formfill:phase:{"+jobs.QueueBulk+"}:"+st.ID).Bytes()
	if err != nil {
		t.Fatalf("the group's phase: %v", err)
	}
	if want := `{"step":"fill and verify","doc":3,"docs":3}`; string(b) != want {
		t.Fatalf("the group's last phase %s, want %s", b, want)
	}
}
