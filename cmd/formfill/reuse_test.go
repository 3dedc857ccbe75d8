package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// The yearly refresh in three commands, on the reference project's
// questionnaire: last year's Word answers (filled here first) are
// harvested, carried over to this year's version, and filled with the
// uncertain ones commented.
func TestYearlyRefreshInThreeCommands(t *testing.T) {
	dir := t.TempDir()
	last, next := filepath.Join(dir, "2025.docx"), filepath.Join(dir, "2026.docx")
	writeFile(t, last, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire-alternative.docx"))
	writeFile(t, next, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire.docx"))
	answers := filepath.Join(dir, "a.json")
	writeJSONFile(t, answers, []formats.Answer{{PairID: "P7", AnswerText: "Acme Ltd"}, {PairID: "P10", AnswerText: "1 High Street, London"}})
	filled := filepath.Join(dir, "2025.filled.docx")
	if r := cli(t, nil, "fill", last, "--answers", answers, "-o", filled); r.code != 0 {
		t.Fatalf("fill: %s", r.stderr)
	}

	r := cli(t, nil, "harvest", filled, "--json")
	if r.code != 0 || !strings.Contains(r.stdout, `"answer": "Acme Ltd"`) {
		t.Fatalf("harvest: %s %s", r.stdout, r.stderr)
	}
	carried := filepath.Join(dir, "carried.json")
	if r := cli(t, nil, "carry-over", filled, next, "-o", carried); r.code != 0 || !strings.Contains(r.stdout, "unmatched") {
		t.Fatalf("carry-over: %s %s", r.stdout, r.stderr)
	}
	var got []formats.Answer
	data, err := os.ReadFile(carried)
	if err != nil || json.Unmarshal(data, &got) != nil {
		t.Fatalf("carried answers %s: %v", data, err)
	}
	byFrom := map[string]formats.Answer{}
	for _, a := range got {
		if a.From == nil || a.Confidence == "" || a.Note == "" {
			t.Fatalf("%s: no source, confidence or note: %+v", a.PairID, a)
		}
		byFrom[a.From.ID] = a
	}
	// 1.1 "Legal Entity Name" is 1.1 "full legal company name" in the
	// table version; 1.2 the registered office address, in 1.3 there.
	if a := byFrom["P7"]; a.PairID != "T1-R2-C2" || a.AnswerText != "Acme Ltd" {
		t.Errorf("P7's answer carried to %s %q, want T1-R2-C2", a.PairID, a.AnswerText)
	}
	if a := byFrom["P10"]; a.PairID != "T1-R6-C2" {
		t.Errorf("P10's answer carried to %s, want T1-R6-C2 (the registered office address)", a.PairID)
	}
	out := filepath.Join(dir, "2026.filled.docx")
	if r := cli(t, nil, "fill", next, "--answers", carried, "-o", out, "--comment-uncertain"); r.code != 0 {
		t.Fatalf("fill with the carried answers: %s %s", r.stdout, r.stderr)
	}
	if r := cli(t, nil, "fill", next, "--previous", filled, "-o", filepath.Join(dir, "direct.docx")); r.code != 0 {
		t.Fatalf("fill --previous: %s %s", r.stdout, r.stderr)
	}
}

// A batch entry with "previous" carries its answers over and reports the
// counts.
func TestBatchCarriesOverFromPrevious(t *testing.T) {
	dir := t.TempDir()
	last, next := filepath.Join(dir, "2025.docx"), filepath.Join(dir, "2026.docx")
	writeFile(t, last, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire-alternative.docx"))
	writeFile(t, next, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire.docx"))
	answers := filepath.Join(dir, "a.json")
	writeJSONFile(t, answers, []formats.Answer{{PairID: "P7", AnswerText: "Acme Ltd"}})
	filled := filepath.Join(dir, "2025.filled.docx")
	if r := cli(t, nil, "fill", last, "--answers", answers, "-o", filled); r.code != 0 {
		t.Fatalf("fill: %s", r.stderr)
	}
	m := filepath.Join(dir, "m.jsonl")
	writeFile(t, m, []byte(`{"file": "2026.docx", "previous": "2025.filled.docx"}`+"\n"))
	s, r := runBatchJSON(t, nil, m, "--out-dir", filepath.Join(dir, "out"))
	if s.Done != 1 || len(s.Documents) != 1 || s.Documents[0].Carry == nil || s.Documents[0].Carry.Carried < 1 {
		t.Fatalf("batch: %+v %s", s, r.stderr)
	}
}
