package targeteval

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// TestTargetsAreConsistentAndWritable holds every real document to what
// the targets promise: list_form_fields names the same set as the map, no
// target lies inside another, and a plain answer_text of the kind each
// target accepts — written all at once, with the mode the target names —
// is written and verified as matched.
func TestTargetsAreConsistentAndWritable(t *testing.T) {
	for _, d := range labelledDocs(t) {
		t.Run(d.Document, func(t *testing.T) {
			e, err := formats.Lookup(d.ft)
			if err != nil {
				t.Fatal(err)
			}
			cs, err := e.ExtractCompact(d.data)
			if err != nil {
				t.Fatal(err)
			}
			fields, err := e.ListFields(d.data)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs.Targets) == 0 {
				t.Fatal("no targets")
			}
			sameSet(t, targetIDs(cs.Targets), fieldIDs(d.ft, fields))
			noNesting(t, cs)
			answers := answersFor(cs.Targets)
			res, rep, err := formats.Fill(e, d.data, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("writing a plain answer to each of %d targets: %v", len(answers), err)
			}
			if len(res.Changes) != len(answers) {
				t.Errorf("%d changes for %d answers", len(res.Changes), len(answers))
			}
			if rep.Summary.Matched != rep.Summary.Total {
				var bad []string
				for _, r := range rep.ContentResults {
					_, tooSmall := knownOverflow[d.Document+"!"+cs.IDToXPath[r.PairID]]
					if r.Status != formats.ContentMatched && !(tooSmall && r.Status == formats.ContentOverflow) {
						bad = append(bad, fmt.Sprintf("%s %s (expected %q, got %q)", r.PairID, r.Status, r.Expected, clip(r.Actual, 60)))
					}
				}
				if len(bad) > 0 {
					t.Errorf("%d of %d answers verified; not matched: %s", rep.Summary.Matched, rep.Summary.Total, head(bad, 8))
				}
			}
			readBack(t, d.ft, res.Document, cs, answers)
		})
	}
}

// knownOverflow are boxes, by document!native name, too small for any
// answer in the font size their form fixes: verify rightly says overflow.
var knownOverflow = map[string]string{
	"de-beratungshilfe-antrag.pdf!C4-Einkünfte, Partner, netto": "a 10 pt tall box with a fixed 12 pt font (DA /Arial 12 Tf)",
	"de-beratungshilfe-antrag.pdf!D3-Teilwohnkosten":            "a 14 pt wide box: three characters at 10 pt do not fit",
	"de-beratungshilfe-antrag.pdf!Datum, Beratung":              "an 8.5 pt tall box with a fixed 12 pt font (DA /Helv 12 Tf)",
}

