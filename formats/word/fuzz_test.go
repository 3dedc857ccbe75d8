package word

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
	"github.com/formfill/formfill/internal/fixtures"
)

// FuzzExtract feeds arbitrary bytes, as a zip and as document.xml, through
// every reader: each must return a typed input error or a result, never
// panic or hang.
func FuzzExtract(f *testing.F) {
	f.Add(fixture(f, fixtures.WordContentControls), false)
	f.Add([]byte(`<w:document xmlns:w="`+nsW+`"><w:body><w:tbl><w:tr><w:sdt><w:sdtContent><w:tc><w:p/></w:tc></w:sdtContent></w:sdt></w:tr></w:tbl></w:body></w:document>`), true)
	f.Add([]byte(`<w:document xmlns:w="`+nsW+`"><w:body><w:p><w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:checkBox/></w:ffData></w:fldChar></w:r></w:p></w:body></w:document>`), true)
	f.Add([]byte("PK\x03\x04garbage"), false)
	f.Fuzz(func(t *testing.T, data []byte, asXML bool) {
		doc := data
		if asXML {
			doc = rawDocx(t, string(data))
		}
		e := New()
		c, err := e.ExtractCompact(doc)
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		if _, err := e.ExtractText(doc); err != nil {
			t.Fatalf("compact worked but text failed: %v", err)
		}
		fields, err := e.ListFields(doc)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Verify(doc, []formats.ExpectedAnswer{{PairID: "T1-R1-C1", ExpectedText: "x"}}); err != nil {
			t.Fatal(err)
		}
		var answers []formats.Answer
		// An ID chosen by the input, not by a map's random order: a fuzz
		// input must run the same way every time, or its coverage misleads
		// the fuzzer; and different inputs still write different elements.
		if ids := slices.Sorted(maps.Keys(c.IDToXPath)); len(ids) > 0 {
			answers = append(answers, formats.Answer{PairID: ids[len(data)%len(ids)], AnswerText: "true"})
		}
		for _, fl := range fields {
			answers = append(answers, formats.Answer{XPath: fl.XPath, AnswerText: "yes"})
			break
		}
		if len(answers) > 0 {
			res, err := e.Write(doc, answers, formats.WriteOptions{})
			if err != nil {
				if !formats.IsInputError(err) {
					t.Fatalf("untyped write error: %v", err)
				}
				return
			}
			if _, err := e.ExtractCompact(res.Document); err != nil {
				t.Fatalf("written document does not reopen: %v", err)
			}
		}
	})
}

// FuzzXPath checks that the XPath guard never lets an unsafe path reach
// etree and that evaluation never panics.
func FuzzXPath(f *testing.F) {
	for _, s := range []string{"/w:body/w:tbl[2]/w:tr[3]/w:tc[2]/w:p[1]", "//w:t", "/w:body/w:p[1]/..", "/w:body/w:p[999999]", "/w:body/w:p[1]/w:r[@x]", "/w:body/w:p["} {
		f.Add(s)
	}
	d, err := open(fixture(f, fixtures.WordNestedTable), nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, xp string) {
		rel, err := wordxml.CheckXPath(xp)
		if err != nil {
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("untyped: %v", err)
			}
			return
		}
		if strings.Contains(rel, "..") || strings.Contains(rel, "//") || strings.ContainsAny(rel, "@()*|'\"") {
			t.Fatalf("unsafe path %q accepted", xp)
		}
		el, err := resolveXPath(d.body, xp)
		if err == nil && xpathOf(d.body, el) == "" {
			t.Fatalf("%q resolved outside the body", xp)
		}
	})
}

