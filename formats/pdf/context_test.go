package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNearTextFindsTheFieldsOwnLabel(t *testing.T) {
	at := func(x, y, end float64, text string) run { return run{x: x, y: y, end: end, size: 7, text: text} }
	// Two boxes side by side, each with its caption printed inside at its
	// top-left (IRS 1040: "Your first name and middle initial" | "Last
	// name"): each box's own caption, not its neighbour's.
	taxRow := []run{at(40, 700, 160, "Your first name and middle initial"), at(252, 700, 285, "Last name"), at(470, 700, 560, "Your social security number")}
	tests := []struct {
		name   string
		runs   []run
		rect   [4]float64
		button bool
		want   string
	}{
		{"caption inside the first box, the next box's caption on its right", taxRow, [4]float64{38, 684, 250, 708}, false, "Your first name and middle initial"},
		{"caption inside the middle box, the first box's caption on its left", taxRow, [4]float64{250, 684, 468, 708}, false, "Last name"},
		{"caption inside the last box", taxRow, [4]float64{468, 684, 580, 708}, false, "Your social security number"},
		{"the top-most caption inside wins over a hint under it", []run{at(42, 690, 90, "e.g. 12345"), at(42, 704, 70, "ZIP code")}, [4]float64{40, 684, 140, 708}, false, "ZIP code"},
		{"label on the row to the left", []run{at(40, 500, 120, "Company name:"), at(400, 500, 460, "Phone:")}, [4]float64{130, 495, 390, 510}, false, "Company name:"},
		{"check box: label close on its right", []run{at(20, 300, 90, "Section 3"), at(112, 300, 160, "I agree")}, [4]float64{100, 296, 110, 306}, true, "I agree"},
		{"a check box takes no caption from inside its square", []run{at(101, 300, 108, "X"), at(112, 300, 160, "Yes")}, [4]float64{100, 296, 110, 306}, true, "Yes"},
		{"caption just above the box", []run{at(40, 420, 150, "Describe the incident")}, [4]float64{40, 380, 400, 412}, false, "Describe the incident"},
		{"nothing near", []run{at(40, 100, 90, "Footer")}, [4]float64{40, 600, 200, 620}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := nearText(tt.runs, tt.rect, tt.button); got != tt.want {
				t.Errorf("nearText = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestNearTextOnTheIRS1040 checks the captions of the first boxes of the
// real 1040, which print them inside the box (a person reading the form
// wrote the wants): each is the field's question (the fields have no
// tooltip) and its near context.
func TestNearTextOnTheIRS1040(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf"))
	if err != nil {
		t.Skipf("shared form irs_f1040.pdf not available (%v): set FORMFILL_SHARED_FORMS", err)
	}
	cs, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"f1_04[0]": "Your first name and middle initial",
		"f1_05[0]": "Last name",
		"f1_06[0]": "Your social security number",
		"f1_07[0]": "If joint return, spouse’s first name and middle initial",
		"f1_09[0]": "Spouse’s social security number",
		"f1_10[0]": "Home address (number and street). If you have a P.O. box, see instructions.",
		"f1_11[0]": "Apt. no.",
	}
	for _, line := range strings.Split(cs.CompactText, "\n") {
		for name, label := range want {
			if strings.Contains(line, `.`+name+`", near`) {
				if !strings.Contains(line, `near "`+label+`"`) || !strings.Contains(line, `: "`+label+`" (text`) {
					t.Errorf("%s: want question and near %q in %s", name, label, line)
				}
				delete(want, name)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("fields not in the map: %v", want)
	}
}
