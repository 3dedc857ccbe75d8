package excel

import (
	"errors"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
	"github.com/formfill/formfill/internal/enginetest"
)

func TestEngineBoundToAnEndedContextStopsEveryCall(t *testing.T) {
	enginetest.StopsWhenTheContextHasEnded(t, New(), fixture(t))
}

func TestEngineBoundToALiveContextGivesTheSameResults(t *testing.T) {
	doc := fixture(t)
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	// Each answer is looked at before it is written and before it is verified.
	enginetest.SameResultsWhenTheContextIsLive(t, New(), doc, 2*len(fields))
}

func TestCompactStopsBetweenSheets(t *testing.T) {
	doc := fixture(t)
	wb, err := open(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(wb.sheets) < 2 {
		t.Skipf("the fixture has %d sheet(s); the test needs two", len(wb.sheets))
	}
	// Two checks around the parse pass; the first sheet's check ends the call.
	ctx := ctxtest.NewCountdown(2)
	_, err = New().WithContext(ctx).ExtractCompact(doc)
	if !errors.Is(err, formats.ErrStopped) || formats.IsInputError(err) {
		t.Fatalf("err = %v, want a stop that is not an input error", err)
	}
	if ctx.Asked() != 3 {
		t.Fatalf("the context was asked %d times, want 3", ctx.Asked())
	}
}
