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
