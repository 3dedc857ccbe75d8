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

// Real forms nobody on the project wrote (the shared forms): the CLI lists
// their fields, fills the first plain text field and the fill verifies.
func TestFillRealForms(t *testing.T) {
	if testing.Short() {
		t.Skip("real forms: several seconds each")
	}
	dir, err := filepath.Abs(realdocs.SharedForms())
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("real forms not available at %s: %v", dir, err)
	}
	for _, e := range entries {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if ext != ".docx" && ext != ".xlsx" && ext != ".pdf" {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			doc := filepath.Join(dir, e.Name())
			r := cli(t, nil, "extract", doc, "--mode", "fields", "--json")
			if r.code != 0 {
				t.Fatalf("extract fields: exit %d: %s", r.code, r.stderr)
			}
			var out struct{ Fields []formats.FormField }
			if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
				t.Fatal(err)
			}
			id := firstPlainTextField(out.Fields)
			if id == "" {
				t.Skipf("no plain text field among %d fields", len(out.Fields))
			}
			tmp := t.TempDir()
			answers := filepath.Join(tmp, "answers.json")
			// Short: some real fields have a MaxLen of 2.
			writeJSONFile(t, answers, []formats.Answer{{PairID: id, AnswerText: "42"}})
			filled := filepath.Join(tmp, "filled"+ext)
			if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", filled); r.code != 0 {
				t.Fatalf("fill %s: exit %d\n%s\n%s", id, r.code, r.stdout, r.stderr)
			}
			if r := cli(t, nil, "verify", filled, "--expected", answers); r.code != 0 {
				t.Fatalf("verify the saved %s: exit %d\n%s\n%s", id, r.code, r.stdout, r.stderr)
			}
		})
	}
}

// firstPlainTextField returns the first writable text field without options
// whose ID names only it.
func firstPlainTextField(fields []formats.FormField) string {
	count := map[string]int{}
	for _, f := range fields {
		count[f.FieldID]++
	}
	for _, f := range fields {
		if f.FieldType == "text" && !f.ReadOnly && len(f.Options) == 0 && count[f.FieldID] == 1 {
			return f.FieldID
		}
	}
	return ""
}