// readBack reopens the filled document with an independent reader and
// looks for every text answer where it was written.
func readBack(t *testing.T, ft formats.FileType, doc []byte, cs *formats.CompactStructure, answers []formats.Answer) {
	t.Helper()
	var missing []string
	switch ft {
	case formats.Excel:
		cells := readers.XLSXCells(t, doc)
		for _, a := range textAnswers(cs, answers) {
			ref := NormalizeCell(cs.IDToXPath[a.PairID])
			i := strings.LastIndex(ref, "!")
			if cells[ref[:i]][ref[i+1:]] != a.AnswerText {
				missing = append(missing, ref)
			}
		}
	case formats.Word:
		text := readers.DocxText(t, doc)
		for _, a := range textAnswers(cs, answers) {
			if !strings.Contains(text, a.AnswerText) {
				missing = append(missing, a.PairID)
			}
		}
	case formats.PDF:
		fields := readers.PDFFields(t, doc)
		for _, a := range textAnswers(cs, answers) {
			if name := cs.IDToXPath[a.PairID]; fields[name] != a.AnswerText {
				missing = append(missing, name)
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("an independent reader does not find %d answers: %s", len(missing), head(missing, 8))
	}
}

// textAnswers are the answers written as their own text ("A7")
// to a target of kind text, unshortened.
func textAnswers(cs *formats.CompactStructure, answers []formats.Answer) []formats.Answer {
	kinds := map[string]formats.Target{}
	for _, t := range cs.Targets {
		kinds[t.ID] = t
	}
	var out []formats.Answer
	for _, a := range answers {
		if t := kinds[a.PairID]; t.Kind == formats.TargetText && t.MaxChars == 0 && strings.HasPrefix(a.AnswerText, "A") {
			out = append(out, a)
		}
	}
	return out
}

// answersFor gives each target a plain answer it accepts.
func answersFor(targets []formats.Target) []formats.Answer {
	out := make([]formats.Answer, 0, len(targets))
	for i, t := range targets {
		// Short, so it fits the narrowest box a form draws (a PDF's
		// name-suffix field) and verify's overflow check has no say.
		a := formats.Answer{PairID: t.ID, AnswerText: fmt.Sprintf("A%d", i+1), Mode: t.Mode}
		switch t.Kind {
		case formats.TargetCheckbox:
			a.AnswerText = "true"
			if len(t.Options) > 0 {
				a.AnswerText = t.Options[0]
			}
		case formats.TargetDropdown, formats.TargetList:
			a.AnswerText = t.Options[0]
		case formats.TargetDate:
			a.AnswerText = "2026-01-31"
		case formats.TargetNumber:
			a.AnswerText = "42"
		}
		if t.MaxChars > 0 && len(a.AnswerText) > t.MaxChars {
			a.AnswerText = a.AnswerText[len(a.AnswerText)-t.MaxChars:]
		}
		out = append(out, a)
	}
	return out
}

func targetIDs(ts []formats.Target) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

// fieldIDs are the IDs list_form_fields offers as answer slots. A PDF's
// list also reports fields that take no answer (read-only ones,
// signatures, push buttons), flagged so; they are left out here.
func fieldIDs(ft formats.FileType, fields []formats.FormField) []string {
	var out []string
	for _, f := range fields {
		if ft == formats.PDF && (f.ReadOnly || f.FieldType == "signature" || f.FieldType == "button" || f.FieldType == "unknown") {
			continue
		}
		out = append(out, f.FieldID)
	}
	return out
}

// sameSet fails t unless the map's targets and the fields are one set,
// each listed once.
func sameSet(t *testing.T, targets, fields []string) {
	t.Helper()
	if dup := duplicates(targets); len(dup) > 0 {
		t.Errorf("the map lists targets twice: %s", head(dup, 8))
	}
	if dup := duplicates(fields); len(dup) > 0 {
		t.Errorf("list_form_fields lists IDs twice: %s", head(dup, 8))
	}
	s := Compare(targets, fields)
	if len(s.Missed) > 0 || len(s.Extra) > 0 {
		t.Errorf("list_form_fields and the map disagree: %d targets not listed (%s), %d fields not marked (%s)",
			len(s.Missed), head(s.Missed, 8), len(s.Extra), head(s.Extra, 8))
	}
}

func duplicates(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if seen[id] {
			out = append(out, id)
		}
		seen[id] = true
	}
	return out
}

// noNesting fails t when one target's element contains another's: writing
// both would make the second write land in a removed element.
func noNesting(t *testing.T, cs *formats.CompactStructure) {
	t.Helper()
	paths := make([]string, 0, len(cs.Targets))
	byPath := map[string]string{}
	for _, tg := range cs.Targets {
		xp := cs.IDToXPath[tg.ID]
		if xp == "" {
			t.Errorf("target %s has no id_to_xpath entry", tg.ID)
			continue
		}
		paths = append(paths, xp)
		byPath[xp] = tg.ID
	}
	sort.Strings(paths)
	for i := 1; i < len(paths); i++ {
		if strings.HasPrefix(paths[i], paths[i-1]+"/") {
			t.Errorf("target %s (%s) lies inside target %s (%s)", byPath[paths[i]], paths[i], byPath[paths[i-1]], paths[i-1])
		}
	}
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
