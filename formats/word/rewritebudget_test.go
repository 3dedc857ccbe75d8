package word

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestRepeatedAnswersToOneTarget checks the MaxRewrite bound: answers that
// keep growing one target are refused with ErrTooLarge naming the target
// and what to do, before the work turns quadratic; repeated answers that do
// not grow their target, and many answers to different targets, still go
// through.
func TestRepeatedAnswersToOneTarget(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	repeat := func(n int, a formats.Answer) []formats.Answer {
		as := make([]formats.Answer, n)
		for i := range as {
			as[i] = a
		}
		return as
	}
	spread := make([]formats.Answer, 0, 14)
	for r := 2; r <= 8; r++ {
		for i := 0; i < 2; i++ {
			spread = append(spread, formats.Answer{PairID: fmt.Sprintf("T1-R%d-C2", r), AnswerText: "line", Mode: formats.Append})
		}
	}
	tests := []struct {
		name    string
		answers []formats.Answer
		refused bool
	}{
		{"10,000 appends to one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated", Mode: formats.Append}), true},
		{"10,000 default-mode answers to one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated"}), true},
		{"10,000 replacements of one cell", repeat(10000, formats.Answer{PairID: "T1-R2-C2", AnswerText: "the same size each time", Mode: formats.ReplaceContent}), false},
		{"100 appends to one cell", repeat(100, formats.Answer{PairID: "T1-R2-C2", AnswerText: "An answer of about forty-five bytes, repeated", Mode: formats.Append}), false},
		{"two appends to each of seven cells", spread, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, fill := range []bool{false, true} {
				var err error
				if fill {
					_, _, err = New().Fill(doc, tc.answers, formats.WriteOptions{})
				} else {
					_, err = New().Write(doc, tc.answers, formats.WriteOptions{})
				}
				switch {
				case !tc.refused && err != nil:
					t.Fatalf("fill=%v: %v", fill, err)
				case tc.refused && !errors.Is(err, formats.ErrTooLarge):
					t.Fatalf("fill=%v: want ErrTooLarge, got %v", fill, err)
				case tc.refused:
					for _, want := range []string{"T1-R2-C2", "limit is 32 MB", "one answer"} {
						if !strings.Contains(err.Error(), want) {
							t.Errorf("fill=%v: the error does not say %q: %v", fill, want, err)
						}
					}
				}
			}
		})
	}
}

// TestForcedDeletesLookAtTheBodyOnce: the cross-references a forced delete
// leaves dangling are found once per write, not once per answer (4,000
// forced deletes of bookmarked paragraphs took 6.5 s and 1 GB before),
// and each warning still names the answer's target.
func TestForcedDeletesLookAtTheBodyOnce(t *testing.T) {
	res, err := New().Write(agreementDocx(t), []formats.Answer{{PairID: "P8", Mode: formats.Delete, Force: true}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), `P8: REF field "REF _Ref100 \h" points at bookmark "_Ref100"`) {
		t.Fatalf("warnings %q lack the dangling REF, attributed to P8", res.Warnings)
	}
	const n = 4000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<w:p><w:bookmarkStart w:id="%d" w:name="b%d"/><w:r><w:t>Clause %d of a typical length for a paragraph of an agreement.</w:t></w:r><w:bookmarkEnd w:id="%d"/></w:p>`, i, i, i, i)
	}
	b.WriteString(`<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> REF b7 \h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`)
	doc := bodyDocx(t, b.String())
	as := make([]formats.Answer, n)
	for i := range as {
		as[i] = formats.Answer{PairID: fmt.Sprintf("P%d", i+1), Mode: formats.Delete, Force: true}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err = New().Write(doc, as, formats.WriteOptions{})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("%d forced deletes: %d MiB allocated", n, alloc>>20)
	if alloc > 64<<20 {
		t.Errorf("%d forced deletes allocated %d MiB; bound 64 MiB (1 GB when the body was read and its children collected once per answer)", n, alloc>>20)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), `P8: REF field "REF b7 \h" points at bookmark "b7"`) {
		t.Errorf("the dangling REF to b7 is not reported against P8")
	}
}
