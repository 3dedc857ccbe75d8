package word

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/realdocs"
)

// twoCells is a one-table body: a header row, then a label and a cell
// holding cell's paragraphs.
func twoCells(cell string) string {
	return `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Question</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Answer</w:t></w:r></w:p></w:tc></w:tr>` +
		`<w:tr><w:tc><w:p><w:r><w:t>Outcome</w:t></w:r></w:p></w:tc><w:tc>` + cell + `</w:tc></w:tr></w:tbl>`
}

// promptPara is a paragraph of one run showing text (XML-escaped).
func promptPara(text string) string {
	return `<w:p><w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

func TestWriteWithoutModeDoesWhatTheMapSays(t *testing.T) {
	tests := []struct {
		name string
		cell string
		want string // the cell's text after a plain answer "Zed"
		mode formats.Mode
	}{
		{"angle-bracket options replaced", promptPara("&lt;Satisfied/Other-Than-Satisfied/Pending&gt;"), "Zed", formats.ReplaceContent},
		{"date-format prompt replaced", promptPara("&lt;m/d/yyyy&gt;"), "Zed", formats.ReplaceContent},
		{"options on lines in an answer column replaced", promptPara("Yes") + promptPara("No"), "Zed", formats.ReplaceContent},
		{"prompt that is a REF field kept, answer after it",
			`<w:p><w:fldSimple w:instr=" REF CSPName "><w:r><w:t>&lt;Insert CSP Name&gt;</w:t></w:r></w:fldSimple></w:p>`,
			"<Insert CSP Name>\nZed", formats.Append},
		{"placeholder crossing a field kept, answer after it",
			`<w:p><w:r><w:t>[Enter </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DATE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>here]</w:t></w:r></w:p>`,
			"[Enter here]\nZed", formats.Append},
		{"text that is no prompt kept, answer after it", promptPara("Reviewed by Legal in 2023."), "Reviewed by Legal in 2023.\nZed", formats.Append},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := bodyDocx(t, twoCells(tt.cell))
			res, err := New().Write(doc, []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Zed"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if c := res.Changes[0]; c.Mode != tt.mode || c.After != tt.want {
				t.Fatalf("change = %+v, want mode %s and %q", c, tt.mode, tt.want)
			}
			mapped := mapModes(t, doc)["T1-R2-C2"]
			if mapped != "" && mapped != tt.mode {
				t.Fatalf("the map says %s, the writer did %s", mapped, tt.mode)
			}
		})
	}
}

// mapModes is the mode the map names for a plain answer at each target.
func mapModes(tb testing.TB, doc []byte) map[string]formats.Mode {
	tb.Helper()
	d := reopen(tb, doc)
	ts, err := d.answerTargets()
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]formats.Mode{}
	for _, t := range ts {
		out[t.n.id] = t.mode
	}
	return out
}

// TestMapModeIsTheWritersDefault holds the writer's mode for an answer
// without one (answerMode) to the mode the map names at every target
// that names one, on the fixtures and the real questionnaires.
func TestMapModeIsTheWritersDefault(t *testing.T) {
	docs := map[string]func(*testing.T) []byte{}
	for _, name := range []string{fixtures.WordTwoColumn, fixtures.WordParagraphForm, fixtures.WordContentControls,
		fixtures.WordLegacyFields, fixtures.WordSplitPlaceholders, fixtures.WordMixedLayout} {
		docs[name] = func(t *testing.T) []byte { return fixture(t, name) }
	}
	for _, name := range []string{"fedramp-new-service-onboarding-form.docx", "gsa-508-e202.2-legacy-ict-exception-form.docx",
		"pci-dss-4.0-saq-a.docx", "ico-dpia-template.docx", "openchain-ma-checklist.docx", "vibe-legal-vendor-questionnaire.docx"} {
		docs[name] = func(t *testing.T) []byte { return realdocs.Read(t, "questionnaires", name) } // skips when absent
	}
	for name, load := range docs {
		t.Run(name, func(t *testing.T) {
			doc := load(t)
			d := reopen(t, doc)
			ts, err := d.answerTargets()
			if err != nil {
				t.Fatal(err)
			}
			f := d.modeFinder()
			named := 0
			for _, at := range ts {
				if at.mode == "" {
					continue
				}
				named++
				got, named, err := d.answerMode(target{id: at.n.id, el: at.n.el, node: at.n}, f)
				if err != nil || got != at.mode || !named {
					t.Errorf("%s %q: the map says %s, the writer would use %s (%v)", at.n.id, strings.TrimSpace(textOf(at.n.el)), at.mode, got, err)
				}
			}
			t.Logf("%d targets, %d name a mode", len(ts), named)
		})
	}
}
