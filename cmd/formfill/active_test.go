package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// TestActiveContentOnTheCommandLine: extract warns of a document's active
// content, fill warns that it kept it, and fill --strip-active-content
// removes it and says what it removed.
func TestActiveContentOnTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "active.docx")
	writeFile(t, doc, fixtures.ActiveDocx())
	answers := filepath.Join(dir, "answers.json")
	writeJSONFile(t, answers, []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"}})

	r := cli(t, nil, "extract", doc)
	if r.code != 0 || strings.Count(r.stdout, "! active content") != 5 || !strings.Contains(r.stdout, fixtures.ActiveURL+"pixel.png") {
		t.Fatalf("extract: exit %d, want 5 active-content warnings naming the picture's URL:\n%s", r.code, r.stdout)
	}
	kept := filepath.Join(dir, "kept.docx")
	if r = cli(t, nil, "fill", doc, "--answers", answers, "-o", kept); r.code != 0 || strings.Count(r.stdout, "warning: active content") < 5 {
		t.Fatalf("fill: exit %d, want warnings of the active content kept:\n%s%s", r.code, r.stdout, r.stderr)
	}
	stripped := filepath.Join(dir, "stripped.docx")
	r = cli(t, nil, "fill", doc, "--answers", answers, "-o", stripped, "--strip-active-content")
	if r.code != 0 || strings.Count(r.stdout, "removed active content") != 5 || strings.Contains(r.stdout, "warning: active content") {
		t.Fatalf("fill --strip-active-content: exit %d, want 5 removed lines and no warning:\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = cli(t, nil, "extract", stripped); r.code != 0 || strings.Contains(r.stdout, "active content") || !strings.Contains(r.stdout, "Acme Ltd") {
		t.Fatalf("extract of the stripped output: exit %d:\n%s", r.code, r.stdout)
	}
}
