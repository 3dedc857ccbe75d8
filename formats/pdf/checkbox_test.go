package pdf

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// sharedValueBoxes is a form whose checkboxes grp.a, grp.c and grp.n are
// kids of one parent holding /V /C, as the USCIS I-765 has them: grp.a's
// on-state is /A, grp.c's is /C, grp.n has no appearance at all. The box
// "lone" has /V /Off while its widget draws /AS /A.
func sharedValueBoxes() []byte {
	ap := func(on string) string { return `/AP << /N << /` + on + ` 8 0 R /Off 8 0 R >> >>` }
	return pdfOf(
		`<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 9 0 R] >> >>`,
		`<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
		`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R 7 0 R 9 0 R] >>`,
		`<< /FT /Btn /T (grp) /V /C /Kids [5 0 R 6 0 R 7 0 R] >>`,
		`<< /Type /Annot /Subtype /Widget /Parent 4 0 R /T (a) /P 3 0 R /Rect [10 700 22 712] `+ap("A")+` /AS /Off >>`,
		`<< /Type /Annot /Subtype /Widget /Parent 4 0 R /T (c) /P 3 0 R /Rect [10 680 22 692] `+ap("C")+` /AS /C >>`,
		`<< /Type /Annot /Subtype /Widget /Parent 4 0 R /T (n) /P 3 0 R /Rect [10 660 22 672] >>`,
		"<< /Type /XObject /Subtype /Form /BBox [0 0 12 12] /Length 0 >>\nstream\n\nendstream",
		`<< /Type /Annot /Subtype /Widget /FT /Btn /T (lone) /V /Off /P 3 0 R /Rect [10 640 22 652] `+ap("A")+` /AS /A >>`,
	)
}

func fieldNamed(t *testing.T, fields []*field, name string) *field {
	t.Helper()
	for _, f := range fields {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no field %q", name)
	return nil
}

func TestCheckboxReadsCheckedOnlyWhenValueNamesItsOwnOnState(t *testing.T) {
	fields := mustOpen(t, sharedValueBoxes()).fields
	tests := []struct {
		name, want string
	}{
		{"grp.a", ""},           // inherited /C names a sibling's state
		{"grp.c", checkedValue}, // inherited /C is its own on-state
		{"grp.n", checkedValue}, // no on-state to compare with: any value but Off
		{"lone", ""},            // /V /Off, whatever /AS draws
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fieldNamed(t, fields, tt.name)
			if f.Kind != kindCheckbox || f.Value != tt.want {
				t.Errorf("%s: kind %s value %q, want checkbox %q", tt.name, f.Kind, f.Value, tt.want)
			}
		})
	}
}

// The option list_fields offers for a box ticks it; a yes/no word still
// works; anything else is refused with the box's option named.
func TestCheckboxAnswerAcceptsTheBoxsOwnOption(t *testing.T) {
	tests := []struct {
		answer  string
		want    string // grp.a's value after the fill
		errPart string
	}{
		{"A", checkedValue, ""},
		{"a", checkedValue, ""},
		{"yes", checkedValue, ""},
		{"unchecked", "", ""},
		{"C", "", `the box's option "A" (ticks it)`},
	}
	for _, tt := range tests {
		t.Run(tt.answer, func(t *testing.T) {
			res, _, err := New().Fill(sharedValueBoxes(), []formats.Answer{{PairID: "grp.a", AnswerText: tt.answer}}, formats.WriteOptions{})
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("err = %v, want one naming %s", err, tt.errPart)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			fields := mustOpen(t, res.Document).fields
			if got := fieldNamed(t, fields, "grp.a").Value; got != tt.want {
				t.Errorf("grp.a = %q after answering %q, want %q", got, tt.answer, tt.want)
			}
			// The sibling sharing the parent's /V keeps its tick.
			if got := fieldNamed(t, fields, "grp.c").Value; got != checkedValue {
				t.Errorf("grp.c = %q after filling grp.a, want it still checked", got)
			}
		})
	}
}

