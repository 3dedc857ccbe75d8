package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// questionnaireBook writes a one-sheet questionnaire: Question | Answer
// | Comments, a question a row, with answers when filled.
func questionnaireBook(t *testing.T, path string, rows [][2]string) {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	set := func(cell string, v any) {
		if err := f.SetCellValue("Sheet1", cell, v); err != nil {
			t.Fatal(err)
		}
	}
	set("A1", "Question")
	set("B1", "Answer")
	set("C1", "Comments")
	for i, r := range rows {
		set(fmt.Sprintf("A%d", i+2), r[0])
		if r[1] != "" {
			set(fmt.Sprintf("B%d", i+2), r[1])
		}
	}
	if err := f.SaveAs(path); err != nil {
		t.Fatal(err)
	}
}

var cellID = regexp.MustCompile(`^S1-R(\d+)-C(\d+)$`)

// cellRef spells a sheet cell's ID (S1-R5-C2) as its reference (B5).
func cellRef(t *testing.T, id string) string {
	t.Helper()
	m := cellID.FindStringSubmatch(id)
	if m == nil {
		t.Fatalf("%s is not a cell of the first sheet", id)
	}
	r, _ := strconv.Atoi(m[1])
	c, _ := strconv.Atoi(m[2])
	ref, err := excelize.CoordinatesToCellName(c, r)
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// fill --previous … --comment-uncertain notes every answer carried on a
// guess (confidence uncertain) with why, and leaves the answers carried
// as known without a note: the reviewer sees exactly which to check.
// Reopened with openpyxl.
func TestFillPreviousCommentsEveryUncertainAnswer(t *testing.T) {
	dir := t.TempDir()
	last, next := filepath.Join(dir, "2025.xlsx"), filepath.Join(dir, "2026.xlsx")
	questionnaireBook(t, last, [][2]string{
		{"Do you encrypt customer data at rest?", "Yes, AES-256"},
		{"Is multi-factor authentication required for all administrator accounts and remote access?", "Yes"},
		{"How often are backups restored and tested?", "Quarterly"},
		{"Who is your data protection officer?", "Jane Doe"},
		{"Do you hold an ISO 27001 certificate?", "Yes, since 2019"},
	})
	questionnaireBook(t, next, [][2]string{
		{"Do you encrypt customer data at rest?", ""},
		{"Is multi-factor authentication required for administrator accounts?", ""},
		{"How often are backups tested?", ""},
		{"Who is your data protection officer?", ""},
		{"Describe your physical security controls", ""},
	})
	carried := filepath.Join(dir, "carried.json")
	if r := cli(t, nil, "carry-over", last, next, "-o", carried); r.code != 0 {
		t.Fatalf("carry-over: %s %s", r.stdout, r.stderr)
	}
	var answers []formats.Answer
	data, err := os.ReadFile(carried)
	if err != nil || json.Unmarshal(data, &answers) != nil {
		t.Fatalf("carried answers %s: %v", data, err)
	}
	out := filepath.Join(dir, "2026.filled.xlsx")
	if r := cli(t, nil, "fill", next, "--previous", last, "-o", out, "--comment-uncertain"); r.code != 0 {
		t.Fatalf("fill --previous --comment-uncertain: %s %s", r.stdout, r.stderr)
	}
	book, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	notes, cells := readers.XLSXNotes(t, book)["Sheet1"], readers.XLSXCells(t, book)["Sheet1"]
	uncertain, known := 0, 0
	for _, a := range answers {
		ref := cellRef(t, a.PairID)
		if cells[ref] != a.AnswerText {
			t.Errorf("%s holds %q, want the carried %q", ref, cells[ref], a.AnswerText)
		}
		n, noted := notes[ref]
		switch a.Confidence {
		case formats.Uncertain:
			uncertain++
			if !noted || a.Note == "" || !strings.Contains(n.Text, a.Note) {
				t.Errorf("uncertain answer %s (%q): note %+v, want one holding %q", ref, a.AnswerText, n, a.Note)
			}
		case formats.Known:
			known++
			if noted {
				t.Errorf("known answer %s has a note %q, want none", ref, n.Text)
			}
		}
	}
	t.Logf("%d uncertain, %d known answers carried", uncertain, known)
	if uncertain < 2 || known < 1 {
		t.Fatalf("carried %d uncertain and %d known answers, want both kinds (at least 2 and 1): %s", uncertain, known, data)
	}
}
