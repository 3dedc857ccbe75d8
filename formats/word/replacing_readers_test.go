package word

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
)

// runFormatScript prints, as JSON, the runs of every paragraph python-docx
// reads (body and table cells, content controls included) whose text holds
// argv[2]: text, bold, italic, capitals, colour and highlight as
// python-docx reports them (null for "not set").
const runFormatScript = `
import json, sys, docx
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
d = docx.Document(sys.argv[1])
out = []
for p in d.element.body.iter(qn('w:p')):
    para = Paragraph(p, d._body)
    if sys.argv[2] not in para.text:
        continue
    for r in para.runs:
        c = r.font.color
        out.append({"text": r.text, "bold": r.bold, "italic": r.italic, "caps": r.font.all_caps,
                    "color": str(c.rgb) if c.type is not None and c.rgb is not None else None,
                    "highlight": str(r.font.highlight_color) if r.font.highlight_color is not None else None})
json.dump(out, sys.stdout)
`

// pyRun is one run as python-docx reads it.
type pyRun struct {
	Text         string
	Bold, Italic *bool
	Caps         *bool
	Color        *string
	Highlight    *string
}

// pythonRuns reopens doc with python-docx and returns the runs of the
// paragraphs showing text. It skips tb when python-docx is absent (fails
// under readers.RequireEnv).
func pythonRuns(tb testing.TB, doc []byte, text string) []pyRun {
	tb.Helper()
	if err := exec.Command(readers.Python, "-c", "import docx").Run(); err != nil {
		msg := "python-docx not installed: apt-get install python3-docx (or bash .ci/install-readers)"
		if os.Getenv(readers.RequireEnv) != "" {
			tb.Fatalf("%s; %s is set, so readers are required", msg, readers.RequireEnv)
		}
		tb.Skip(msg)
	}
	path := filepath.Join(tb.TempDir(), "written.docx")
	if err := os.WriteFile(path, doc, 0o600); err != nil {
		tb.Fatal(err)
	}
	cmd := exec.Command(readers.Python, "-c", runFormatScript, path, text)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		tb.Fatalf("python-docx does not read the written document: %v: %s", err, stderr.String())
	}
	var runs []pyRun
	if err := json.Unmarshal(out, &runs); err != nil {
		tb.Fatal(err)
	}
	return runs
}

// fmtRun is a run of one w:t with the given run properties (XML).
func fmtRun(rPr, text string) string {
	return `<w:r><w:rPr>` + rPr + `</w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}

// An answer written over a prompt, reopened by python-docx. It takes the
// formatting of the prompt's first character, as text typed over the
// prompt in Word does, less highlight, shading, hidden text and a
// placeholder style (inheritedRPr). Templates are made for that: the
// shapes are real ones (FedRAMP's blue prompts, ILPA's bold brackets,
// the "[" of "[Please complete in block capitals]" in capitals), and
// emphasis only a prompt's words show is the prompt's own, which the
// answer does not take.
func TestAnswerOverPromptTakesItsFirstCharactersFormatting(t *testing.T) {
	const bold, italic, caps, blue, grey, yellow = `<w:b/>`, `<w:i/>`, `<w:caps/>`, `<w:color w:val="366091"/>`, `<w:color w:val="8C8D8E"/>`, `<w:highlight w:val="yellow"/>`
	tests := []struct {
		name, para         string
		bold, italic, caps bool
		color              string // "" for none
	}{
		{"words alone bold and blue",
			fmtRun(``, "&lt;") + fmtRun(bold+blue, "First Service Name") + fmtRun(``, "&gt;"), false, false, false, ""},
		{"bold blue words in blue brackets",
			fmtRun(blue, "&lt;") + fmtRun(bold+blue, "m/d/yyyy") + fmtRun(blue, "&gt;"), false, false, false, "366091"},
		{"bold brackets, bold italic words",
			fmtRun(bold, "[") + fmtRun(bold+italic, "NAME OF FUND") + fmtRun(bold, "]"), true, false, false, ""},
		{"bold brackets, italic highlighted words",
			fmtRun(bold, "[") + fmtRun(italic+yellow, "Agreed form to be inserted") + fmtRun(bold, "]"), true, false, false, ""},
		{"bold grey label and highlighted blank",
			fmtRun(bold+grey, "PROVIDER: ") + fmtRun(bold+grey+yellow, "_______"), true, false, false, "8C8D8E"},
		{"bracket in capitals asks for block capitals",
			fmtRun(bold+italic+caps, "[") + fmtRun(italic, "Please complete in block capitals") + fmtRun(bold+italic, "]"), true, true, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := packDocx(t, map[string]string{ // a package python-docx opens
				"[Content_Types].xml":          agreementTypes,
				"_rels/.rels":                  agreementRootRels,
				"word/_rels/document.xml.rels": xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`,
				"word/document.xml":            agreementDocument(hintTable("Answer", `<w:p>`+tt.para+`</w:p>`)),
			})
			res, err := New().Write(doc, []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Zed Answer"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var got *pyRun
			for _, r := range pythonRuns(t, res.Document, "Zed Answer") {
				if strings.Contains(r.Text, "Zed Answer") {
					got = &r
				}
			}
			if got == nil {
				t.Fatalf("python-docx reads no run of the answer (change %+v)", res.Changes[0])
			}
			if on(got.Bold) != tt.bold || on(got.Italic) != tt.italic || on(got.Caps) != tt.caps || str(got.Color) != tt.color || got.Highlight != nil {
				t.Fatalf("answer run: bold %v italic %v caps %v colour %q highlight %q; want bold %v italic %v caps %v colour %q, no highlight (mode %s)",
					on(got.Bold), on(got.Italic), on(got.Caps), str(got.Color), str(got.Highlight), tt.bold, tt.italic, tt.caps, tt.color, res.Changes[0].Mode)
			}
		})
	}
}

// on reads python-docx's tri-state toggle: nil (inherited) is off here,
// where no style sets it.
func on(b *bool) bool { return b != nil && *b }

// str is s's value, "" for nil.
func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
