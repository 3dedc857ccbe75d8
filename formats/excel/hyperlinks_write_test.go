package excel

import (
	"bytes"
	"maps"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// A write into cells that carry hyperlinks keeps every link byte for
// byte: the sheet's <hyperlinks> and its relationships part are the
// original's, and openpyxl reads the same link on every cell after the
// write, the written cells holding the answers.
func TestWriteKeepsHyperlinksByteForByte(t *testing.T) {
	type linkedWrite struct {
		name    string
		doc     func(t *testing.T) []byte
		sheet   string
		answers []formats.Answer
	}
	for _, tt := range []linkedWrite{
		{"answer cells inside a linked range", func(t *testing.T) []byte { return kindsBook(t, "") }, "Questions",
			[]formats.Answer{answer("Questions!D6", "Acme Cloud"), answer("Questions!C5", "Yes")}},
		{"a linked cell of a real workbook overwritten", func(t *testing.T) []byte {
			return realdocs.Read(t, "questionnaires", "fedramp-pqc-systems-inventory.xlsx")
		}, "Inventory Guidance", []formats.Answer{answer("'Inventory Guidance'!F129", "Yes [26]")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			orig := tt.doc(t)
			parts, err := mustOpen(t, orig).parts()
			must(t, err)
			part := parts[tt.sheet]
			rels := part[:len("xl/worksheets/")] + "_rels/" + part[len("xl/worksheets/"):] + ".rels"
			out := write(t, orig, tt.answers...).Document
			if before, after := hyperlinksXML(t, zipEntry(t, orig, part)), hyperlinksXML(t, zipEntry(t, out, part)); !bytes.Equal(before, after) {
				t.Errorf("the sheet's hyperlinks changed:\n%s\nnow\n%s", before, after)
			}
			if !bytes.Equal(zipEntry(t, orig, rels), zipEntry(t, out, rels)) {
				t.Errorf("%s changed", rels)
			}
			books := readers.XLSXPartsOf(t, orig, out)
			if before, after := books[0][tt.sheet].Links, books[1][tt.sheet].Links; !maps.Equal(before, after) || len(before) == 0 {
				t.Errorf("openpyxl reads %d links before the write, %d after:\n%v\n%v", len(before), len(after), before, after)
			}
			values := readers.XLSXValues(t, out)[0]
			for _, a := range tt.answers {
				_, ref := splitRef(a.PairID)
				if got := values.Cell(tt.sheet, ref).Value; got != a.AnswerText {
					t.Errorf("%s holds %q after the write, want %q", a.PairID, got, a.AnswerText)
				}
				if _, linked := books[1][tt.sheet].Links[ref]; !linked {
					t.Errorf("%s lost its link", a.PairID)
				}
			}
		})
	}
}

// hyperlinksXML is the <hyperlinks> element of a worksheet's XML, as
// written; it fails tb when the sheet has none.
func hyperlinksXML(tb testing.TB, sheetXML []byte) []byte {
	tb.Helper()
	start, end := bytes.Index(sheetXML, []byte("<hyperlinks")), bytes.Index(sheetXML, []byte("</hyperlinks>"))
	if start < 0 || end < start {
		tb.Fatal("the sheet has no <hyperlinks>")
	}
	return sheetXML[start : end+len("</hyperlinks>")]
}
