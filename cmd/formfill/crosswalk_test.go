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

// carry-over --map: the crosswalk's pair of questions carries the answer
// as known, its note naming the crosswalk file.
func TestCarryOverFollowsTheMap(t *testing.T) {
	dir := t.TempDir()
	last, next := filepath.Join(dir, "2025.docx"), filepath.Join(dir, "2026.docx")
	writeFile(t, last, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire-alternative.docx"))
	writeFile(t, next, realdocs.Read(t, "questionnaires", "vibe-legal-vendor-questionnaire.docx"))
	answers := filepath.Join(dir, "a.json")
	writeJSONFile(t, answers, []formats.Answer{{PairID: "P10", AnswerText: "1 High Street, London"}})
	filled := filepath.Join(dir, "2025.filled.docx")
	if r := cli(t, nil, "fill", last, "--answers", answers, "-o", filled); r.code != 0 {
		t.Fatalf("fill: %s", r.stderr)
	}
	cw := filepath.Join(dir, "renumbered.csv")
	writeFile(t, cw, []byte("new,old\n1.3,1.2\n"))
	carried := filepath.Join(dir, "carried.json")
	if r := cli(t, nil, "carry-over", filled, next, "--map", cw, "-o", carried); r.code != 0 {
		t.Fatalf("carry-over --map: %s %s", r.stdout, r.stderr)
	}
	var got []formats.Answer
	data, err := os.ReadFile(carried)
	if err != nil || json.Unmarshal(data, &got) != nil {
		t.Fatalf("carried answers %s: %v", data, err)
	}
	if len(got) != 1 || got[0].PairID != "T1-R6-C2" || got[0].Confidence != formats.Known || !strings.Contains(got[0].Note, "renumbered.csv maps 1.2 → 1.3") {
		t.Errorf("carried %+v, want P10's answer on T1-R6-C2, known, its note naming renumbered.csv", got)
	}
	if r := cli(t, nil, "carry-over", filled, next, "--map", filepath.Join(dir, "none.csv")); r.code == 0 || !strings.Contains(r.stderr, "none.csv") {
		t.Errorf("a missing --map file: exit %d, %s", r.code, r.stderr)
	}
}
