package word

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// writeOne writes answers and returns the result and the written text of
// each answer's target (re-read from the output).
func writeOne(t *testing.T, doc []byte, answers ...formats.Answer) (*formats.WriteResult, *document) {
	t.Helper()
	res, err := New().Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := open(res.Document, nil, nil)
	if err != nil {
		t.Fatalf("written document does not reopen: %v", err)
	}
	return res, d
}

func textAt(t *testing.T, d *document, id string) string {
	t.Helper()
	n, ok := d.ix.lookup(id)
	if !ok {
		t.Fatalf("no %s in written document", id)
	}
	return textOf(n.el)
}

func TestWriteScenarios(t *testing.T) {
	tests := []struct {
		name     string
		fixture  string
		answer   formats.Answer
		checkID  string
		want     string            // the target's text afterwards
		mode     formats.Mode      // the mode reported
		xmlCheck func(string) bool // on the written document.xml
	}{
		{"empty cell gets answer", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R2-C2", AnswerText: "Acme Ltd"}, "T1-R2-C2", "Acme Ltd", formats.ReplaceContent, nil},
		{"lower-case ID", fixtures.WordTwoColumn, formats.Answer{PairID: "t1-r3-c2", AnswerText: "1 Main St"}, "T1-R3-C2", "1 Main St", formats.ReplaceContent, nil},
		{"xpath target", fixtures.WordTwoColumn, formats.Answer{XPath: "/w:body/w:tbl[1]/w:tr[4]/w:tc[2]", AnswerText: "Jo"}, "T1-R4-C2", "Jo", formats.ReplaceContent, nil},
		{"newline and tab", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R8-C2", AnswerText: "Daily\tfull\nWeekly"}, "T1-R8-C2", "Daily\tfull\nWeekly", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, "<w:br/>") && strings.Contains(x, "<w:tab/>") }},
		{"illegal characters stripped and escaped", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R5-C2", AnswerText: "a\x00b\x1f<c>&"}, "T1-R5-C2", "ab<c>&", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, "ab&lt;c&gt;&amp;") }},
		{"append to cell with text", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R2-C1", AnswerText: "(legal)", Mode: formats.Append}, "T1-R2-C1", "Company legal name\n(legal)", formats.Append, nil},
		{"paragraph placeholder", fixtures.WordParagraphForm, formats.Answer{PairID: "P3", AnswerText: "Acme"}, "P3", "Company name: Acme", formats.ReplacePlaceholder, nil},
		{"underscore placeholder", fixtures.WordParagraphForm, formats.Answer{PairID: "P6", AnswerText: "J. Smith"}, "P6", "Signed by: J. Smith", formats.ReplacePlaceholder, nil},
		{"placeholder split over two runs", fixtures.WordSplitPlaceholders, formats.Answer{PairID: "P2", AnswerText: "Acme"}, "P2", "Company: Acme", formats.ReplacePlaceholder, nil},
		{"placeholder split over three runs", fixtures.WordSplitPlaceholders, formats.Answer{PairID: "P3", AnswerText: "1 High St"}, "P3", "Address: 1 High St", formats.ReplacePlaceholder,
			func(x string) bool { return strings.Contains(x, `<w:t xml:space="preserve">Address: </w:t>`) }},
		{"placeholder across bookmark and proofErr", fixtures.WordSplitPlaceholders, formats.Answer{PairID: "P4", AnswerText: "555"}, "P4", "Phone: 555", formats.ReplacePlaceholder,
			func(x string) bool { return strings.Contains(x, `w:name="phone"`) }},
		{"underscores split, underline kept", fixtures.WordSplitPlaceholders, formats.Answer{PairID: "P5", AnswerText: "JS"}, "P5", "Signature: JS", formats.ReplacePlaceholder,
			func(x string) bool {
				return strings.Contains(x, `<w:u w:val="single"/></w:rPr><w:t xml:space="preserve">JS</w:t>`)
			}},
		{"placeholder in cell", fixtures.WordSplitPlaceholders, formats.Answer{PairID: "T1-R2-C2", AnswerText: "example.com"}, "T1-R2-C2", "example.com", formats.ReplacePlaceholder, nil},
		{"inline text control keeps sdt", fixtures.WordContentControls, formats.Answer{PairID: "P2", AnswerText: "Acme"}, "P2", "Company name: Acme", formats.ReplaceContent,
			func(x string) bool {
				return strings.Contains(x, `<w:alias w:val="Company name"/>`) && !strings.Contains(x, `w:val="Company name"/><w:tag w:val="Company name"/><w:id w:val="100001"/><w:showingPlcHdr/>`)
			}},
		{"body-level control keeps sdt", fixtures.WordContentControls, formats.Answer{PairID: "SDT1", AnswerText: "None"}, "SDT1", "None", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, `<w:alias w:val="Additional comments"/>`) }},
		{"dropdown takes option", fixtures.WordContentControls, formats.Answer{PairID: "P6", AnswerText: "yes"}, "P6", "Data hosted in EU: Yes", formats.ReplaceContent, nil},
		{"cell in sdt row", fixtures.WordContentControls, formats.Answer{PairID: "T1-R3-C2", AnswerText: "Finance"}, "T1-R3-C2", "Finance", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, `<w:alias w:val="Department row"/>`) }},
		{"cell wrapped in sdt", fixtures.WordContentControls, formats.Answer{PairID: "T1-R4-C2", AnswerText: "CC-42"}, "T1-R4-C2", "CC-42", formats.ReplaceContent, nil},
		{"content-control checkbox", fixtures.WordContentControls, formats.Answer{PairID: "P4", AnswerText: "yes"}, "P4", "☒ I accept the terms", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, `<w14:checked w14:val="1"/>`) }},
		{"content-control checkbox cleared", fixtures.WordContentControls, formats.Answer{PairID: "P5", AnswerText: "false"}, "P5", "☐ Subscribe to updates", formats.ReplaceContent, nil},
		{"legacy text field", fixtures.WordLegacyFields, formats.Answer{PairID: "P2", AnswerText: "Ann Lee"}, "P2", "Full name: Ann Lee", formats.ReplaceContent,
			func(x string) bool {
				// the answer keeps the result run's formatting (noProof here)
				return strings.Contains(x, `separate"/></w:r><w:r><w:rPr><w:noProof/></w:rPr><w:t xml:space="preserve">Ann Lee</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/>`)
			}},
		{"legacy text field in cell", fixtures.WordLegacyFields, formats.Answer{PairID: "T1-R2-C2", AnswerText: "Acme"}, "T1-R2-C2", "Acme", formats.ReplaceContent, nil},
		{"legacy checkbox", fixtures.WordLegacyFields, formats.Answer{PairID: "P4", AnswerText: "checked"}, "P4", " I agree", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, `<w:default w:val="0"/><w:checked/></w:checkBox>`) }},
		{"nested cell", fixtures.WordNestedTable, formats.Answer{PairID: "T1-R2-C2/T1-R2-C2", AnswerText: "a@b.c"}, "T1-R2-C2/T1-R2-C2", "a@b.c", formats.ReplaceContent, nil},
		{"insertion_xml wins", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R2-C2", AnswerText: "ignored", InsertionXML: `<w:r><w:rPr><w:b/></w:rPr><w:t>Bold Co</w:t></w:r>`}, "T1-R2-C2", "Bold Co", formats.ReplaceContent,
			func(x string) bool { return strings.Contains(x, `<w:b/></w:rPr><w:t>Bold Co</w:t>`) }},
		{"insertion paragraphs into cell", fixtures.WordTwoColumn, formats.Answer{PairID: "T1-R2-C2", InsertionXML: `<p:p xmlns:p="` + nsW + `"><p:r><p:t>One</p:t></p:r></p:p><w:p><w:r><w:t>Two</w:t></w:r></w:p>`}, "T1-R2-C2", "One\nTwo", formats.ReplaceContent, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, d := writeOne(t, fixture(t, tt.fixture), tt.answer)
			if got := textAt(t, d, tt.checkID); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
			if len(res.Changes) != 1 || res.Changes[0].Mode != tt.mode {
				t.Errorf("changes = %+v, want one in mode %s", res.Changes, tt.mode)
			}
			// A legacy box's change leads with its state (TestLegacyBoxChangeShowsItsState).
			if after, text := res.Changes[0].After, textAt(t, d, tt.checkID); after != text && strings.TrimLeft(after, "☐☒") != text {
				t.Errorf("change.After = %q", res.Changes[0].After)
			}
			x := documentXMLOf(t, res.Document)
			if tt.xmlCheck != nil && !tt.xmlCheck(x) {
				t.Errorf("document.xml fails the check:\n%s", x[strings.Index(x, "<w:body>"):])
			}
			if issues, _ := d.structuralIssues(); len(issues) > 0 {
				t.Errorf("structural issues: %v", issues)
			}
			if strings.Contains(x, "<w:r></w:r>") || strings.Contains(x, "<w:r/>") {
				t.Error("empty run stub left")
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name    string
		doc     []byte
		answers []formats.Answer
		kind    error
		msg     string
	}{
		{"unknown ID", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T9-R1-C1", AnswerText: "x"}}, formats.ErrInvalidArgument, "T9-R1-C1"},
		{"descendant xpath", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{XPath: "//w:t", AnswerText: "x"}}, formats.ErrInvalidArgument, "unsafe"},
		{"parent steps", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{XPath: "/w:body/w:tbl[1]/../..", AnswerText: "x"}}, formats.ErrInvalidArgument, "unsafe"},
		{"xpath to nothing", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{XPath: "/w:body/w:tbl[7]/w:tr[1]/w:tc[1]", AnswerText: "x"}}, formats.ErrInvalidArgument, "no element"},
		{"no content", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C2"}}, formats.ErrInvalidArgument, "T1-R2-C2"},
		{"bad mode", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "x", Mode: "overwrite"}}, formats.ErrInvalidArgument, "mode"},
		{"row target", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2", AnswerText: "x"}}, formats.ErrInvalidArgument, "cells"},
		{"no placeholder", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C1", AnswerText: "x", Mode: formats.ReplacePlaceholder}}, formats.ErrInvalidArgument, "no placeholder"},
		{"checkbox needs boolean", fixture(t, fixtures.WordContentControls), []formats.Answer{{PairID: "P4", AnswerText: "perhaps"}}, formats.ErrInvalidArgument, "P4"},
		{"dropdown option unknown", fixture(t, fixtures.WordContentControls), []formats.Answer{{PairID: "P6", AnswerText: "Maybe"}}, formats.ErrInvalidArgument, "Yes | No | N/A"},
		{"legacy dropdown entry unknown", fixture(t, fixtures.WordLegacyFields), []formats.Answer{{PairID: "P6", AnswerText: "Mars"}}, formats.ErrInvalidArgument, "Cloud"},
		{"disallowed insertion element", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C2", InsertionXML: `<w:r><w:fldChar w:fldCharType="begin"/></w:r>`}}, formats.ErrInvalidArgument, "w:fldChar"},
		{"malformed insertion", fixture(t, fixtures.WordTwoColumn), []formats.Answer{{PairID: "T1-R2-C2", InsertionXML: `<w:r><w:t>x</w:r>`}}, formats.ErrInvalidArgument, "T1-R2-C2"},
		{"replace would cut a field spanning paragraphs", bodyDocx(t,
			`<w:p><w:r><w:t>Total: </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r></w:p>`+
				`<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`), []formats.Answer{{PairID: "P1", AnswerText: "x", Mode: formats.ReplaceContent}}, formats.ErrInvalidArgument, "cut through"},
		{"placeholder spanning a field", bodyDocx(t,
			`<w:p><w:r><w:t>[Enter </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> DATE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>here]</w:t></w:r></w:p>`),
			[]formats.Answer{{PairID: "P1", AnswerText: "x", Mode: formats.ReplacePlaceholder}}, formats.ErrInvalidArgument, "cut through"},
		{"target removed by an earlier answer", fixture(t, fixtures.WordTwoColumn), []formats.Answer{
			{PairID: "T1-R2-C2", InsertionXML: `<w:p><w:r><w:t>a</w:t></w:r></w:p><w:p><w:r><w:t>b</w:t></w:r></w:p>`},
			{PairID: "T1-R2-C2", AnswerText: "c", Mode: formats.ReplaceContent},
			{XPath: "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]/w:p[1]", AnswerText: "d"},
		}, formats.ErrInvalidArgument, "removed by an earlier answer"},
		{"nested table replaced whole", fixture(t, fixtures.WordNestedTable), []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "x", Mode: formats.ReplaceContent}}, formats.ErrInvalidArgument, "nested"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New().Write(tt.doc, tt.answers, formats.WriteOptions{})
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want %v mentioning %q", err, tt.kind, tt.msg)
			}
		})
	}
}

