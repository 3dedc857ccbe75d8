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

func TestParseStopsPartWayThroughTheXML(t *testing.T) {
	doc := fixture(t, fixtures.WordLarge)
	// The large questionnaire's document.xml has more tokens than one
	// check's worth: the reader looks at the context part-way through.
	ctx := ctxtest.NewCountdown(0)
	_, err := New().WithContext(ctx).ExtractCompact(doc)
	if !errors.Is(err, formats.ErrStopped) || !strings.Contains(err.Error(), "at byte") {
		t.Fatalf("err = %v, want a stop inside the XML reader (\"at byte …\")", err)
	}
	if ctx.Asked() != 1 {
		t.Fatalf("the context was asked %d times, want 1: the parse must end at the first check that sees the end", ctx.Asked())
	}
}

// BenchmarkStopAfterTimeout measures how long an extract of a large
// document (about 36 MB of document.xml) goes on after its context ends 300 ms
// in: "ms-after-end" for an engine bound to the context, against
// "ms-unbound", the whole extract an unbound engine runs to the end.
func BenchmarkStopAfterTimeout(b *testing.B) {
	// Numbered paragraphs: a repeated one compresses past the zip-bomb guard.
	var body strings.Builder
	for i := range 240_000 {
		fmt.Fprintf(&body, `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Question %d about controls: </w:t></w:r><w:r><w:t>answer %x</w:t></w:r></w:p>`, i, i*7919)
	}
	doc := bodyDocx(b, body.String())
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
