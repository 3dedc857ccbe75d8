package excel

import (
	"strings"
	"testing"
)

// canonicalRefCases are references at the edges of what cellRef reads
// as canonical.
var canonicalRefCases = []string{"A1", "B7", "LZ696", "XFD1048576", "XFE1", "A1048577", "AAAA1", "A12345678", "A0", "A07", "a1", "1", "A", "", "A1B", "ZZZ9999999"}

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
// cellRef reads it as canonical, with the same column and row.
func checkCanonicalRef(t *testing.T, ref string) {
	if strings.Contains(ref, `"`) {
		return // the quote ends a reference in XML
	}
	col, row, next, ok := canonicalRef([]byte(`r="`+ref+`"/>`), 3)
	wantCol, wantRow, canonical, _ := cellRef(ref)
	if ok != canonical || ok && (col != wantCol || row != wantRow || next != 3+len(ref)) {
		t.Fatalf("canonicalRef(%q) = %d, %d, %d, %v; cellRef gives %d, %d, canonical %v", ref, col, row, next, ok, wantCol, wantRow, canonical)
	}
}
