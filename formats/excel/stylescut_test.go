package excel

import (
	"archive/zip"
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestDxfsSpanCutsTheRootsOneDxfs passes styles parts through the guard's
// check with a dxfsSpan recording, as checkPart does, and cuts them.
func TestDxfsSpanCutsTheRootsOneDxfs(t *testing.T) {
	const (
		head = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="1"><xf numFmtId="0"/></cellXfs>`
		dxfs = `<dxfs count="1"><dxf><font><color rgb="FFFF0000"/></font></dxf></dxfs>`
		tail = `<tableStyles count="0"/></styleSheet>`
		// The main namespace under a prefix, declared on the element.
		xdxfs = `<x:dxfs xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1"><x:dxf><x:font><x:b/></x:font></x:dxf></x:dxfs>`
	)
	tests := []struct {
		name, part string
		want       string // "": nothing to cut
	}{
		{"differential formats", head + dxfs + tail, head + tail},
		{"an empty element", head + `<dxfs count="0"/>` + tail, head + tail},
		{"an empty pair", head + `<dxfs count="0"></dxfs>` + tail, head + tail},
		{"a prefix", head + xdxfs + tail, head + tail},
		{"none", head + tail, ""},
		{"two of them", head + dxfs + dxfs + tail, ""},
		{"one deeper only", head + `<extLst>` + dxfs + `</extLst>` + tail, ""},
		// A comment makes the fast pass give up: the span it saw is
		// forgotten and encoding/xml's pass records it again.
		{"after the fast pass gives up", head + dxfs + `<!-- c -->` + tail, head + `<!-- c -->` + tail},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			part := tt.part
			var span dxfsSpan
			rec := recording{record: span.record, reset: func() { span = dxfsSpan{} }}
			if err := checkXML([]byte(part), stylesPart, rec, nil); err != nil {
				t.Fatal(err)
			}
			got := span.cut([]byte(part))
			if tt.want == "" {
				if got != nil {
					t.Fatalf("cut %q, want nothing cut", got)
				}
				return
			}
			if string(got) != tt.want {
				t.Fatalf("cut\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// withDxfs returns the fixture with a differential format in its styles.
func withDxfs(tb testing.TB) []byte {
	tb.Helper()
	doc := fixture(tb)
	styles := zipEntry(tb, doc, stylesPart)
	withOne := bytes.Replace(styles, []byte(`<dxfs count="0"></dxfs>`), []byte(`<dxfs count="1"><dxf><font><b/><color rgb="FFFF0000"/></font></dxf></dxfs>`), 1)
	if bytes.Equal(withOne, styles) {
		tb.Fatal("the fixture's styles have no empty <dxfs> to fill")
	}
	return rezip(tb, unzip(tb, doc), stylesPart, withOne)
}

// TestReadPackageDropsWhatReadingNeverUses: the read package holds the
// styles without their differential formats and empty shared strings, both
// stored; excelize, opening it, has no differential formats, and the map
// and the view are those of the whole package.
func TestReadPackageDropsWhatReadingNeverUses(t *testing.T) {
	doc := withDxfs(t)
	read, err := openStop(doc, nil, true)
	must(t, err)
	pkg, err := read.readPackage(doc)
	must(t, err)
	zr, err := zip.NewReader(bytes.NewReader(pkg), int64(len(pkg)))
	must(t, err)
	want := map[string]string{stylesPart: "", sharedStringsPart: emptySST}
	for _, f := range zr.File {
		if _, ok := want[f.Name]; !ok {
			continue
		}
		if f.Method != zip.Store {
			t.Errorf("%s: method %d, want stored", f.Name, f.Method)
		}
		body := zipEntry(t, pkg, f.Name)
		switch f.Name {
		case stylesPart:
			if bytes.Contains(body, []byte("<dxf")) || !bytes.Contains(body, []byte("<cellXfs")) {
				t.Errorf("the read package's styles: %s", body)
			}
		default:
			if string(body) != want[f.Name] {
				t.Errorf("%s = %s, want %s", f.Name, body, want[f.Name])
			}
		}
		delete(want, f.Name)
	}
	if len(want) > 0 {
		t.Fatalf("the read package lacks %v", want)
	}
	if read.f.Styles.Dxfs != nil || !read.sstEmptied || read.sst == nil {
		t.Errorf("excelize read differential formats %v; shared strings emptied %v, given %v", read.f.Styles.Dxfs, read.sstEmptied, read.sst != nil)
	}
	whole, err := openStop(doc, nil, false)
	must(t, err)
	if whole.f.Styles.Dxfs == nil || len(whole.f.Styles.Dxfs.Dxfs) != 1 {
		t.Fatalf("the whole package's differential formats: %+v", whole.f.Styles.Dxfs)
	}
	sameReading(t, "withDxfs", whole, read)
}

// TestReadPackagePutsBackSharedStringsExcelizeCannotBeGiven: were
// excelize's fields to change so that it cannot be given the scanned
// strings, it reads the part, which then holds the table again, and every
// workbook reads as from the whole package.
func TestReadPackagePutsBackSharedStringsExcelizeCannotBeGiven(t *testing.T) {
	defer func(give func(*excelize.File, []string) bool) { giveStrings = give }(giveStrings)
	giveStrings = func(*excelize.File, []string) bool { return false }
	docs := workbooks(t)
	docs["withDxfs"] = withDxfs(t)
	for name, doc := range docs {
		read, err := openStop(doc, nil, true)
		must(t, err)
		if read.sst != nil {
			t.Fatalf("%s: the strings were given", name)
		}
		whole, err := openStop(doc, nil, false)
		must(t, err)
		sameReading(t, name, whole, read)
	}
}
