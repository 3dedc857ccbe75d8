package word

import (
	"errors"
	"strings"
	"testing"

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
