package excel

import (
	"strings"
	"testing"
)

// canonicalRefCases are references at the edges of what cellRef reads
// as canonical.
var canonicalRefCases = []string{"A1", "B7", "LZ696", "XFD1048576", "XFE1", "A1048577", "AAAA1", "A12345678", "A0", "A07", "a1", "1", "A", "", "A1B", "ZZZ9999999", "ABC12345", "AB123456", "A1234567", "ABC1234", "ZZ0", "A1\x00"}

func TestCanonicalRefReadsAsCellRef(t *testing.T) {
	for _, ref := range canonicalRefCases {
		checkCanonicalRef(t, ref)
	}
}

func FuzzCanonicalRef(f *testing.F) {
	for _, ref := range canonicalRefCases {
		f.Add(ref)
	}
	f.Fuzz(checkCanonicalRef)
}

// checkCanonicalRef fails t unless canonicalRef takes ref, quoted, when
// cellRef reads it as canonical, with the same column and row: read a
// byte at a time near the data's end, read from a word (refWord) with
// more data after it, and by canonicalRefBytes alone.
func checkCanonicalRef(t *testing.T, ref string) {
	if strings.Contains(ref, `"`) {
		return // the quote ends a reference in XML
	}
	wantCol, wantRow, canonical, _ := cellRef(ref)
	for _, tail := range []string{`"/>`, `"/><c r="B2"/>`, `" s="12"/></row>`} {
		d := []byte(`r="` + ref + tail)
		for way, read := range []func([]byte, int) (int, int, int, bool){canonicalRef, canonicalRefBytes} {
			col, row, next, ok := read(d, 3)
			if ok != canonical || ok && (col != wantCol || row != wantRow || next != 3+len(ref)) {
				t.Fatalf("canonicalRef(%q) (way %d) = %d, %d, %d, %v; cellRef gives %d, %d, canonical %v", d, way, col, row, next, ok, wantCol, wantRow, canonical)
			}
		}
	}
}

// emptyCellTags are start tags at the edges of what plainEmptyCell takes.
var emptyCellTags = []string{
	`<c r="A1"/>`, `<c r="B7" s="12"/>`, `<c r="XFD1048576" s="1023"/>`, `<c r="ABC12345"/>`, `<c r="A1234567"/>`,
	`<c r="A1" s="1024"/>`, `<c r="A1" s="07"/>`, `<c r="A1" s="0"/>`, `<c r="A1" s=""/>`, `<c r="A1" s="12345"/>`,
	`<c r="A1" />`, `<c r="A1">`, `<c r="A01"/>`, `<c r="a1"/>`, `<c r="A1" t="s"/>`, `<c  r="A1"/>`, `<c r='A1'/>`,
}

func TestPlainEmptyCellReadsWordsAsBytes(t *testing.T) {
	for _, tag := range emptyCellTags {
		checkEmptyCellWords(t, tag)
	}
}

func FuzzPlainEmptyCellWords(f *testing.F) {
	for _, tag := range emptyCellTags {
		f.Add(tag)
	}
	f.Fuzz(checkEmptyCellWords)
}

// checkEmptyCellWords fails t unless plainEmptyCell, reading tag by words
// (more data after it), takes it as plainEmptyCellBytes does, reading it
// at the data's end, with the same reference, style and end. The pass
// asks only at a '<'.
func checkEmptyCellWords(t *testing.T, tag string) {
	if !strings.HasPrefix(tag, "<") {
		return
	}
	type seen struct {
		row, col, style int
		styled, taken   bool
		to              int64
	}
	read := func(data string, bytes bool) seen {
		var s seen
		p := fastPass{x: fastXML{data: []byte(data), ok: true}}
		p.emptyCell = func(row, col, style int, styled bool, _, to int64) {
			s = seen{row: row, col: col, style: style, styled: styled, to: to}
		}
		if bytes {
			s.taken = p.plainEmptyCellBytes(0)
		} else {
			s.taken = p.plainEmptyCell(0)
		}
		return s
	}
	words, bytes := read(tag+strings.Repeat("<c/>", 8), false), read(tag, true)
	if words != bytes {
		t.Fatalf("%q: read by words %+v, by bytes %+v", tag, words, bytes)
	}
}
