package formfill

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestHarvestThenCarryOverThroughTheRoot(t *testing.T) {
	ctx := context.Background()
	docx := agreementForTests(t)
	xlsx, err := os.ReadFile("testdata/excel/vendor_assessment.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Write(ctx, docx, []Answer{
		{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"},
		{PairID: "T1-R9-C2", AnswerText: "Jane Roe"},
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := Harvest(ctx, w.Document)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, a := range h.Answers {
		got[a.ID] = a.Answer
	}
	if got["T1-R2-C2"] != "Acme Ltd" || got["T1-R9-C2"] != "Jane Roe" || len(h.Answers) != 2 {
		t.Errorf("harvest = %v, want the two answers written", got)
	}
	if len(h.Unanswered) == 0 {
		t.Error("harvest lists no unanswered target; the form has six left")
	}

	// Into the same blank form: the same questions, carried as known.
	same, err := CarryOver(ctx, w.Document, docx)
	if err != nil {
		t.Fatal(err)
	}
	carried := map[string]Answer{}
	for _, a := range same.Answers {
		carried[a.PairID] = a
	}
	if a := carried["T1-R2-C2"]; a.AnswerText != "Acme Ltd" || a.Confidence != "known" || a.From == nil {
		t.Errorf("T1-R2-C2 carried as %+v, want Acme Ltd, known, with its source", a)
	}
	// Into a workbook: "Company name:" is a near match of "Company legal
	// name", so it carries, but not as known.
	other, err := CarryOver(ctx, w.Document, xlsx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range other.Answers {
		if a.AnswerText == "Acme Ltd" {
			found = true
			if a.Confidence == "known" {
				t.Errorf("%s: a near match carried as known: %+v", a.PairID, a)
			}
		}
	}
	if !found {
		t.Errorf("the company name did not carry into the workbook: %+v", other.Answers)
	}
	if _, err := CarryOver(ctx, []byte("not a document"), docx); !errors.Is(err, ErrUnsupported) {
		t.Errorf("a previous document that is none: %v, want ErrUnsupported", err)
	}
}

func TestUseCrosswalkAppliesToCarryOverOnly(t *testing.T) {
	cw, err := ParseCrosswalk("ccm.csv", []byte("new,old\nA&A-02.1,AAC-02.1\n"))
	if err != nil || len(cw.Pairs) != 1 || cw.Pairs[0].Old != "AAC-02.1" {
		t.Fatalf("ParseCrosswalk: %+v, %v", cw, err)
	}
	_, err = Harvest(context.Background(), agreementForTests(t), UseCrosswalk(cw))
	if !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "UseCrosswalk") {
		t.Errorf("Harvest with UseCrosswalk: %v, want invalid_argument naming the option", err)
	}
}
