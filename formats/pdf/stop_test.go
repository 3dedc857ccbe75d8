package pdf

import (
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginetest"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestEngineBoundToAnEndedContextStopsEveryCall(t *testing.T) {
	enginetest.StopsWhenTheContextHasEnded(t, New(), fixtures.PDFForm())
}

func TestEngineBoundToALiveContextGivesTheSameResults(t *testing.T) {
	doc := fixtures.PDFForm()
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	// Each answer is looked at when planned and when its appearance is made.
	writable := 0
	for _, f := range fields {
		if !f.ReadOnly {
			writable++
		}
	}
	enginetest.SameResultsWhenTheContextIsLive(t, New(), doc, 2*writable)
}

// TestStoppedCallsStopUsingTheCPU stops reads and writes of a 3000-page
// form early (pdfcpu reading the file), mid-way and late (extracting the
// text; building appearances and saving), and checks that the CPU use
// ends with the call at once; see enginetest.StoppedWorkStops.
func TestStoppedCallsStopUsingTheCPU(t *testing.T) {
	enginetest.StoppedWorkStops(t, New(), func(tb testing.TB) []enginetest.StopCase {
		doc := fixtures.PDFManyPages(3000)
		var answers []formats.Answer
		for p := 1; p <= 3000; p += 15 {
			answers = append(answers, formats.Answer{PairID: fmt.Sprintf("p%d_q1", p), AnswerText: "answered"})
		}
		return []enginetest.StopCase{
			{Name: "list_fields", Points: []float64{0.05, 0.5, 0.9},
				Call: func(e formats.Engine) error { _, err := e.ListFields(doc); return err }},
			{Name: "extract_text", Points: []float64{0.6},
				Call: func(e formats.Engine) error { _, err := e.ExtractText(doc); return err }},
			{Name: "write", Points: []float64{0.3, 0.6, 0.9},
				Call: func(e formats.Engine) error { _, err := e.Write(doc, answers, formats.WriteOptions{}); return err }},
		}
	})
}

// BenchmarkChecks compares a write of a 300-page form by an unbound engine
// and by one bound to a live context: the cost of the checks.
func BenchmarkChecks(b *testing.B) {
	doc := fixtures.PDFManyPages(300)
	var answers []formats.Answer
	for p := 1; p <= 300; p += 15 {
		answers = append(answers, formats.Answer{PairID: fmt.Sprintf("p%d_q1", p), AnswerText: "answered"})
	}
	enginetest.BenchmarkChecks(b, New(), func(e formats.Engine) error {
		_, err := e.Write(doc, answers, formats.WriteOptions{})
		return err
	})
}
