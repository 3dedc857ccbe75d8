package readers_test

import (
	"archive/zip"
	"bytes"
	"io"
	"reflect"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// withComments is formatsXLSX with a comments part on its sheet: a note
// on A1 in two runs by the first author, one on B1 by the second.
func withComments(t *testing.T) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(formatsXLSX(t)), int64(len(formatsXLSX(t))))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(name, data string) {
		w, err := zw.Create(name)
		if err == nil {
			_, err = io.WriteString(w, data)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		add(f.Name, string(data))
	}
	add("xl/worksheets/_rels/sheet1.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="../comments1.xml"/></Relationships>`)
	add("xl/comments1.xml", `<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Jane</author><author>Bot</author></authors><commentList>`+
		`<comment ref="A1" authorId="0"><text><r><rPr><b/></rPr><t>Jane:</t></r><r><t xml:space="preserve">`+"\n"+`check</t></r></text></comment>`+
		`<comment ref="B1" authorId="1"><text><t>plain</t></text></comment></commentList></comments>`)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// One process reads both workbooks' notes: runs joined, each note's
// author, and none for a workbook without.
func TestXLSXNotesOfReadsEveryNote(t *testing.T) {
	books := readers.XLSXNotesOf(t, withComments(t), formatsXLSX(t))
	want := []map[string]map[string]readers.Note{
		{"Values": {"A1": {Text: "Jane:\ncheck", Author: "Jane"}, "B1": {Text: "plain", Author: "Bot"}}},
		{"Values": {}},
	}
	if !reflect.DeepEqual(books, want) {
		t.Errorf("notes %v\nwant %v", books, want)
	}
}
