package excel

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// scannedStrings opens doc and returns the shared strings from the guard's
// scan (usable false when it left them to the whole reader) and as the
// whole reader (readSharedStrings) reads them (read false when it cannot).
func scannedStrings(tb testing.TB, doc []byte) (scanned []string, usable bool, whole []string, read bool, err error) {
	defer guard(nil, &err)
	wb, err := open(doc)
	if err != nil {
		return nil, false, nil, false, err
	}
	scanned, usable = wb.pass.sharedStrings.strings()
	if wb.pass.sharedStringsName == "" {
		return scanned, usable, []string{}, true, nil
	}
	data, err := wb.readXML(wb.pass.sharedStringsName)
	if err == nil {
		whole, err = readSharedStrings(data, nil)
	}
	return scanned, usable, whole, err == nil, nil
}

// withSharedStrings is the fixture with its shared strings part replaced.
func withSharedStrings(tb testing.TB, sst string) []byte {
	tb.Helper()
	return rezip(tb, unzip(tb, fixture(tb)), sharedStringsPart, []byte(sst))
}

const sstOpen = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
	`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">`

// TestSharedStringsScanReadsAsTheWholeReader holds the scan's shared
// strings to readSharedStrings' wherever the scan follows the part, and
// names what it leaves to readSharedStrings.
func TestSharedStringsScanReadsAsTheWholeReader(t *testing.T) {
	for _, tc := range []struct {
		name   string
		items  string // the <si> elements
		usable bool
	}{
		{"plain items, entities and a line end", `<si><t>Yes</t></si><si><t xml:space="preserve"> a &amp; b &#x41;` + "\r\n" + `c </t></si><si><t/></si>`, true},
		{"rich text with run properties", `<si><r><rPr><b/><sz val="11"/><color theme="1" tint="-0.25"/><rFont val="Calibri"/><family val="2"/></rPr><t>Bold</t></r><r><t xml:space="preserve"> rest</t></r></si>`, true},
		{"the item's own text after its runs comes first", `<si><r><t>run</t></r><t>own</t></si>`, true},
		{"phonetic runs and properties are not text", `<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>`, true},
		{"an item with neither text nor runs", `<si></si><si><r><rPr/></r></si>`, true},
		{"a boolean property written as 1 and as empty", `<si><r><rPr><b val="1"/><i val=""/></rPr><t>x</t></r></si>`, true},
		{"escaped characters decoded", `<si><t>a_x000D_b</t><r><t>_x005F_x0041_</t></r></si>`, true},
		{"two texts in one item", `<si><t>a</t><t>b</t></si>`, false},
		{"two texts in one run", `<si><r><t>a</t><t>b</t></r></si>`, false},
		{"markup inside a text", `<si><t>a<b/>c</t></si>`, false},
		{"a comment inside a text: the fast pass gives up", `<si><t>a<!-- x -->c</t></si>`, false},
		{"a size that is not a number", `<si><r><rPr><sz val="big"/></rPr><t>x</t></r></si>`, true},
		{"a boolean with space around it", `<si><r><rPr><b val=" 1"/></rPr><t>x</t></r></si>`, true},
		{"an element inside a boolean property", `<si><r><rPr><b><x/></b></rPr><t>x</t></r></si>`, true},
		{"a phonetic run past uint32", `<si><t>x</t><rPh sb="4294967296" eb="1"><t>y</t></rPh></si>`, true},
		{"a prefixed element", `<x:si xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:t>a</x:t></x:si>`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := withSharedStrings(t, sstOpen+tc.items+`</sst>`)
			scanned, usable, want, read, err := scannedStrings(t, doc)
			if err != nil {
				t.Fatal(err)
			}
			if usable != tc.usable {
				t.Fatalf("scan usable = %v, want %v (scanned %q, whole %q)", usable, tc.usable, scanned, want)
			}
			if usable && (!read || !reflect.DeepEqual(scanned, want)) {
				t.Fatalf("scanned %q, the whole reader reads %q (read %v)", scanned, want, read)
			}
		})
	}
	// The reader reads items by their local names, whatever the root and
	// its namespace or attributes: so does the scan.
	for _, tc := range []struct{ name, sst string }{
		{"another namespace", `<sst xmlns="urn:other"><si><t>a</t></si></sst>`},
		{"the strict namespace", `<sst xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main"><si><t>a</t></si></sst>`},
		{"no namespace", `<sst><si><t>a</t></si></sst>`},
		{"a count that is not a number", `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="x"><si><t>a</t></si></sst>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scanned, usable, want, read, err := scannedStrings(t, withSharedStrings(t, tc.sst))
			if err != nil || !usable || !read || !reflect.DeepEqual(scanned, want) {
				t.Fatalf("scanned %q (usable %v, err %v), the whole reader reads %q (read %v)", scanned, usable, err, want, read)
			}
		})
	}
}

// TestTwoSharedStringsPartsAreRefused gives the fixture a second entry
// read as its shared strings (case ignored, backslashes taken for
// slashes): readers would disagree on the workbook's text, so the archive
// guard refuses it (issue 38) before any reader could pick one.
func TestTwoSharedStringsPartsAreRefused(t *testing.T) {
	parts := unzip(t, fixture(t))
	table := zipEntry(t, fixture(t), sharedStringsPart)
	for _, name := range []string{"XL/SharedStrings.xml", `xl\sharedStrings.xml`} {
		other := strings.Replace(string(table), "<t>", "<t>other ", 1)
		doc := rezip(t, append(parts, part{name, []byte(other)}), "", nil)
		_, _, _, _, err := scannedStrings(t, doc)
		if !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), "two entries named") {
			t.Fatalf("%s beside %s: %v; want the workbook refused: two entries named", name, sharedStringsPart, err)
		}
	}
}

// TestSharedStringsOfRealWorkbooksComeFromTheScan checks that the scan
// gives every real workbook's shared strings, as the whole reader reads
// them.
func TestSharedStringsOfRealWorkbooksComeFromTheScan(t *testing.T) {
	for name, doc := range workbooks(t) {
		scanned, usable, want, read, err := scannedStrings(t, doc)
		if err != nil || !read {
			t.Fatalf("%s: %v, read %v", name, err, read)
		}
		if !usable && !hasPart(t, doc, sharedStringsPart) {
			continue // none to scan: every text is inline
		}
		if !usable {
			t.Errorf("%s: the scan left its %d shared strings to the whole reader", name, len(want))
			continue
		}
		if !reflect.DeepEqual(scanned, want) {
			t.Errorf("%s: %s", name, firstDifference(scanned, want))
		}
	}
}

func hasPart(tb testing.TB, doc []byte, name string) bool {
	for _, p := range unzip(tb, doc) {
		if p.name == name {
			return true
		}
	}
	return false
}

func firstDifference(got, want []string) string {
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("item %d scanned as %q, the whole reader reads %q", i, got[i], want[i])
		}
	}
	return fmt.Sprintf("%d items scanned, excelize reads %d", len(got), len(want))
}

// FuzzSharedStrings mutates a shared strings part: whenever the scan
// gives the strings, the whole reader must read the same.
func FuzzSharedStrings(f *testing.F) {
	f.Add(`<si><t>Yes</t></si><si><r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">a &amp; b</t></r><t>c</t></si>`)
	f.Add(`<si><t>東京</t><rPh sb="0" eb="2"><t>ト</t></rPh><phoneticPr fontId="1"/></si>`)
	f.Add(`<si><r><rPr><color auto="1" indexed="8"/><b val="0"/></rPr><t>x</t></r></si>`)
	f.Fuzz(func(t *testing.T, items string) {
		if strings.Contains(items, "DOCTYPE") {
			return
		}
		doc := withSharedStrings(t, sstOpen+items+`</sst>`)
		scanned, usable, want, read, err := scannedStrings(t, doc)
		if err != nil || !usable {
			return
		}
		if !read || !reflect.DeepEqual(scanned, want) {
			t.Fatalf("scanned %q, the whole reader reads %q (read %v)", scanned, want, read)
		}
	})
}
