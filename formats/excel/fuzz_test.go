package excel

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// FuzzExtract feeds mutated workbooks to every reader and a write: each
// must return a result or a typed input error, never panic or hang.
func FuzzExtract(f *testing.F) {
	doc := fixture(f)
	f.Add(doc)
	f.Add(doc[:len(doc)/3])
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(readEverything)
}

// FuzzParts mutates one XML part of a good workbook at a time (the part is
// chosen by index), so the mutations reach the engine's XML readers and
// the format book: FuzzExtract's mutated zips mostly stop at a checksum.
func FuzzParts(f *testing.F) {
	parts := unzip(f, fixture(f))
	for i, p := range parts {
		f.Add(uint8(i), p.data)
	}
	f.Add(uint8(0), []byte(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>`))
	f.Fuzz(func(t *testing.T, part uint8, content []byte) {
		i := int(part) % len(parts)
		readEverything(t, rezip(t, parts, parts[i].name, content))
	})
}

// readEverything runs every reader and a write on data: each must return a
// result or a typed input error, never panic or hang.
func readEverything(t *testing.T, data []byte) {
	e := New()
	check := func(op string, err error) {
		if err != nil && !formats.IsInputError(err) {
			t.Fatalf("%s: untyped error %v", op, err)
		}
	}
	_, err := e.ExtractCompact(data)
	check("compact", err)
	_, err = e.ExtractText(data)
	check("text", err)
	_, err = e.ListFields(data)
	check("list", err)
	_, err = e.Validate(data, []formats.Location{{PairID: "S1-R3-C3"}})
	check("validate", err)
	_, err = e.Write(data, []formats.Answer{{PairID: "S1-R3-C4", AnswerText: "=1+1"}}, formats.WriteOptions{})
	check("write", err)
}

// FuzzParseRef checks the location parser on arbitrary strings.
func FuzzParseRef(f *testing.F) {
	wb, err := open(fixture(f))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"S1-R5-C3", "Assessment!C5", "'Contact Details'!B7", "'a''b'!A1", "XFD1048576"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := wb.parseRef(s)
		if err == nil && (c.sheet < 1 || c.sheet > len(wb.sheets) || checkBounds(s, c) != nil) {
			t.Fatalf("parseRef(%q) accepted out-of-range %+v", s, c)
		}
	})
}

// FuzzAnswers writes arbitrary answers (cell ID or Sheet!A1 reference,
// text, mode) into a fixed workbook: each write must end in a typed input
// error or in a workbook that reopens, and text is never stored as a
// formula.
func FuzzAnswers(f *testing.F) {
	f.Add("S1-R3-C4", "", "=HYPERLINK(\"http://x\")", "")
	f.Add("", "Vendor!D4", "Yes", "append")
	f.Add("S9-R1-C1", "", "x", "")
	f.Add("", "'Sheet 1'!ZZZ99999999", "\x00\uFFFE", "replace_placeholder")
	doc := fixture(f)
	f.Fuzz(func(t *testing.T, pairID, ref, text, mode string) {
		e := New()
		a := formats.Answer{PairID: pairID, XPath: ref, AnswerText: text, Mode: formats.Mode(mode)}
		res, err := e.Write(doc, []formats.Answer{a}, formats.WriteOptions{})
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error for %+v: %v", a, err)
			}
			return
		}
		if _, err := e.ListFields(res.Document); err != nil {
			t.Fatalf("written workbook does not reopen: %v", err)
		}
		if before, after := formulas(t, doc), formulas(t, res.Document); after != before {
			t.Fatalf("answer %+v was stored as a formula (%d formulas before, %d after)", a, before, after)
		}
	})
}

// formulas counts the formula elements in a workbook's worksheets.
func formulas(t *testing.T, doc []byte) int {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, "xl/worksheets/") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		n += bytes.Count(data, []byte("<f>")) + bytes.Count(data, []byte("<f "))
	}
	return n
}
