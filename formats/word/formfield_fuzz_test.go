package word

import (
	"strings"
	"testing"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// FuzzFormField feeds arbitrary w:ffData markup, and an arbitrary answer,
// through the ffData reader and through a write into a field carrying it:
// nothing panics, a refusal is a typed input error, and an answer that is
// written is shown by the field, which is still there.
func FuzzFormField(f *testing.F) {
	f.Add(`<w:name w:val="Company"/><w:textInput><w:maxLength w:val="6"/><w:type w:val="number"/></w:textInput>`, "250", "FORMTEXT")
	f.Add(`<w:textInput><w:type w:val="date"/><w:format w:val="dddd, MMMM d, yyyy 'at' HH:mm"/></w:textInput>`, "2026-01-31", "FORMTEXT")
	f.Add(`<w:textInput><w:format w:val="TITLE CASE"/></w:textInput>`, "ann  lee", "FORMTEXT")
	f.Add(`<w:textInput><w:type w:val="number"/><w:format w:val="#,##0.00"/></w:textInput>`, "-1234567.891", "FORMTEXT")
	f.Add(`<w:ddList><w:result w:val="7"/><w:listEntry w:val="A"/><w:listEntry/></w:ddList>`, "a", "FORMDROPDOWN")
	f.Add(`<w:checkBox><w:default w:val="1"/><w:checked w:val="0"/></w:checkBox>`, "no", "FORMCHECKBOX")
	f.Add(`<w:helpText w:type="autoText" w:val="x"/><w:statusText w:val="Say"/><w:textInput><w:maxLength w:val="-3"/><w:format w:val="'"/></w:textInput>`, "x", "FORMTEXT")
	f.Fuzz(func(t *testing.T, ffInner, answer, instr string) {
		inner := etree.NewDocument()
		if err := inner.ReadFromString(`<w:ffData xmlns:w="` + nsW + `">` + ffInner + `</w:ffData>`); err != nil {
			return // not XML: no document holds it
		}
		info := readFormField(inner.Root())
		if info.selected >= len(info.entries) {
			t.Fatalf("selected %d of %d entries", info.selected, len(info.entries))
		}
		if out, err := info.fitText(answer); err == nil && info.maxLength > 0 && len([]rune(out)) > info.maxLength {
			t.Fatalf("fitText gave %q, longer than maxLength %d", out, info.maxLength)
		}
		field := `<w:r><w:fldChar w:fldCharType="begin"><w:ffData>` + ffInner + `</w:ffData></w:fldChar></w:r>` +
			`<w:r><w:instrText xml:space="preserve"> ` + xmlEscape(instr) + ` </w:instrText></w:r>` +
			`<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>old</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
		doc := bodyDocx(t, `<w:p><w:r><w:t xml:space="preserve">Label: </w:t></w:r>`+field+`</w:p>`)
		e := New()
		if _, err := e.ExtractCompact(doc); err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		res, rep, err := e.Fill(doc, []formats.Answer{{PairID: "P1", AnswerText: answer}}, formats.WriteOptions{})
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped write error: %v", err)
			}
			return
		}
		d := reopen(t, res.Document)
		if n := len(legacyFields(d.body)); n != 1 {
			t.Fatalf("%d form fields after the write, want the one", n)
		}
		if info.kind != "checkbox" && rep.Summary.Total == 1 && rep.Summary.Matched == 1 && strings.Contains(textOf(d.body), "old") && !strings.Contains(answer, "old") {
			t.Fatalf("the write was verified but the field still shows its old result: %q", textOf(d.body))
		}
	})
}

func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '\t' || r == '\n' || r >= 0x20 && r != 0xFFFE && r != 0xFFFF && (r < 0xD800 || r > 0xDFFF):
			b.WriteRune(r)
		}
	}
	return b.String()
}
