package pdf

import (
	"testing"

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