func TestWriteSkipAndDryRun(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	answers := []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Acme"}, {PairID: "T1-R3-C2", AnswerText: "SKIP"}}
	dry, err := New().Write(doc, answers, formats.WriteOptions{DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if dry.Document != nil || !dry.DryRun || len(dry.Changes) != 1 || dry.Changes[0].After != "Acme" || dry.Changes[0].Before != "" {
		t.Fatalf("dry run = %+v", dry)
	}
	if len(dry.Skipped) != 1 || dry.Skipped[0] != "T1-R3-C2" {
		t.Fatalf("skipped = %v", dry.Skipped)
	}
	_, d := writeOne(t, doc, answers...)
	if got := textAt(t, d, "T1-R3-C2"); got != "" {
		t.Fatalf("skipped cell = %q", got)
	}
}

func TestWriteKeepsOtherEntriesByteIdentical(t *testing.T) {
	doc := fixture(t, fixtures.WordTwoColumn)
	res, _ := writeOne(t, doc, formats.Answer{PairID: "T1-R2-C2", AnswerText: "Acme"})
	in, out := entries(t, doc), entries(t, res.Document)
	if len(in) != len(out) {
		t.Fatalf("entries %d → %d", len(in), len(out))
	}
	for name, b := range in {
		if name == documentPart {
			continue
		}
		if !bytes.Equal(b, out[name]) {
			t.Errorf("%s changed", name)
		}
	}
	x := documentXMLOf(t, res.Document)
	for _, keep := range []string{`mc:Ignorable="w14 w15 wp14"`, `w14:paraId="10000001"`, `standalone="yes"`} {
		if strings.Contains(documentXMLOf(t, doc), keep) && !strings.Contains(x, keep) {
			t.Errorf("lost %s", keep)
		}
	}
}

func entries(t *testing.T, doc []byte) map[string][]byte {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.OpenRaw()
		b, _ := io.ReadAll(rc)
		out[f.Name] = b
	}
	return out
}

func TestDefaultMode(t *testing.T) {
	tests := []struct {
		name string
		body string
		want formats.Mode
	}{
		{"placeholder", `<w:p><w:r><w:t>Name: [Enter here]</w:t></w:r></w:p>`, formats.ReplacePlaceholder},
		{"stock placeholder", `<w:p><w:r><w:t>Click or tap here to enter text.</w:t></w:r></w:p>`, formats.ReplacePlaceholder},
		{"empty", `<w:p/>`, formats.ReplaceContent},
		{"text", `<w:p><w:r><w:t>Name:</w:t></w:r></w:p>`, formats.Append},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := New().Write(bodyDocx(t, tt.body), []formats.Answer{{PairID: "P1", AnswerText: "Zed"}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Changes[0].Mode != tt.want || !strings.Contains(res.Changes[0].After, "Zed") {
				t.Fatalf("change = %+v, want mode %s", res.Changes[0], tt.want)
			}
		})
	}
}
