package excel

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// guardEvents is what checkXML reports of data: the elements (forgetting
// those of a fast pass that gave up) and whether it took the part.
func guardEvents(data []byte) ([]string, bool) {
	ev, rec := events()
	err := checkXML(data, "part.xml", recording{record: rec, reset: func() { *ev = nil }}, nil)
	return *ev, err == nil
}

// streamEvents is what streamXML reports of the part src hands out.
func streamEvents(src io.Reader) ([]string, bool) {
	ev, rec := events()
	s := &streamXML{win: newPartWindow(src), part: "part.xml", record: rec, hold: func(at int) int { return at }}
	err := s.run()
	return *ev, err == nil
}

// sameAsGuard reports how streamXML, reading data whole, a byte at a time
// and in halves of reads, differs from checkXML, or "".
func sameAsGuard(data []byte) string {
	want, wantOK := guardEvents(data)
	for name, src := range map[string]io.Reader{
		"whole":            bytes.NewReader(data),
		"a byte at a time": iotest.OneByteReader(bytes.NewReader(data)),
		"in halves":        iotest.HalfReader(bytes.NewReader(data)),
	} {
		got, ok := streamEvents(src)
		if ok != wantOK {
			return fmt.Sprintf("%s: took it %v, checkXML %v", name, ok, wantOK)
		}
		if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
			return fmt.Sprintf("%s: reported\n%.2000s\nwant\n%.2000s", name, g, w)
		}
	}
	return ""
}

// TestStreamXMLReportsWhatCheckXMLDoes holds the streamed pass to the
// guard's on parts the fast pass takes and parts it gives up on at the
// start, part-way and at the end, with tokens longer than the window's
// first look and than maxLook.
func TestStreamXMLReportsWhatCheckXMLDoes(t *testing.T) {
	long := strings.Repeat("x", maxLook+10)
	rows := streamRows(3000)
	for _, tc := range []struct{ name, xml string }{
		{"a sheet the fast pass takes", patchHead + `<sheetData>` + rows + `</sheetData></worksheet>`},
		{"a comment part-way", patchHead + `<sheetData>` + rows[:len(rows)/2] + `<!-- c -->` + rows[len(rows)/2:] + `</sheetData></worksheet>`},
		{"CDATA part-way", `<a><b>` + strings.Repeat(`<c r="1"/>`, 5000) + `</b><![CDATA[<x>]]><d/></a>`},
		{"a processing instruction before the root", `<?pi x?><a/>`},
		{"a declaration in another encoding", `<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>`},
		{"a declaration longer than the first look", `<?xml version="1.0"` + strings.Repeat(" ", 2*minLook) + `?><a/>`},
		{"a byte order mark", "\xef\xbb\xbf<a/>"},
		{"an attribute longer than maxLook", `<a><b v="` + long + `"/><c/></a>`},
		{"text longer than maxLook", `<a>` + long + `&amp;` + long + `</a>`},
		{"a reference the fast pass leaves", `<a>x&#x000000041;<b/></a>`},
		{"a carriage return in an attribute", "<a><b v=\"1\r2\"/></a>"},
		{"a second root", `<a/><b/>`},
		{"text after the root", `<a/>x`},
		{"a part that ends inside an element", `<a><b>`},
		{"a mismatched end tag part-way", `<a>` + rows + `<b></c></a>`},
		{"a DTD", `<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`},
		{"nothing", ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := sameAsGuard([]byte(tc.xml)); diff != "" {
				t.Error(diff)
			}
		})
	}
}

// TestStreamXMLReportsWhatCheckXMLDoesOnRealParts runs both over every
// worksheet of the fixture and the real workbooks.
func TestStreamXMLReportsWhatCheckXMLDoesOnRealParts(t *testing.T) {
	for name, doc := range workbooks(t) {
		for _, p := range unzip(t, doc) {
			if !strings.HasPrefix(p.name, "xl/worksheets/") || !strings.HasSuffix(p.name, ".xml") {
				continue
			}
			want, wantOK := guardEvents(p.data)
			got, ok := streamEvents(iotest.HalfReader(bytes.NewReader(p.data)))
			if ok != wantOK || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s, %s: streamed %d elements (took it %v); checkXML %d (%v)", name, p.name, len(got), ok, len(want), wantOK)
			}
		}
	}
}

// FuzzStreamXML holds streamXML to checkXML on any input.
func FuzzStreamXML(f *testing.F) {
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-8"?><a b="1 &amp; 2" xmlns:x="u"><x:c d='&#60;'>t&lt;é</x:c><!--c--><e/></a>`))
	f.Add([]byte(`<a><b></b ><![CDATA[x]]></a>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			return
		}
		if diff := sameAsGuard(data); diff != "" {
			t.Fatalf("%q: %s", data, diff)
		}
	})
}