// FuzzSnippet checks the snippet matcher on arbitrary fragments.
func FuzzSnippet(f *testing.F) {
	for _, s := range []string{`<w:tc><w:p><w:r><w:t>Name</w:t></w:r></w:p></w:tc>`, `<x:p xmlns:x="` + nsW + `"/>`, `plain text`, `<w:p><w:p>`, `<!ENTITY x "y">`, `<w:r></w:r><w:r/>`} {
		f.Add(s)
	}
	d, err := open(fixture(f, fixtures.WordMixedLayout), nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, snippet string) {
		if strings.TrimSpace(snippet) == "" {
			return
		}
		v, err := d.validate(formats.Location{Snippet: snippet})
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped: %v", err)
			}
			return
		}
		switch v.Status {
		case formats.LocationMatched, formats.LocationAmbiguous:
			if _, err := resolveXPath(d.body, v.XPath); err != nil {
				t.Fatalf("reported XPath %q does not resolve: %v", v.XPath, err)
			}
		case formats.LocationNotFound:
		default:
			t.Fatalf("status %q", v.Status)
		}
	})
}

// FuzzAnswers writes arbitrary answers (ID, XPath, text, insertion XML,
// mode) into a fixed form: each write must end in a typed input error or
// in a document that reopens with its structure intact, never in a panic,
// an untyped error or a broken document.
func FuzzAnswers(f *testing.F) {
	f.Add("T1-R2-C2", "", "Acme Ltd\nline two\tx", "", "")
	f.Add("", "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", "yes", "", "append")
	f.Add("P3", "", "", `<w:r><w:t>x</w:t></w:r>`, "replace_content")
	f.Add("T1-R1-C1-P1", "", "<&>\x01\uFFFE", "", "replace_placeholder")
	f.Add("SDT1", "", "SKIP", "<w:p><w:r>", "bogus")
	doc := fixture(f, fixtures.WordMixedLayout)
	f.Fuzz(func(t *testing.T, pairID, xpath, text, insertion, mode string) {
		e := New()
		a := formats.Answer{PairID: pairID, XPath: xpath, AnswerText: text, InsertionXML: insertion, Mode: formats.Mode(mode)}
		res, err := e.Write(doc, []formats.Answer{a}, formats.WriteOptions{})
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error for %+v: %v", a, err)
			}
			return
		}
		rep, err := e.Verify(res.Document, nil)
		if err != nil {
			t.Fatalf("written document does not reopen: %v", err)
		}
		if len(rep.StructuralIssues) > 0 {
			t.Fatalf("answer %+v broke the structure: %v", a, rep.StructuralIssues)
		}
	})
}

// FuzzEdits applies arbitrary in-place edits (mode, target, find,
// occurrence, text, force) to the agreement fixture: each must end in a
// typed input error or in a document that reopens with its structure
// intact, and without force nothing the source held (fields, footnote
// references, bookmarks) may be lost.
func FuzzEdits(f *testing.F) {
	f.Add("replace_text", "P2", "[Initial Closing.]", 0, "Initial Closing.", false)
	f.Add("delete", "P5", "agreement,", 1, "", false)
	f.Add("delete", "P8", "", 0, "", true)
	f.Add("insert_after", "P3", "", 0, "<definition>T</definition> means x.\n\n<header>H</header> y", false)
	f.Add("replace_text", "T1-R2-C1", "Signer", -1, "<b>x</b>", false)
	f.Add("replace_content", "P5", "", 0, "x", true)
	doc := agreementDocx(f)
	f.Fuzz(func(t *testing.T, mode, id, find string, occ int, text string, force bool) {
		a := formats.Answer{PairID: id, Mode: formats.Mode(mode), Find: find, Occurrence: formats.Occurrence(occ), AnswerText: text, Force: force}
		res, rep, err := New().Fill(doc, []formats.Answer{a}, formats.WriteOptions{})
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error for %+v: %v", a, err)
			}
			return
		}
		d, err := open(res.Document, nil, nil)
		if err != nil {
			t.Fatalf("written document does not reopen: %v", err)
		}
		if issues, _ := d.structuralIssues(); len(issues) > 0 {
			t.Fatalf("answer %+v broke the structure: %v", a, issues)
		}
		if !force && len(rep.StructuralIssues) > 0 {
			t.Fatalf("answer %+v without force lost: %v", a, rep.StructuralIssues)
		}
	})
}
