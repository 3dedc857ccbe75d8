package word

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
	"github.com/formfill/formfill/internal/enginetest"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestEngineBoundToAnEndedContextStopsEveryCall(t *testing.T) {
	enginetest.StopsWhenTheContextHasEnded(t, New(), fixture(t, fixtures.WordLarge))
}

func TestEngineBoundToALiveContextGivesTheSameResults(t *testing.T) {
	doc := fixture(t, fixtures.WordLarge)
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	// Resolve, apply and verify look once per answer.
	enginetest.SameResultsWhenTheContextIsLive(t, New(), doc, 3*len(fields))
}

func TestEveryCheckStopsTheCallThere(t *testing.T) {
	doc := fixture(t, fixtures.WordLarge)
	live := ctxtest.NewCountdown(1 << 30)
	if _, err := New().WithContext(live).ExtractCompact(doc); err != nil {
		t.Fatal(err)
	}
	// End the context at each of the call's checks in turn: the call must
	// end at that check, whether it is inflating, parsing or indexing.
	phases := map[string]int{}
	for n := range live.Asked() {
		ctx := ctxtest.NewCountdown(n)
		_, err := New().WithContext(ctx).ExtractCompact(doc)
		if !errors.Is(err, formats.ErrStopped) {
			t.Fatalf("ended at check %d of %d: err = %v, want a stop", n+1, live.Asked(), err)
		}
		if ctx.Asked() != n+1 {
			t.Fatalf("ended at check %d: the context was asked %d times: the call went on past the check that saw the end", n+1, ctx.Asked())
		}
		switch msg := err.Error(); {
		case strings.HasPrefix(msg, "read "+documentPart):
			phases["inflate"]++
		case strings.HasPrefix(msg, "at byte"):
			phases["parse"]++
		default:
			phases["after the parse"]++
		}
	}
	t.Logf("%d checks: %v", live.Asked(), phases)
	for _, p := range []string{"inflate", "parse", "after the parse"} {
		if phases[p] == 0 {
			t.Errorf("no check while the call was in the %s phase: %v", p, phases)
		}
	}
}

// largeDocx is a legitimate document of n numbered paragraphs (a repeated
// one would compress past the zip-bomb guard), about 150 bytes of
// document.xml each.
func largeDocx(tb testing.TB, n int) []byte {
	tb.Helper()
	var body strings.Builder
	for i := range n {
		fmt.Fprintf(&body, `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Question %d about controls: </w:t></w:r><w:r><w:t>answer %x</w:t></w:r></w:p>`, i, i*7919)
	}
	return bodyDocx(tb, body.String())
}

// TestStoppedCallsStopUsingTheCPU stops reads and writes of a 36 MB
// document.xml early (inflating), mid-parse and late (indexing and
// extracting; serialising and deflating for a write), and checks that
// the CPU use ends with the call at once; see enginetest.StoppedWorkStops.
func TestStoppedCallsStopUsingTheCPU(t *testing.T) {
	enginetest.StoppedWorkStops(t, New(), func(tb testing.TB) []enginetest.StopCase {
		doc := largeDocx(tb, 240_000)
		answers := []formats.Answer{{PairID: "P10", AnswerText: "first"}, {PairID: "P200000", AnswerText: "last"}}
		return []enginetest.StopCase{
			{Name: "extract_compact", Points: []float64{0.02, 0.3, 0.6, 0.9},
				Call: func(e formats.Engine) error { _, err := e.ExtractCompact(doc); return err }},
			{Name: "extract_text", Points: []float64{0.5},
				Call: func(e formats.Engine) error { _, err := e.ExtractText(doc); return err }},
			{Name: "write", Points: []float64{0.4, 0.75, 0.92},
				Call: func(e formats.Engine) error { _, err := e.Write(doc, answers, formats.WriteOptions{}); return err }},
			{Name: "fill", Points: []float64{0.9},
				Call: func(e formats.Engine) error {
					_, _, err := formats.Fill(e, doc, answers, formats.WriteOptions{})
					return err
				}},
		}
	})
}

// BenchmarkStopAfterTimeout measures how long an extract of a large
// document (about 36 MB of document.xml) goes on after its context ends 300 ms
// in: "ms-after-end" for an engine bound to the context, against
// "ms-unbound", the whole extract an unbound engine runs to the end.
func BenchmarkStopAfterTimeout(b *testing.B) {
	doc := largeDocx(b, 240_000)
	var after, unbound time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := New().ExtractCompact(doc); err != nil {
			b.Fatal(err)
		}
		unbound += time.Since(start)

		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		_, err := New().WithContext(ctx).ExtractCompact(doc)
		end := time.Now()
		cancel()
		if !errors.Is(err, formats.ErrStopped) {
			b.Fatalf("err = %v, want a stop", err)
		}
		dl, _ := ctx.Deadline()
		after += end.Sub(dl)
	}
	n := float64(b.N)
	b.ReportMetric(float64(after.Milliseconds())/n, "ms-after-end")
	b.ReportMetric(float64(unbound.Milliseconds())/n, "ms-unbound")
}

// BenchmarkChecks compares a write of a 3.6 MB document.xml by an unbound
// engine and by one bound to a live context: the cost of the checks.
func BenchmarkChecks(b *testing.B) {
	doc := largeDocx(b, 24_000)
	answers := []formats.Answer{{PairID: "P10", AnswerText: "first"}, {PairID: "P20000", AnswerText: "last"}}
	enginetest.BenchmarkChecks(b, New(), func(e formats.Engine) error {
		_, err := e.Write(doc, answers, formats.WriteOptions{})
		return err
	})
}

// TestTargetDetectionStopsPartWay: with the parse done, finding the answer
// targets of a long document and writing its map still look at the
// context every few thousand elements, so a timed-out extract stops there
// too instead of running to its end.
func TestTargetDetectionStopsPartWay(t *testing.T) {
	var body strings.Builder
	for i := range 3 * stepsPerCheck {
		fmt.Fprintf(&body, `<w:p><w:r><w:t xml:space="preserve">Question %d: </w:t></w:r></w:p>`, i)
	}
	doc := bodyDocx(t, body.String())
	for _, call := range []struct {
		name string
		run  func(formats.Engine) error
	}{
		{"extract_structure_compact", func(e formats.Engine) error { _, err := e.ExtractCompact(doc); return err }},
		{"list_form_fields", func(e formats.Engine) error { _, err := e.ListFields(doc); return err }},
	} {
		t.Run(call.name, func(t *testing.T) {
			all := ctxtest.NewCountdown(1 << 30)
			if err := call.run(New().WithContext(all)); err != nil {
				t.Fatal(err)
			}
			// Every check but the last passes: the parse's all do, so the
			// stop comes from the detection (or the map) after it.
			ctx := ctxtest.NewCountdown(all.Asked() - 1)
			err := call.run(New().WithContext(ctx))
			if !errors.Is(err, formats.ErrStopped) || strings.Contains(err.Error(), "at byte") {
				t.Fatalf("err = %v, want a stop after the parse", err)
			}
		})
	}
}
