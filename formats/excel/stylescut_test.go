package excel

import (
	"archive/zip"
	"bytes"
	"strings"
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
		// Where the fast pass gives up (a comment; another encoding, whose
		// offsets encoding/xml counts in the transcoded text), nothing is
		// cut.
		{"after the fast pass gives up", head + dxfs + `<!-- c -->` + tail, ""},
		// What excelize's types decode, as they decode it, is cut; what
		// would fail its opening of the workbook stays for it to meet.
		{"every kind decodable", head + `<dxfs count=" 2 "><dxf><font><b/><i val="0"/><sz val=" 11.5 "/><name val="N"/><color theme="1" tint="-0.25" auto="true"/></font>` +
			`<numFmt numFmtId="164" formatCode="0%"/><alignment readingOrder="1" wrapText="1"/><unknown x="y"><b val="no"/></unknown></dxf></dxfs>` + tail, head + tail},
		{"a count that is no number", head + `<dxfs count="one"/>` + tail, ""},
		{"a bold flag that is no boolean", head + `<dxfs count="1"><dxf><font><b val="maybe"/></font></dxf></dxfs>` + tail, ""},
		{"a bold flag spaced", head + `<dxfs count="1"><dxf><font><b val=" 1"/></font></dxf></dxfs>` + tail, ""},
		{"an element inside a flag", head + `<dxfs count="1"><dxf><font><b><x/></b></font></dxf></dxfs>` + tail, ""},
		{"a format id that is no number", head + `<dxfs count="1"><dxf><numFmt numFmtId="x" formatCode="0"/></dxf></dxfs>` + tail, ""},
		{"a size past a float", head + `<dxfs count="1"><dxf><font><sz val="1e999"/></font></dxf></dxfs>` + tail, ""},
		{"another encoding", strings.Replace(head, "UTF-8", "windows-1252", 1) + "<fonts><font><name val=\"Arial N\xe9grita\"/></font></fonts>" + dxfs + tail, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			part := tt.part
			var span dxfsSpan
			rec := recording{record: span.record, reset: span.reset}
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

// TestReadPackageKeepsStylesInAnotherEncoding: a styles part in another
// encoding, with a character the encodings write differently before its
// <dxfs>, reaches excelize whole, and the workbook reads as the whole
// package does.
func TestReadPackageKeepsStylesInAnotherEncoding(t *testing.T) {
	doc := withDxfs(t)
	styles := zipEntry(t, doc, stylesPart)
	latin := bytes.Replace(styles, []byte(`encoding="UTF-8"`), []byte(`encoding="windows-1252"`), 1)
	latin = bytes.Replace(latin, []byte(`<font>`), []byte("<font><name val=\"N\xe9grita\"/>"), 1)
	if bytes.Equal(latin, styles) || !bytes.Contains(latin, []byte("\xe9")) {
		t.Fatal("the fixture's styles did not take another encoding")
	}
	doc = rezip(t, unzip(t, doc), stylesPart, latin)
	read, err := openStop(doc, nil, true)
	must(t, err)
	pkg, err := read.readPackage(doc)
	must(t, err)
	if got := zipEntry(t, pkg, stylesPart); !bytes.Equal(got, latin) {
		t.Errorf("the read package's styles were cut:\n%s", got)
	}
	whole, err := openStop(doc, nil, false)
	must(t, err)
	sameReading(t, "styles in windows-1252", whole, read)
}

// TestReadPackageLeavesUndecodableStylesToExcelize: differential formats
// excelize cannot decode fail the read tools' opening as they fail the
// whole package's, rather than being cut away unseen; those it decodes
// are cut, and the workbook reads as the whole.
func TestReadPackageLeavesUndecodableStylesToExcelize(t *testing.T) {
	for _, tc := range []struct {
		dxfs      string
		decodable bool
	}{
		{`<dxfs count=" 1 "><dxf><font><b/><i val="0"/><sz val=" 11.5 "/><color theme="1" tint="-0.25"/></font><numFmt numFmtId="164" formatCode="0%"/></dxf></dxfs>`, true},
		{`<dxfs count="one"></dxfs>`, false},
		{`<dxfs count="1"><dxf><font><b val="maybe"/></font></dxf></dxfs>`, false},
		{`<dxfs count="1"><dxf><font><b val=" 1"/></font></dxf></dxfs>`, false},
		{`<dxfs count="1"><dxf><font><b><x/></b></font></dxf></dxfs>`, false},
		{`<dxfs count="1"><dxf><numFmt numFmtId="x" formatCode="0"/></dxf></dxfs>`, false},
		{`<dxfs count="1"><dxf><font><sz val="1e999"/></font></dxf></dxfs>`, false},
	} {
		doc := fixture(t)
		styles := zipEntry(t, doc, stylesPart)
		with := bytes.Replace(styles, []byte(`<dxfs count="0"></dxfs>`), []byte(tc.dxfs), 1)
		if bytes.Equal(with, styles) {
			t.Fatal("the fixture's styles have no empty <dxfs> to fill")
		}
		doc = rezip(t, unzip(t, doc), stylesPart, with)
		whole, wholeErr := openStop(doc, nil, false)
		read, readErr := openStop(doc, nil, true)
		switch {
		case tc.decodable && (wholeErr != nil || readErr != nil):
			t.Errorf("%s: the whole package opens with %v, the read package with %v", tc.dxfs, wholeErr, readErr)
		case tc.decodable:
			if read.pass.styles == nil {
				t.Errorf("%s: not cut", tc.dxfs)
			}
			sameReading(t, tc.dxfs, whole, read)
		case wholeErr == nil:
			t.Errorf("%s: excelize decodes it: the case tests nothing", tc.dxfs)
		case readErr == nil || readErr.Error() != wholeErr.Error():
			t.Errorf("%s: the read tools open with %v; the whole package with %v: want the same failure", tc.dxfs, readErr, wholeErr)
		}
	}
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
