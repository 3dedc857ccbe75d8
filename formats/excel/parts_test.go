package excel

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/cputest"
)

// bigSheet is worksheet XML just past MaxSheetBytes, of varied text so
// that it stays under the zip-bomb guard's ratio.
func bigSheet() []byte {
	var b bytes.Buffer
	b.WriteString(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
	x := uint64(1)
	for r := 1; b.Len() <= MaxSheetBytes; r++ {
		x = x*6364136223846793005 + 1442695040888963407
		fmt.Fprintf(&b, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>Question %x</t></is></c></row>`, r, r, x)
	}
	b.WriteString(`</sheetData></worksheet>`)
	return b.Bytes()
}

// movedSheet is the fixture with its first worksheet replaced by content
// and stored as name, its relationship and content type following it:
// a sheet is found through its relationship, whatever it is called.
func movedSheet(t *testing.T, name string, content []byte) []byte {
	parts := unzip(t, fixture(t))
	for i, p := range parts {
		switch p.name {
		case "xl/worksheets/sheet1.xml":
			parts[i] = part{name, content}
		case "xl/_rels/workbook.xml.rels":
			parts[i].data = bytes.Replace(p.data, []byte(`"worksheets/sheet1.xml"`), []byte(`"`+strings.TrimPrefix(name, "xl/")+`"`), 1)
		case "[Content_Types].xml":
			parts[i].data = bytes.Replace(p.data, []byte(`"/xl/worksheets/sheet1.xml"`), []byte(`"/`+name+`"`), 1)
		}
	}
	return rezip(t, parts, "", nil)
}

// An oversized sheet is refused before any reader parses it wherever the
// package stores it: a limit that went by the usual path let a sheet
// moved elsewhere through, parsed for seconds at gigabytes of allocation.
func TestOversizedSheetIsRefusedWhereverItIsStored(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 33 MB sheets: skipped with -short")
	}
	big := bigSheet()
	for _, name := range []string{"xl/worksheets/sheet1.xml", "xl/big/sheet1.xml", "xl/worksheets/sheet1.dat"} {
		t.Run(name, func(t *testing.T) {
			doc := movedSheet(t, name, big)
			for op, call := range everyTool(doc) {
				var err error
				cpu := cputest.Of(func() { err = call() })
				if !errors.Is(err, formats.ErrTooLarge) || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "limit is 32 MB") {
					t.Fatalf("%s: err = %v, want too large naming %s and the limit", op, err, name)
				}
				if cpu > 2*time.Second {
					t.Fatalf("%s: refusing took %s of CPU: the sheet was parsed first", op, cpu)
				}
			}
		})
	}
}

// A malformed sheet stored under another extension is refused like one
// under .xml: the XML guard sniffs parts, it does not trust names.
func TestMalformedSheetUnderAnotherNameIsRefused(t *testing.T) {
	doc := movedSheet(t, "xl/worksheets/sheet1.dat", []byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">`))
	for op, call := range everyTool(doc) {
		if err := call(); !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), "sheet1.dat") {
			t.Fatalf("%s: err = %v, want invalid document naming sheet1.dat", op, err)
		}
	}
}

// utf16LE encodes s as UTF-16LE with a byte-order mark.
func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// Packages may store XML parts in UTF-16 with a byte-order mark: such a
// part is read, not refused as invalid UTF-8, and checked like any other.
func TestUTF16PartsAreCheckedNotRefused(t *testing.T) {
	parts := unzip(t, fixture(t))
	good := append(parts, part{"customXml/item1.xml", utf16LE(`<?xml version="1.0" encoding="UTF-16"?><data>é ✓</data>`)})
	if _, err := New().ListFields(rezip(t, good, "", nil)); err != nil {
		t.Fatalf("a well-formed UTF-16 part: %v", err)
	}
	bad := append(parts, part{"customXml/item1.xml", utf16LE(`<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY a "a">]><d>&a;</d>`)})
	if _, err := New().ListFields(rezip(t, bad, "", nil)); !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), "DTD") {
		t.Fatalf("a UTF-16 part with a DTD: err = %v, want it refused", err)
	}
}
