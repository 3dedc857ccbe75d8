package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Structured references (Tbl[Col], Tbl[[#This Row],[Col]], [@Col],
// Tbl[#All], Tbl[[Col1]:[Col2]], Tbl[]) read a table's cells by its name
// and its columns'. efp splits them at their commas, and excelize does
// not compute them, so a formula's text is rewritten before it is parsed
// or computed: each structured reference becomes the A1 reference of the
// cells it reads ('Sheet'!$C$5:$C$100, or the one cell of a this-row
// reference). A reference that does not resolve (an unknown table or
// column, a table or book prefix, an item combination Excel refuses, a
// this-row reference off the table's data rows) is left as written: its
// '[' marks the formula as one whose references cannot be traced.

// structuredA1 is the formula text, of the cell at, with its structured
// references rewritten as A1 references; text itself when it holds none
// or the workbook's tables could not be read.
func (wb *workbook) structuredA1(at cell, text string) string {
	if strings.IndexByte(text, '[') < 0 {
		return text
	}
	tables, err := wb.tableSet()
	if err != nil || len(tables) == 0 {
		return text
	}
	return rewriteStructured(text, at, tables, wb.sheets)
}

// rewriteStructured is structuredA1 over tables, by upper-cased name, of
// a workbook whose sheets are sheets.
func rewriteStructured(text string, at cell, tables map[string]*tableDef, sheets []string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(text); {
		switch text[i] {
		case '"', '\'':
			i = quotedEnd(text, i)
			continue
		case '[':
		default:
			i++
			continue
		}
		start := i
		for start > 0 && tableNameByte(text[start-1]) {
			start--
		}
		end, ok := bracketEnd(text, i)
		if !ok {
			return text
		}
		if prefixed(text, start) || end < len(text) && (tableNameByte(text[end]) || text[end] == '!') {
			i = end // a book or sheet prefix: another workbook's, or not ours to read
			continue
		}
		if ref, ok := resolveStructured(text[start:i], text[i+1:end-1], at, tables); ok {
			if b.Len() == 0 {
				b.Grow(len(text) + 16)
			}
			b.WriteString(text[last:start])
			writeA1(&b, sheets, ref)
			last = end
		}
		i = end
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// quotedEnd is the index after the string or quoted name opening at i
// (a doubled quote is one quote within it), len(text) when unclosed.
func quotedEnd(text string, i int) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		if text[j] != q {
			continue
		}
		if j+1 < len(text) && text[j+1] == q {
			j++
			continue
		}
		return j + 1
	}
	return len(text)
}

// tableNameByte reports a byte a table's name may hold: letters, digits,
// '_', '.', '\' and any of a multi-byte character.
func tableNameByte(c byte) bool {
	return c == '_' || c == '.' || c == '\\' || c >= 0x80 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// prefixed reports a reference starting at start after a sheet's or a
// book's name (Book.xlsx!Tbl[Col], '[1]x'!Tbl[Col]).
func prefixed(text string, start int) bool {
	return start > 0 && (text[start-1] == '!' || text[start-1] == '\'' || text[start-1] == ']')
}

// bracketEnd is the index after the bracket opening at i closes, an
// apostrophe escaping the byte after it.
func bracketEnd(text string, i int) (int, bool) {
	depth := 0
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '\'':
			j++
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return j + 1, true
			}
		}
	}
	return 0, false
}

// writeA1 writes r as an absolute A1 reference on its sheet, quoted.
func writeA1(b *strings.Builder, sheets []string, r sheetRect) {
	b.WriteByte('\'')
	b.WriteString(strings.ReplaceAll(sheets[r.sheet-1], "'", "''"))
	b.WriteString("'!")
	writeCellA1(b, r.r1, r.c1)
	if r.r1 != r.r2 || r.c1 != r.c2 {
		b.WriteByte(':')
		writeCellA1(b, r.r2, r.c2)
	}
}

// writeCellA1 writes $C$5.
func writeCellA1(b *strings.Builder, row, col int) {
	name, _ := excelize.ColumnNumberToName(col)
	b.WriteByte('$')
	b.WriteString(name)
	b.WriteByte('$')
	b.WriteString(strconv.Itoa(row))
}

// text is node n's formula as the calculation computes it: its
// structured references as the A1 references they read.
func (b *calcBook) text(n *formulaNode) string {
	return b.wb.structuredA1(n.at, b.g.text(n))
}
