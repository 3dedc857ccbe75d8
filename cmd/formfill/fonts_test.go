package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/fonttest"
	"github.com/formfill/formfill/internal/readers"
)

// A Japanese name in a PDF form: with the system's Noto fonts it is drawn
// and verified; with the fonts pointed at an empty directory the fill
// still writes the value but exits 1, reporting it not_visible and naming
// the characters.
func TestFontDirDecidesWhatAPDFFillCanShow(t *testing.T) {
	fonttest.Require(t)
	dir := t.TempDir()
	doc := filepath.Join(dir, "form.pdf")
	if err := os.WriteFile(doc, fixtures.PDFForm(), 0o600); err != nil {
		t.Fatal(err)
	}
	answers := filepath.Join(dir, "answers.json")
	writeJSONFile(t, answers, []formats.Answer{{PairID: "name", AnswerText: "山田太郎"}})
	empty := t.TempDir()

	shown := filepath.Join(dir, "shown.pdf")
	if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", shown); r.code != 0 {
		t.Fatalf("fill with the system's fonts: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	out, _ := os.ReadFile(shown)
	if text := readers.PDFText(t, out); !strings.Contains(text, "山田太郎") {
		t.Errorf("pdftotext does not show the name:\n%s", text)
	}

	tests := []struct {
		scenario string
		env      []string
		args     []string
	}{
		{"flags", nil, []string{"--font-dir", empty, "--no-system-fonts"}},
		{"environment", []string{"FORMFILL_FONT_DIRS=" + empty, "FORMFILL_SYSTEM_FONTS=false"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			hidden := filepath.Join(t.TempDir(), "hidden.pdf")
			args := append([]string{"fill", doc, "--answers", answers, "-o", hidden}, tt.args...)
			r := cli(t, tt.env, args...)
			if r.code != exitFailure {
				t.Fatalf("exit %d, want 1\n%s%s", r.code, r.stdout, r.stderr)
			}
			for _, want := range []string{"NOT_VISIBLE", "'山' (U+5C71)", "no available font"} {
				if !strings.Contains(r.stdout+r.stderr, want) {
					t.Errorf("output lacks %q:\n%s%s", want, r.stdout, r.stderr)
				}
			}
			out, err := os.ReadFile(hidden)
			if err != nil {
				t.Fatalf("the document was not saved: %v", err)
			}
			if v := readers.PDFFields(t, out)["name"]; v != "山田太郎" {
				t.Errorf("stored value %q, want the name", v)
			}
		})
	}
}
