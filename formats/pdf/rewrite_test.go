package pdf

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestRepeatedAnswersToOneField: 10,000 answers that replace one field's
// value go through and the last one wins; 10,000 appends, each copying the
// growing value, are refused past formats.MaxRewrite, naming the field.
func TestRepeatedAnswersToOneField(t *testing.T) {
	doc := fixtures.PDFForm()
	flood := func(mode formats.Mode) []formats.Answer {
		as := make([]formats.Answer, formats.MaxAnswers)
		for i := range as {
			as[i] = formats.Answer{PairID: "F1", AnswerText: "An answer of about forty-five bytes, repeated", Mode: mode}
		}
		as[len(as)-1].AnswerText = "The last one"
		return as
	}
	res, err := New().Write(doc, flood(formats.ReplaceContent), formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Changes) != 1 || res.Changes[0].After != "The last one" {
		t.Fatalf("changes %+v, want one change to the last answer", res.Changes)
	}
	_, err = New().Write(doc, flood(formats.Append), formats.WriteOptions{})
	if !errors.Is(err, formats.ErrTooLarge) || !strings.Contains(err.Error(), "F1") || !strings.Contains(err.Error(), "one answer") {
		t.Fatalf("10,000 appends: %v, want too large naming F1 and saying to merge", err)
	}
}
