package word

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// pipelineDoc is one document the full pipeline runs on.
type pipelineDoc struct {
	name string
	data []byte
}

// pipelineDocs are the Word fixtures and every .docx of the shared forms.
func pipelineDocs(t *testing.T) []pipelineDoc {
	var docs []pipelineDoc
	for _, name := range fixtures.Names() {
		if strings.HasPrefix(name, "word/") {
			docs = append(docs, pipelineDoc{name, fixture(t, name)})
		}
	}
	return appendDocx(t, docs, realdocs.SharedForms(), "no real-world forms in %s: pipeline runs on fixtures only")
}

// appendDocx adds every .docx of dir to docs; where there is none it logs
// absent (a format taking dir) and adds nothing.
func appendDocx(t *testing.T, docs []pipelineDoc, dir, absent string) []pipelineDoc {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, "*.docx"))
	if len(matches) == 0 {
		t.Logf(absent, dir)
	}
	for _, m := range matches {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, pipelineDoc{filepath.Base(m), b})
	}
	return docs
}

// answersForDoc extracts a document's compact map and fields and picks an
// answer for every field (answersFor).
func answersForDoc(t *testing.T, doc []byte) (*formats.CompactStructure, []formats.FormField, []formats.Answer) {
	t.Helper()
	c, err := New().ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	return c, fields, answersFor(fields, c.IDToXPath)
}

// answersFor picks an answer for every listed field: a unique text for
// text-like fields, the first option of a drop-down, true for a checkbox.
// A field sharing its ID with another is addressed by its XPath.
func answersFor(fields []formats.FormField, idToXPath map[string]string) []formats.Answer {
	perID := map[string]int{}
	for _, f := range fields {
		perID[f.FieldID]++
	}
	var out []formats.Answer
	for i, f := range fields {
		a := formats.Answer{PairID: f.FieldID, AnswerText: fmt.Sprintf("Answer %d", i+1)}
		if perID[f.FieldID] > 1 {
			if f.XPath == idToXPath[f.FieldID] {
				continue // several blanks in one paragraph: the first one is filled through another entry
			}
			a.PairID, a.XPath = "", f.XPath
		}
		switch f.FieldType {
		case "checkbox":
			a.AnswerText = "true"
		case "dropdown":
			a.AnswerText = f.Options[len(f.Options)-1]
		}
		out = append(out, a)
	}
	return out
}

func TestPipeline(t *testing.T) {
	e := New()
	var outs []written
	for _, pd := range pipelineDocs(t) {
		t.Run(pd.name, func(t *testing.T) {
			c, fields, answers := answersForDoc(t, pd.data)
			if len(answers) == 0 {
				t.Fatalf("no answer targets found; compact:\n%s", c.CompactText)
			}
			var locs []formats.Location
			for _, a := range answers {
				if a.PairID != "" {
					locs = append(locs, formats.Location{PairID: a.PairID})
					if !strings.Contains(c.CompactText, a.PairID+": ") {
						t.Errorf("%s is listed as a field but has no compact line", a.PairID)
					}
				}
			}
			vals, err := e.Validate(pd.data, locs)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if v.Status != formats.LocationMatched || v.XPath != c.IDToXPath[v.PairID] {
					t.Errorf("validate %s = %+v", v.PairID, v)
				}
			}
			res, rep, err := formats.Fill(e, pd.data, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() || rep.Summary.Matched != len(formats.ExpectedFromAnswers(answers)) {
				t.Fatalf("verify: %+v", rep)
			}
			again, err := e.Verify(res.Document, formats.ExpectedFromAnswers(answers))
			if err != nil || !again.OK() {
				t.Fatalf("verify on the written bytes: %+v %v", again, err)
			}
			t.Logf("%d fields, %d answers written", len(fields), len(res.Changes))
			outs = append(outs, written{pd.name, res.Document, answers})
		})
	}
	t.Run("independent readers", func(t *testing.T) { checkReaders(t, outs) })
}

// written is a filled document and the answers written into it.
type written struct {
	name    string
	doc     []byte
	answers []formats.Answer
}

// checkReaders reopens every filled document with python-docx and
// LibreOffice (one LibreOffice start for all) and looks for each text
// answer.
func checkReaders(t *testing.T, outs []written) {
	docs := make([][]byte, len(outs))
	for i, o := range outs {
		docs[i] = o.doc
	}
	lo := readers.LibreOfficeTexts(t, docs, "docx")
	for i, o := range outs {
		py := readers.DocxText(t, o.doc)
		for _, a := range o.answers {
			if !strings.HasPrefix(a.AnswerText, "Answer ") {
				continue
			}
			if !strings.Contains(py, a.AnswerText) {
				t.Errorf("%s: python-docx does not see %q", o.name, a.AnswerText)
			}
			if !strings.Contains(lo[i], a.AnswerText) {
				t.Errorf("%s: LibreOffice does not see %q", o.name, a.AnswerText)
			}
		}
	}
}
