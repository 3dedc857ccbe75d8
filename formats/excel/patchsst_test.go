package excel

import (
	"bytes"
	"strings"
	"testing"
)

// A write counts the shared strings it appends after from the guard's
// scan when the scan could read the table, and from the part's outline
// when it could not: both give the same count.
func TestSSTItemsCountedOnceFromTheScan(t *testing.T) {
	doc := fixture(t)
	sst := zipEntry(t, doc, sharedStringsPart)
	// Markup inside a <t> makes the scan leave the table to
	// readSharedStrings.
	marked := bytes.Replace(sst, []byte("<t>"), []byte("<t><b/>"), 1)
	if bytes.Equal(marked, sst) {
		t.Fatal("the fixture's shared strings have no plain <t>")
	}
	for _, tc := range []struct {
		name     string
		doc      []byte
		scanUsed bool
	}{
		{"table the scan read", doc, true},
		{"table the scan left to readSharedStrings", rezip(t, unzip(t, doc), sharedStringsPart, marked), false},
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

// withRels adds each relationship under an id the part does not use, with
// the root's prefix, its target escaped.
func TestWithRelsAddsUnusedIDs(t *testing.T) {
	const ns = `http://schemas.openxmlformats.org/package/2006/relationships`
	for _, tc := range []struct {
		name, data string
		wantIDs    []string
		wantIn     string
	}{
		{"empty part", `<Relationships xmlns="` + ns + `"></Relationships>`, []string{"rId1", "rId2"}, `<Relationship Id="rId2" Type="t/b" Target="a&amp;b"/></Relationships>`},
		{"ids with a gap", `<Relationships xmlns="` + ns + `"><Relationship Id="rId1"/><Relationship Id="rId3"/></Relationships>`, []string{"rId4", "rId5"}, `<Relationship Id="rId4" Type="t/a" Target="x.xml"/>`},
		{"prefixed root", `<p:Relationships xmlns:p="` + ns + `"/>`, []string{"rId1", "rId2"}, `<p:Relationship Id="rId1" Type="t/a" Target="x.xml"/>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := outline([]byte(tc.data), "rels", nil)
			must(t, err)
			out, ids := withRels([]byte(tc.data), o, []relationship{{"t/a", "x.xml"}, {"t/b", "a&b"}})
			if strings.Join(ids, ",") != strings.Join(tc.wantIDs, ",") || !strings.Contains(string(out), tc.wantIn) {
				t.Fatalf("ids %v, part %s; want ids %v and %s", ids, out, tc.wantIDs, tc.wantIn)
			}
			if err := checkXML(out, "rels", recording{}, nil); err != nil {
				t.Fatalf("not well-formed: %v\n%s", err, out)
			}
		})
	}
}
