package excel

import (
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestAHintMergedUnderAQuestionIsNoTarget(t *testing.T) {
	doc := book(t, [][]string{
		{"Company name:", ""},
		{"Registered address:", ""},
		{"Beneficial owners:", ""},
		{"List all individuals holding 25% or more of the shares"},
		{"Contact email:", ""},
	}, func(f *excelize.File) {
		must(t, f.MergeCell("Q", "A4", "B4"))
	})
	want := []string{"B1", "B2", "B3", "B5"}
	if got := targetCells(t, doc); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
}

func TestInstructionProseIsNoQuestion(t *testing.T) {
	doc := book(t, [][]string{
		{"Please email the completed template to vendor-risk@example.org by 30 June."},
		{"Note that all answers may be verified during an on-site audit."},
		{"Please describe your hosting setup", ""},
		{"Company name:", ""},
	}, nil)
	want := []string{"B3", "B4"}
	if got := targetCells(t, doc); !slices.Equal(got, want) {
		t.Errorf("targets %v, want %v", got, want)
	}
}
