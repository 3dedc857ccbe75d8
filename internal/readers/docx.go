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

// Control is a form control of a .docx as python-docx's tree shows it.
type Control struct {
	// Kind is text, richtext, checkbox, dropdown, combobox or date for a
	// content control (w:sdt); legacy-text, legacy-checkbox or
	// legacy-dropdown for a legacy form field.
	Kind string `json:"kind"`
	// Name is the control's alias (else its tag) or the legacy field's name.
	Name string `json:"name"`
	// Tag is the content control's w:tag, if any.
	Tag string `json:"tag"`
	// Text is what the control shows: its content's text (paragraphs joined
	// by "\n"), a legacy text field's result, a legacy dropdown's selection.
	Text string `json:"text"`
	// Checked is a checkbox's state (w14:checked, or the legacy
	// checked/default flag).
	Checked bool `json:"checked"`
	// Placeholder is set while a content control shows its placeholder
	// (w:showingPlcHdr); a filled control must have cleared it.
	Placeholder bool `json:"placeholder"`
	// Options are a dropdown's entries (display texts).
	Options []string `json:"options"`
}

// DocxControls opens doc with python-docx and returns its content controls
// (at every level: inline, block, row, cell) and legacy form fields, in
// document order, so tests can check a filled checkbox's state, that a
// control survived a write, or that it no longer shows its placeholder.
func DocxControls(tb testing.TB, doc []byte) []Control {
	tb.Helper()
	needPython(tb, "docx", "python-docx", "python3-docx")
	var cs []Control
	runScript(tb, "docx_controls.py", writeTemp(tb, "controls.docx", doc), &cs)
	return cs
}
