package readers

import (
	"strings"
	"testing"
)

// docxView is what py/docx_read.py prints.
type docxView struct {
	Lines  []string     `json:"lines"`
	Tables [][][]string `json:"tables"`
}

func readDocx(tb testing.TB, doc []byte) docxView {
	tb.Helper()
	needPython(tb, "docx", "python-docx", "python3-docx")
	var v docxView
	runScript(tb, "docx_read.py", writeTemp(tb, "doc.docx", doc), &v)
	return v
}

// DocxText opens doc with python-docx and returns its text, one line per
// paragraph in document order: body paragraphs, every table cell's
// paragraphs row by row (nested tables included), and the content of
// content controls at any level (block, row, cell, inline). Field results
// count, field instructions and deleted text do not; text boxes, headers
// and footers are not read. It fails tb if python-docx cannot open doc.
func DocxText(tb testing.TB, doc []byte) string {
	tb.Helper()
	return strings.Join(readDocx(tb, doc).Lines, "\n")
}

// DocxTables opens doc with python-docx and returns its top-level tables
// (those in the body or in a body-level content control) as
// table → row → cell text, 0-based, so formfill's T2-R3-C1 is
// tables[1][2][0]. Rows and cells wrapped in content controls count like
// plain ones, matching formfill's numbering of w:tr and w:tc elements
// (a cell spanning two grid columns is one cell). A cell's text is its
// paragraphs joined by "\n", nested tables included.
func DocxTables(tb testing.TB, doc []byte) [][][]string {
	tb.Helper()
	return readDocx(tb, doc).Tables
}
