package excel

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestIsFormulaAnswersAsTheMap(t *testing.T) {
	rnd := rand.New(rand.NewSource(7))
	for _, tc := range []struct {
		name       string
		rows, cols int
		far        [][2]int // cells outside the bitset: past the rows or bitCols
	}{
		{name: "no formulas", rows: 5, cols: 5},
		{name: "a questionnaire's columns", rows: 200, cols: 70},
		{name: "far-off formulas answered by the map", rows: 30, cols: 10, far: [][2]int{{31, 1}, {1048576, 3}, {2, bitCols + 1}, {5, 16384}}},
		{name: "no rows", rows: 0, cols: 0, far: [][2]int{{1, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := map[[2]int]bool{}
			for i := 0; i < tc.rows*tc.cols/3; i++ {
				f[[2]int{1 + rnd.Intn(tc.rows), 1 + rnd.Intn(tc.cols)}] = true
			}
			for _, p := range tc.far {
				f[p] = true
			}
			m := &sheetModel{rows: make([][]string, tc.rows), formulas: f}
			probe := append([][2]int{{0, 0}, {-1, 3}, {3, 0}}, tc.far...)
			for r := 0; r <= tc.rows+2; r++ {
				for c := 0; c <= tc.cols+70; c++ {
					probe = append(probe, [2]int{r, c})
				}
			}
			for _, p := range probe {
				if got, want := m.isFormula(p[0], p[1]), f[p]; got != want {
					t.Fatalf("isFormula(%d, %d) = %v, the map says %v", p[0], p[1], got, want)
				}
			}
		})
	}
}

func TestHasTextAgreesWithRowText(t *testing.T) {
	m := &sheetModel{rows: [][]string{nil, {}, {"", " ", "\t\n"}, {"", "", "x"}, {" a "}, {"\u00a0"}, {"", "\u3000"}}}
	for r := -1; r <= len(m.rows)+1; r++ {
		if got, want := m.hasText(r), m.rowText(r) != ""; got != want {
			t.Errorf("row %d: hasText %v, rowText %q", r, got, m.rowText(r))
		}
	}
}

func TestMayInstructPassesWhatTheExpressionMatches(t *testing.T) {
	for _, v := range []string{
		"Please email the completed template to security@example.com",
		"Kindly return this form within ten days",
		"Do not edit the cells shaded grey on this sheet",
		"Don't change the formulas in column F please",
		"Note that all answers are reviewed by the team",
		"Refer to the guidance tab for every question",
		"See the section on encryption before answering",
		"\u212Aindly return this form within ten days",        // Kelvin sign folds to k
		"\u017Fee the section on encryption before answering", // long s folds to s
	} {
		if !instructionProse.MatchString(v) {
			t.Fatalf("the expression no longer matches %q: update the case", v)
		}
		if !mayInstruct(v) {
			t.Errorf("mayInstruct(%q) = false, but the expression matches", v)
		}
	}
	for _, v := range []string{"", "Company name", "1. Describe your backup policy", "(please) email us"} {
		if mayInstruct(v) {
			t.Errorf("mayInstruct(%q) = true, want the cheap no", v)
		}
	}
}

func FuzzAnchoredFilters(f *testing.F) {
	for _, s := range []string{"Please send the form back to us today", "do not type in this column at all", "Company", "\u212Aindly return it by Friday please", "\u017Fee the tab for the full list", "Notes:", "Additional comments", "#REF!", "#N/A", "Justification", "Describe the process", "SECTION A:", "Ünïcode Ç:", "bad \xff:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if !mayInstruct(v) && instructionProse.MatchString(v) {
			t.Fatalf("mayInstruct(%q) = false, but the expression matches", v)
		}
		if !mayStart(v, "ncraej") && notesLabel.MatchString(v) {
			t.Fatalf("mayStart(%q) = false, but notesLabel matches", v)
		}
		if isPrompt(v) != promptStart.MatchString(v) {
			t.Fatalf("isPrompt(%q) = %v, promptStart says otherwise", v, isPrompt(v))
		}
		if changesInUpper(v) != (strings.ToUpper(v) != v) {
			t.Fatalf("changesInUpper(%q) = %v, strings.ToUpper says otherwise", v, changesInUpper(v))
		}
		if isErrorValue(v) != errorValue.MatchString(v) {
			t.Fatalf("isErrorValue(%q) = %v, errorValue says otherwise", v, isErrorValue(v))
		}
	})
}

func TestNotesLabelFilterPassesTheLabels(t *testing.T) {
	m := &sheetModel{}
	for _, v := range []string{"Notes", " notes: ", "Comment", "REMARKS", "Additional information", "Explanation:", "justification"} {
		if !m.isNotesLabel(v) {
			t.Errorf("isNotesLabel(%q) = false", v)
		}
	}
	for _, v := range []string{"", "Company name", "Notes on the above", "1. Notes"} {
		if m.isNotesLabel(v) {
			t.Errorf("isNotesLabel(%q) = true", v)
		}
	}
}

// clipByRunes is clip as it was: the whole text turned into runes.
func clipByRunes(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func TestClipAsByRunes(t *testing.T) {
	for _, tc := range []struct {
		s string
		n int
	}{{"", 3}, {"short", 10}, {"exactly", 7}, {"one too long", 11}, {"héllo wörld", 5}, {"héllo", 5}, {"日本語のテキスト", 3}, {"bad\xffbyte and more", 5}, {"ok then \xff", 9}, {"abc", 0}, {"🙂🙂🙂🙂", 2}} {
		if got, want := clip(tc.s, tc.n), clipByRunes(tc.s, tc.n); got != want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.s, tc.n, got, want)
		}
	}
}

func FuzzClip(f *testing.F) {
	f.Add("a long enough text to clip", 5)
	f.Add("héllo wörld", 4)
	f.Add("x\xffy\xfez", 2)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n % 300
		if n < 0 {
			n = -n
		}
		if got, want := clip(s, n), clipByRunes(s, n); got != want {
			t.Fatalf("clip(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}

func TestOneLineAsFieldsJoined(t *testing.T) {
	for _, s := range []string{"", " ", "a", "Company name", " lead", "trail ", "two  spaces", "tab\there", "line\nbreak", "cr\rlf", "v\vf\f", "nbsp\u00a0x", "next\u0085line", "ideo\u3000space", "é accent", "a b c d"} {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
	}
}

func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"Company name", " two  spaces ", "a\tb\nc", "x\u00a0y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Fatalf("oneLine(%q) = %q, want %q", s, got, want)
		}
	})
}
