package jobs

import (
	"context"
	"fmt"
	"testing"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all"
	"github.com/formfill/formfill/internal/realdocs"
)

// execute runs one operation on doc, failing the test on an error.
func execute(t *testing.T, p *Payload, doc []byte) (*Result, []byte) {
	t.Helper()
	e, err := formats.Lookup(p.FileType)
	if err != nil {
		t.Fatal(err)
	}
	res, out, err := Execute(context.Background(), e, p, doc)
	if err != nil {
		t.Fatalf("%s: %v", p.Kind, err)
	}
	return res, out
}

// fillEveryTarget fills every answer target of doc with an answer naming
// its question's number (or its ID), so a carried answer shows where it
// came from.
func fillEveryTarget(t *testing.T, ft formats.FileType, doc []byte) ([]byte, map[string]string) {
	t.Helper()
	res, _ := execute(t, &Payload{Kind: KindExtractCompact, FileType: ft, Compact: &CompactArgs{View: formats.ViewTargets}}, doc)
	var answers []formats.Answer
	want := map[string]string{}
	for _, tg := range res.Compact.Targets {
		text := fmt.Sprintf("answer to %s (%s)", tg.QuestionID, tg.ID)
		if len(tg.Options) > 0 {
			text = tg.Options[0]
		}
		answers = append(answers, formats.Answer{PairID: tg.ID, AnswerText: text})
		want[tg.ID] = text
	}
	_, out := execute(t, &Payload{Kind: KindWrite, FileType: ft, Answers: answers}, doc)
	return out, want
}

// TestHarvestReadsBackWhatWasWritten fills real questionnaires in each
// format and harvests them: every answer written comes back, at its place.
func TestHarvestReadsBackWhatWasWritten(t *testing.T) {
	for _, tc := range []struct {
		name string
		ft   formats.FileType
		min  int     // answers read back at least
		frac float64 // and at least this share of those written
	}{
		{"vibe-legal-vendor-questionnaire-alternative.docx", formats.Word, 45, .9},
		// Two of CAIQ's four answer columns have headers that do not name
		// answers (SSRM Control Ownership, CSC Responsibilities): the
		// answer and implementation columns come back.
		{"csa-caiq-v4.0.3.xlsx", formats.Excel, 500, .45},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := realdocs.Read(t, "questionnaires", tc.name)
			filled, want := fillEveryTarget(t, tc.ft, doc)
			res, _ := execute(t, &Payload{Kind: KindHarvest, FileType: tc.ft}, filled)
			got := map[string]string{}
			for _, a := range res.Harvest.Answers {
				got[a.ID] = a.Answer
			}
			found := 0
			for id, text := range want {
				if got[id] == text {
					found++
				}
			}
			t.Logf("harvest read back %d of %d answers written", found, len(want))
			if found < tc.min || float64(found) < tc.frac*float64(len(want)) {
				t.Errorf("harvest read back %d of %d answers written (want ≥ %d and ≥ %.0f%%)", found, len(want), tc.min, 100*tc.frac)
			}
		})
	}
}

// TestCarryOverAcrossLayouts carries the answers of the reference
// project's questionnaire, filled in its paragraph layout, into its table
// layout (other wording, other numbering): answers carry with a source,
// a confidence and a note.
func TestCarryOverAcrossLayouts(t *testing.T) {
	tables := realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire.docx")
	alt := realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire-alternative.docx")
	filled, _ := fillEveryTarget(t, formats.Word, alt)
	res, _ := execute(t, &Payload{Kind: KindCarryOver, FileType: formats.Word, CarryOver: &CarryOverArgs{Previous: filled}}, tables)
	c := res.CarryOver
	if c.Summary.Carried < 30 || c.Summary.Carried+c.Summary.Unmatched != c.Summary.Targets {
		t.Fatalf("carried %d answers, want ≥ 30, and every target carried or unmatched: %+v", c.Summary.Carried, c.Summary)
	}
	for _, a := range c.Answers {
		if a.From == nil || a.Note == "" || a.Confidence == "" {
			t.Errorf("%s: carried answer without from, note or confidence: %+v", a.PairID, a)
		}
	}
}

// BenchmarkCarryOverCAIQ carries a filled CAIQ v4 (261 questions, 1,044
// targets) into the blank one: harvest, targets and matching.
func BenchmarkCarryOverCAIQ(b *testing.B) {
	t := &testing.T{}
	doc := realdocs.Read(b, "questionnaires", "csa-caiq-v4.0.3.xlsx")
	filled, _ := fillEveryTarget(t, formats.Excel, doc)
	e, _ := formats.Lookup(formats.Excel)
	for b.Loop() {
		p := &Payload{Kind: KindCarryOver, FileType: formats.Excel, CarryOver: &CarryOverArgs{Previous: filled}}
		if _, _, err := Execute(context.Background(), e, p, doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCarryOverLargeWorkbook carries a filled large real workbook
// into its blank self (harvest of the full map, targets, matching): FFIEC
// CAT 3.4.2 (Watkins' 23-sheet edition: 1,035 targets, 541 questions as
// formfill counts them) and HECVAT 4.14 (649 targets, 352 questions).
func BenchmarkCarryOverLargeWorkbook(b *testing.B) {
	for _, name := range []string{"watkins-ffiec-cat-3.4.2.xlsx", "hecvat-4.14-educause.xlsx"} {
		b.Run(name, func(b *testing.B) {
			doc := realdocs.Read(b, "questionnaires", name)
			filled := fillLikeARespondent(&testing.T{}, formats.Excel, doc)
			e, _ := formats.Lookup(formats.Excel)
			for b.Loop() {
				p := &Payload{Kind: KindCarryOver, FileType: formats.Excel, CarryOver: &CarryOverArgs{Previous: filled}}
				if _, _, err := Execute(context.Background(), e, p, doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
