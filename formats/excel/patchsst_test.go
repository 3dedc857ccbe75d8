package excel

import (
	"bytes"
	"testing"
)

// A write counts the shared strings it appends after from the guard's
// scan when the scan could read the table, and from the part's outline
// when it could not: both give the same count.
func TestSSTItemsCountedOnceFromTheScan(t *testing.T) {
	doc := fixture(t)
	sst := zipEntry(t, doc, sharedStringsPart)
	// An escaped character makes the scan leave the table to excelize.
	escaped := bytes.Replace(sst, []byte("<t>"), []byte("<t>_x000D_"), 1)
	if bytes.Equal(escaped, sst) {
		t.Fatal("the fixture's shared strings have no plain <t>")
	}
	for _, tc := range []struct {
		name     string
		doc      []byte
		scanUsed bool
	}{
		{"table the scan read", doc, true},
		{"table the scan left to excelize", rezip(t, unzip(t, doc), sharedStringsPart, escaped), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wb := mustOpen(t, tc.doc)
			if _, ok := wb.pass.sharedStrings.strings(); ok != tc.scanUsed {
				t.Fatalf("scan usable = %v; want %v", ok, tc.scanUsed)
			}
			f := wb.arch.File(sharedStringsPart)
			data, err := wb.readXML(f.Name)
			must(t, err)
			o, err := outline(data, f.Name, wb.stop)
			must(t, err)
			n, err := wb.sstItems(f)
			must(t, err)
			if want := countItems(o); n != want || n == 0 {
				t.Fatalf("sstItems = %d; want the outline's %d (and some)", n, want)
			}
		})
	}
}
