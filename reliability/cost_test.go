package reliability

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// repeatedAnswers is MaxAnswers answers of about 45 bytes each to one
// target: a 450 KB answers file, within every documented limit.
func repeatedAnswers(id string, mode formats.Mode) []formats.Answer {
	as := make([]formats.Answer, formats.MaxAnswers)
	for i := range as {
		as[i] = formats.Answer{PairID: id, AnswerText: "An answer of about forty-five bytes, repeated", Mode: mode}
	}
	return as
}

// costCase is one input within the documented limits whose cost must stay
// bounded: it ends with a typed error of kind (nil: it must succeed)
// within maxHeap of peak heap growth and maxTime, measured in this run.
type costCase struct {
	name    string
	ft      formats.FileType
	doc     func() []byte
	answers []formats.Answer
	kind    error
	maxHeap uint64
	maxTime time.Duration
}

// costCases are the answer floods of issue 38. Before the bound, 10,000
// appends to one Word cell took 2.9 GB and 21-46 s in write and 7 GB in
// fill, and 10,000 answers to one PDF field allocated 8.9 GB (a copy of the
// field's answer list per answer) and appends to it 2.6 GB. Now floods that
// grow their target are refused (formats.MaxRewrite) after at most 32 MB of
// rewriting, measured at +30-55 MiB of peak heap and under 0.5 s; floods
// that replace the value each time go through, measured at under 25 MiB
// (Excel appends stop at a cell's 32,767 characters). The bounds are
// several times what was measured, and far below what the unbounded write
// took.
func costCases() []costCase {
	return []costCase{
		{"docx/10,000 appends to one cell", formats.Word, fixtures.TwoColumn, repeatedAnswers("T1-R2-C2", formats.Append), formats.ErrTooLarge, 160 << 20, 20 * time.Second},
		{"docx/10,000 default-mode answers to one cell", formats.Word, fixtures.TwoColumn, repeatedAnswers("T1-R2-C2", ""), formats.ErrTooLarge, 160 << 20, 20 * time.Second},
		{"xlsx/10,000 answers to one cell", formats.Excel, fixtures.ExcelVendorAssessment, repeatedAnswers("S1-R3-C4", ""), nil, 160 << 20, 20 * time.Second},
		{"xlsx/10,000 appends to one cell", formats.Excel, fixtures.ExcelVendorAssessment, repeatedAnswers("S1-R3-C4", formats.Append), formats.ErrInvalidArgument, 160 << 20, 20 * time.Second},
		{"pdf/10,000 answers to one field", formats.PDF, fixtures.PDFForm, repeatedAnswers("F1", ""), nil, 160 << 20, 20 * time.Second},
		{"pdf/10,000 appends to one field", formats.PDF, fixtures.PDFForm, repeatedAnswers("F1", formats.Append), formats.ErrTooLarge, 160 << 20, 20 * time.Second},
	}
}

// TestRepeatedAnswersCostIsBounded runs write and fill in-process on each
// cost case and checks its outcome and bounds.
func TestRepeatedAnswersCostIsBounded(t *testing.T) {
	for _, c := range costCases() {
		t.Run(c.name, func(t *testing.T) {
			e, err := formats.Lookup(c.ft)
			if err != nil {
				t.Fatal(err)
			}
			doc := c.doc()
			calls := map[string]func() error{
				"Write": func() error { _, err := e.Write(doc, c.answers, formats.WriteOptions{}); return err },
				"Fill":  func() error { _, _, err := formats.Fill(e, doc, c.answers, formats.WriteOptions{}); return err },
			}
			for _, name := range []string{"Write", "Fill"} {
				o := bounded(calls[name])
				t.Logf("%-5s %s: %v", name, o, o.err)
				switch {
				case o.panicked != nil:
					t.Fatalf("%s panicked: %v", name, o.panicked)
				case o.hung:
					t.Fatalf("%s did not return within %v", name, callTimeout)
				case c.kind == nil && o.err != nil:
					t.Errorf("%s: %v, want success", name, o.err)
				case c.kind != nil && !errors.Is(o.err, c.kind):
					t.Errorf("%s: %v, want an error of kind %q", name, o.err, c.kind)
				}
				if o.peakHeap > c.maxHeap {
					t.Errorf("%s: peak heap +%s, bound %s", name, mib(o.peakHeap), mib(c.maxHeap))
				}
				if o.dur > c.maxTime {
					t.Errorf("%s: took %v, bound %v", name, o.dur, c.maxTime)
				}
			}
		})
	}
}

// TestRepeatedAnswersThroughAWorker submits the cost cases as fill jobs
// to a real worker: a refused flood fails once, of kind too_large, never
// retried; the others complete.
func TestRepeatedAnswersThroughAWorker(t *testing.T) {
	conn := redistest.Conn(t, 7)
	c := serveInProcess(t, conn, 2)
	ctx := context.Background()
	for _, cc := range costCases() {
		t.Run(cc.name, func(t *testing.T) {
			docID, err := c.PutBlob(ctx, cc.doc())
			if err != nil {
				t.Fatal(err)
			}
			id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: cc.ft, Answers: cc.answers},
				jobs.Queue(jobs.QueueBulk))
			if err != nil {
				t.Fatal(err)
			}
			wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
			defer cancel()
			st, err := jobstest.Settled(wctx, c, id, 20*time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s retried %d: %s", st.State, st.Retried, errMsg(st))
			want := jobs.StateCompleted
			if cc.kind != nil {
				want = jobs.StateFailed
			}
			if st.State != want || st.Retried != 0 {
				t.Fatalf("state %s after %d retries, want %s after none", st.State, st.Retried, want)
			}
			if cc.kind != nil && (st.Result == nil || st.Result.Error == nil || st.Result.Error.Kind != jobErrorKinds[cc.kind]) {
				b, _ := json.Marshal(st.Result)
				t.Fatalf("result %s, want an error of kind %s", b, jobErrorKinds[cc.kind])
			}
		})
	}
}
