// Package excel is formfill's engine for Excel .xlsx questionnaires.
//
// Cells are addressed by element IDs S1-R5-C3 (sheet index, row, column,
// all 1-based) or by Excel references Sheet!C5 and 'Sheet name'!C5; both
// are accepted wherever a location is. Documents pass the archive guard
// (formats.OpenArchive) before any part is inflated.
//
// Answer targets (targets.go) come from every signal a questionnaire gives:
// headers naming answer columns, repeated per section or in part; list
// validations; unlocked cells on a sheet whose protection marks its inputs;
// question-ID columns that say which rows ask; option rows under a
// question; and, without such columns, the blank beside (else under) a
// question or a label. Formulas, hidden rows, columns and sheets, locked
// cells, cells whose input message says to leave them blank, stray lists
// and reviewers' columns never are. Each target carries its question and
// what it accepts (accepts.go), in the compact map and as JSON.
//
// Reading: every XML part passes the XML guard (xmlguard.go, with its
// fast tokenizer fastxml.go) before anything else reads it, and the
// guard's pass over a worksheet scans it (scan.go, rowscan.go): the tools
// take a sheet's rows and formulas from that scan, and a sheet the scan
// cannot follow from readCells' reading of its part (sheetcells.go). The
// workbook part (sheets, their visibility, defined names, the date system:
// book.go), the shared strings (the scan's, else sstread.go), the styles
// and theme (each cell format's number format, protection and looks:
// stylesread.go, stylesformat.go), each sheet's data validations, x14 ones
// included (validread.go), and each sheet's comments (commentsread.go) are
// read by formfill's own one-pass readers. Each sheet's hyperlinks are
// read in the scan's pass (hyperlinks.go), their targets resolved through
// the sheet's relationships: a question or instruction that links to a
// policy or a standard carries the link on its line of the map ("link:"),
// and a write keeps every link byte for byte. The reading is held to
// openpyxl's, kind by kind, on every real workbook (realreaders_test.go).
// A text answer into a cell a formula of its own sheet reads as a
// number is refused, naming the formula (numeric.go): stricter than the
// warning such an answer gets when the formula is on another sheet, whose
// formulas the map does not show beside the cell. No call opens the workbook in
// excelize. It is asked only to format the cells whose number format it
// applies, in a small format book holding those cells alone
// (formatbook.go, cellshown.go), and to evaluate formulas, in a
// calculation book (calcbook.go).
//
// Writes store text as text (never as a formula), numbers and dates as
// values keeping the cell's style, and respect list validations and merged
// ranges. The patching writer (patchsheet.go, patchrow.go, patchsave.go)
// streams each changed worksheet's XML through the guard's tokenizer and
// rewrites only the written cells (and the formula cells whose cached
// values recalc.go recomputed), inserts new cells and rows in order,
// widens the dimension and extends copied validations; new strings go at
// the end of the shared strings table (patchpkg.go, patchsst.go), notes
// into the sheet's comments and VML drawing (notespatch.go,
// notescomments.go) from formfill's own model of the write's notes
// (notes.go), which reads the notes already there from the package.
// The other parts a write can change, and how: the workbook part gains
// fullCalcOnLoad (recalcpatch.go), the styles part a cell format or
// number format where an answer needs one (never changing one in use:
// patchstyles.go), and the content types and relationships the parts a
// write adds: a shared strings part when the workbook had none, a sheet's
// first comments and drawing for notes (patchsave.go). Every other entry of
// the package is copied raw, and every other byte of a changed part is
// the original's; a sheet stored in another encoding than UTF-8 is
// written back whole as UTF-8. The cells a write reads (the text
// before and after, the codes beside a cell, verify's read back) come
// from the same scans and readers as the read tools', with the write's
// own edits laid over them (cellread.go, cellirregular.go).
package excel
