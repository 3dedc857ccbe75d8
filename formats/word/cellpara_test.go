package word

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// signatureCell is a one-cell table asking for three things, as signature
// blocks do, after a heading paragraph.
const signatureCell = `<w:tbl><w:tr><w:tc>` +
	`<w:p><w:r><w:t>Party: Acme</w:t></w:r></w:p>` +
	`<w:p><w:r><w:t xml:space="preserve">Name: </w:t></w:r></w:p>` +
	`<w:p><w:r><w:t>☐ Email</w:t></w:r></w:p>` +
	`<w:p><w:r><w:t>Date:</w:t></w:r></w:p>` +
	`</w:tc></w:tr></w:tbl>`

func TestCellParagraphLookup(t *testing.T) {
	d, err := open(bodyDocx(t, signatureCell), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id    string
		xpath string // "" when the ID must not resolve
	}{
		{"T1-R1-C1-P2", "/w:body/w:tbl[1]/w:tr[1]/w:tc[1]/w:p[2]"},
		{" t1-r1-c1-p4 ", "/w:body/w:tbl[1]/w:tr[1]/w:tc[1]/w:p[4]"},
		{"T1-R1-C1-P5", ""},  // past the last paragraph
		{"T1-R1-C1-P0", ""},  // paragraphs count from 1
		{"T1-R1-C1-P02", ""}, // one spelling per ID
		{"T1-R1-C1-Px", ""},
		{"T1-R1-P1", ""},    // a row is not a cell
		{"T9-R1-C1-P1", ""}, // no such cell
	}
	for _, tt := range tests {
		n, ok := d.ix.lookup(tt.id)
		switch {
		case tt.xpath == "" && ok:
			t.Errorf("%q resolved to %s, want unknown", tt.id, n.path())
		case tt.xpath != "" && !ok:
			t.Errorf("%q did not resolve", tt.id)
		case ok && n.path() != tt.xpath:
			t.Errorf("%q = %s, want %s", tt.id, n.path(), tt.xpath)
		}
	}
}

func TestSeveralFieldsInOneCellGetParagraphIDs(t *testing.T) {
	doc := bodyDocx(t, signatureCell)
	e := New()
	fields, err := e.ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"T1-R1-C1-P2": "text", "T1-R1-C1-P3": "checkbox", "T1-R1-C1-P4": "text"}
	got := map[string]string{}
	for _, f := range fields {
		got[f.FieldID] = f.FieldType
	}
	for id, typ := range want {
		if got[id] != typ {
			t.Errorf("field %s: type %q, want %q (fields %+v)", id, got[id], typ, fields)
		}
	}
	c, err := e.ExtractCompact(doc)
	if err != nil {
		t.Fatal(err)
	}
	for id := range want {
		if !strings.Contains(c.CompactText, "  "+id+": ") || c.IDToXPath[id] == "" {
			t.Errorf("%s has no compact line or XPath:\n%s", id, c.CompactText)
		}
	}
	answers := []formats.Answer{
		{PairID: "T1-R1-C1-P2", AnswerText: "Jane Doe"},
		{PairID: "T1-R1-C1-P3", AnswerText: "yes"},
		{PairID: "T1-R1-C1-P4", AnswerText: "2026-11-23"},
	}
	res, err := e.Write(doc, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := e.Verify(res.Document, formats.ExpectedFromAnswers(answers))
	if err != nil || rep.Summary.Matched != len(answers) {
		t.Fatalf("verify: %v %+v", err, rep)
	}
	text, _ := e.ExtractText(res.Document)
	for _, line := range []string{"Party: Acme", "Name: Jane Doe", "☒ Email", "Date: 2026-11-23"} {
		if !strings.Contains(text, line) {
			t.Errorf("written text lacks %q:\n%s", line, text)
		}
	}
}

// TestFieldIDsAreUnique: on every fixture and real-world form, two fields
// share an ID only when they sit in the same paragraph.
func TestFieldIDsAreUnique(t *testing.T) {
	for _, pd := range pipelineDocs(t) {
		fields, err := New().ListFields(pd.data)
		if err != nil {
			t.Fatalf("%s: %v", pd.name, err)
		}
		seen := map[string]string{}
		for _, f := range fields {
			para := paragraphOf(f.XPath)
			if prev, ok := seen[f.FieldID]; ok && prev != para {
				t.Errorf("%s: %s names fields in %s and %s", pd.name, f.FieldID, prev, para)
			}
			seen[f.FieldID] = para
		}
	}
}

// paragraphOf cuts an XPath after its last w:p step.
func paragraphOf(xp string) string {
	if i := strings.LastIndex(xp, "/w:p["); i >= 0 {
		if j := strings.IndexByte(xp[i:], ']'); j >= 0 {
			return xp[:i+j+1]
		}
	}
	return xp
}
