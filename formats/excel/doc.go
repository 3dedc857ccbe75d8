// Package excel is formfill's engine for Excel .xlsx questionnaires.
//
// Cells are addressed by element IDs S1-R5-C3 (sheet index, row, column,
// all 1-based) or by Excel references Sheet!C5 and 'Sheet name'!C5; both
// are accepted wherever a location is. Documents pass the archive guard
// (formats.OpenArchive) before excelize inflates anything.
//
// Answer targets are found two ways: cells in columns whose header names an
// answer (Answer, Response, Comments, Notes, Yes/No …) on rows that carry a
// question, and, on sheets without such a header, the empty cell right of
// (else below) question-like text. Writes store text as text (never as a
// formula), numbers and dates as values keeping the cell's style, respect
// list validations and merged ranges, and replace only the worksheets and
// shared strings they touch: every other part of the package is copied
// byte for byte.
package excel