// Verify says what a reader draws: a box whose /V is Off but whose /AS
// shows the tick is an appearance mismatch, not a match.
func TestVerifyCheckboxFlagsAnAppearanceStateTheValueDenies(t *testing.T) {
	tests := []struct {
		name, expected string
		want           formats.ContentStatus
	}{
		{"lone", "unchecked", formats.ContentAppearanceMismatch},
		{"grp.a", "unchecked", formats.ContentMatched},
		{"grp.a", "A", formats.ContentMissing},
		{"grp.c", "C", formats.ContentMatched},
	}
	for _, tt := range tests {
		t.Run(tt.name+"="+tt.expected, func(t *testing.T) {
			rep, err := New().Verify(sharedValueBoxes(), []formats.ExpectedAnswer{{PairID: tt.name, ExpectedText: tt.expected}})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.ContentResults[0].Status; got != tt.want {
				t.Errorf("status %s (%s), want %s", got, rep.ContentResults[0].Detail, tt.want)
			}
		})
	}
}

// The I-765 (2017) shares /V /C and /V /M among sibling boxes; poppler
// draws only the boxes whose own on-state that is (pdftoppm, page 1).
func TestRealI765CheckboxesReadAsPopplerDrawsThem(t *testing.T) {
	fields := mustOpen(t, realdocs.Read(t, "forms", "uscis-i-765-2017.pdf")).fields
	tests := []struct {
		name, want string
	}{
		{"form1[0].#subform[0].applying[0]", ""},           // F1 Permission
		{"form1[0].#subform[0].applying[1]", ""},           // F2 Replacement
		{"form1[0].#subform[0].applying[2]", checkedValue}, // F5 Renewal
		{"form1[0].#subform[0].Gender[0]", checkedValue},   // F3 Male
		{"form1[0].#subform[0].Gender[1]", ""},             // F4 Female
	}
	for _, tt := range tests {
		if got := fieldNamed(t, fields, tt.name).Value; got != tt.want {
			t.Errorf("%s = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A box whose option is itself a yes/no word: the word keeps its meaning
// as the tools document it, so "No" unticks the "No" box and "yes" ticks
// it; only an option that is no such word ticks by its own name.
func TestCheckboxYesNoWordsWinOverTheBoxsOption(t *testing.T) {
	tests := []struct {
		option, answer string
		want           bool
	}{
		{"No", "No", false},
		{"No", "yes", true},
		{"N", "n", false},
		{"Yes", "Yes", true},
		{"A", "A", true},
		{"A", "no", false},
	}
	for _, tt := range tests {
		t.Run(tt.option+"="+tt.answer, func(t *testing.T) {
			f := &field{Options: []string{tt.option}, states: []string{tt.option}}
			got, err := checkboxAnswer(f, tt.answer)
			if err != nil || got != tt.want {
				t.Errorf("checkboxAnswer(%q) on a box whose option is %q = %v, %v; want %v", tt.answer, tt.option, got, err, tt.want)
			}
		})
	}
}

// An answer a checkbox cannot take gets one error that names the field,
// repeats the answer and says every value the box accepts, its own
// option included, each once: the word list is not printed twice.
func TestCheckboxAnswerErrorNamesFieldAnswerAndAcceptedValues(t *testing.T) {
	tests := []struct {
		name            string
		options, states []string
		want            string
	}{
		{
			name:    "box with an export value",
			options: []string{"Married"}, states: []string{"M"},
			want: `invalid argument (F3 "Status"): "maybe" is not a checkbox value; expected true/false, yes/no, on/off or checked/unchecked, or the box's option "Married" (ticks it)`,
		},
		{
			name: "box with no appearance to name an option",
			want: `invalid argument (F3 "Status"): "maybe" is not a checkbox value; expected true/false, yes/no, on/off or checked/unchecked`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &field{ID: "F3", Name: "Status", Kind: kindCheckbox, Options: tt.options, states: tt.states}
			_, err := checkboxAnswer(f, "maybe")
			if err == nil {
				t.Fatal("checkboxAnswer(\"maybe\") = nil error")
			}
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Errorf("error %v is not ErrInvalidArgument", err)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("error =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
