package excel

import (
	"archive/zip"
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// streamParts sets guardStreamBytes, the size above which the guard
// checks a part nothing records through a window, until the test ends.
func streamParts(t *testing.T, above uint64) {
	old := guardStreamBytes
	guardStreamBytes = above
	t.Cleanup(func() { guardStreamBytes = old })
}

// guardOutcome is what checkPartsInLanes makes of doc in n lanes: its
// error, and its scans as the fields readers see.
func guardOutcome(t *testing.T, doc []byte, n int) string {
	t.Helper()
	a, err := formats.OpenArchive(doc, formats.DefaultArchiveLimits)
	must(t, err)
	scans, err := checkPartsInLanes(a, nil, n)
	sheets := slices.Sorted(func(yield func(string) bool) {
		for name := range scans.sheets {
			if !yield(name) {
				return
			}
		}
	})
	var sst []string
	var sstOK bool
	if scans.sharedStrings != nil {
		sst, sstOK = scans.sharedStrings.strings()
	}
	return fmt.Sprintf("err %v\nsheets %v\nsst %v %q\nutf16 %v\nnames %q %q", err, sheets, sstOK, sst, scans.utf16, scans.stylesName, scans.sharedStringsName)
}

// TestStreamedPartsCheckAsWholeReads checks the fixture with a large part
// nothing records added (custom XML, as a package may carry), well-formed
// or broken in each way the guard refuses, with every such part streamed
// and with none, in one lane and in two: what the pass finds and the
// refusal, word for word, must not depend on it.
func TestStreamedPartsCheckAsWholeReads(t *testing.T) {
	smallLanes(t)
	rows := strings.Repeat("<item a=\"1\">text &amp; more</item>\n", 4000) // past guardStreamBytes, many lines
	for _, tc := range []struct {
		name    string
		xml     []byte
		corrupt bool // a byte of the stored entry flipped after its CRC was taken
		refused bool
	}{
		{"a well-formed part", []byte(`<?xml version="1.0" encoding="UTF-8"?><root>` + rows + `</root>`), false, false},
		{"a mismatched end tag far into the part", []byte(`<root>` + rows + `<a></b></root>`), false, true},
		{"an attribute with no value far into the part (encoding/xml counts lines)", []byte(`<root>` + rows + `<a b></a></root>`), false, true},
		{"a part that ends inside an element", []byte(`<root>` + rows), false, true},
		{"a DTD after a comment", []byte(`<!-- c --><!DOCTYPE a [<!ENTITY x "y">]><root>` + rows + `</root>`), false, true},
		{"nesting past maxDepth", []byte(`<root>` + rows + strings.Repeat("<a>", maxDepth) + `</root>`), false, true},
		{"a comment part-way", []byte(`<root>` + rows + `<!-- c -->` + rows + `</root>`), false, false},
		{"a declaration in another encoding", []byte(`<?xml version="1.0" encoding="ISO-8859-1"?><root>` + rows + "\xe9</root>"), false, false},
		{"UTF-16, well-formed", utf16LE(`<?xml version="1.0" encoding="UTF-16"?><root>` + rows + `</root>`), false, false},
		{"UTF-16, malformed", utf16LE(`<root>` + rows + `<a></b></root>`), false, true},
		{"a corrupt entry", []byte(`<root>` + rows + `</root>`), true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parts := append(unzip(t, fixture(t)), part{name: "customXml/item9.xml", data: tc.xml})
			doc := rezip(t, parts, "", nil)
			if tc.corrupt {
				at := bytes.Index(doc, []byte("text &amp; more"))
				doc = slices.Clone(doc)
				doc[at] = 'T'
			}
			streamParts(t, math.MaxUint64)
			want := guardOutcome(t, doc, 1)
			if refused := !strings.HasPrefix(want, "err <nil>"); refused != tc.refused {
				t.Fatalf("read whole, refused %v, want %v:\n%s", refused, tc.refused, want)
			}
			streamParts(t, 0)
			for _, n := range []int{1, 2} {
				if got := guardOutcome(t, doc, n); got != want {
					t.Errorf("streamed, %d lanes:\n%s\nread whole:\n%s", n, got, want)
				}
			}
		})
	}
}

// TestStreamsOnlyLargePartsNothingRecords picks the parts checked through
// a window.
func TestStreamsOnlyLargePartsNothingRecords(t *testing.T) {
	large := guardStreamBytes + 1
	for _, tc := range []struct {
		name string
		size uint64
		want bool
	}{
		{"xl/calcChain.xml", large, true},
		{"xl/styles.xml", large, true},
		{"xl/calcChain.xml", guardStreamBytes, false},
		{"xl/worksheets/sheet1.xml", large, false},
		{"xl/sharedStrings.xml", large, false},
		{`XL\SharedStrings.xml`, large, false},
	} {
		f := &zip.File{FileHeader: zip.FileHeader{Name: tc.name, UncompressedSize64: tc.size}}
		if got := streamsPart(f); got != tc.want {
			t.Errorf("%s of %d bytes: streamed %v, want %v", tc.name, tc.size, got, tc.want)
		}
	}
}

// FuzzStreamedGuard holds the guard with every part nothing records
// streamed to the guard reading it whole, on any content of such a part.
func FuzzStreamedGuard(f *testing.F) {
	parts := unzip(f, fixture(f))
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-8"?><root><a b="1 &amp; 2">t</a><!-- c --></root>`))
	f.Add([]byte("<root>\n<a b></a></root>"))
	f.Add([]byte(`<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`))
	f.Add(utf16LE(`<root><a/></root>`))
	f.Fuzz(func(t *testing.T, content []byte) {
		if len(content) > 1<<14 {
			return
		}
		doc := rezip(t, append(slices.Clone(parts), part{name: "customXml/item9.xml", data: content}), "", nil)
		streamParts(t, math.MaxUint64)
		want := guardOutcome(t, doc, 1)
		streamParts(t, 0)
		if got := guardOutcome(t, doc, 1); got != want {
			t.Fatalf("%q streamed:\n%s\nread whole:\n%s", content, got, want)
		}
	})
}
