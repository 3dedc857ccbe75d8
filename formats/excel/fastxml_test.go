package excel

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"golang.org/x/net/html/charset"
)

// events records what a pass reports, one line per element.
func events() (*[]string, recordFunc) {
	var out []string
	return &out, func(start bool, el *xml.StartElement, depth int, from, to int64) {
		var tok xml.Token = xml.EndElement{Name: el.Name}
		if start {
			se := *el
			if len(se.Attr) == 0 {
				se.Attr = nil // none is none, whether nil or empty
			}
			tok = se
		}
		out = append(out, fmt.Sprintf("%#v %d %d-%d", tok, depth, from, to))
	}
}

// bothPasses runs the fast pass and encoding/xml's over data and returns
// whether the fast one took it, whether encoding/xml accepted it, and
// what each reported.
func bothPasses(data []byte) (fastOK, slowOK bool, fast, slow []string) {
	fe, frec := events()
	fastOK, _ = fastCheck(data, recording{record: frec}, nil)
	if unseen, _ := fastCheck(data, recording{}, nil); unseen != fastOK {
		// A part no recording sees has its names checked, not split: it
		// must be taken or given up on all the same.
		panic(fmt.Sprintf("the fast pass takes %q %v with a recording, %v without", data, fastOK, unseen))
	}
	se, srec := events()
	slowOK = checkXMLSlow(data, "part.xml", srec, charset.NewReaderLabel, nil) == nil
	return fastOK, slowOK, *fe, *se
}

func TestFastCheckTakesWhatItCanAndGivesUpOnTheRest(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`
	for _, tc := range []struct {
		name, xml string
		take      bool // the fast pass decides (else encoding/xml does)
	}{
		{"a sheet with a declaration, prefixes and self-closing cells",
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" + `<worksheet ` + ns + ` xmlns:r="r"><sheetData><row r="1" spans="1:2"><c r="A1" t="s"><v>0</v></c><c r="B1" s="3"/></row></sheetData></worksheet>`, true},
		{"entities and character references in text and attributes",
			`<a b="x &amp; &#60;&#x3E; y" c='&quot;é'>&lt;ünï &#x1F600;</a>`, true},
		{"a prefixed root", `<x:worksheet xmlns:x="u"><x:sheetData/></x:worksheet>`, true},
		{"white space around the root and inside an end tag", " \n<a><b></b ></a>\n", true},
		{"a comment", `<a><!-- note --></a>`, false},
		{"CDATA", `<a><![CDATA[x]]></a>`, false},
		{"a DTD", `<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>`, false},
		{"an unknown entity", `<a>&nbsp;</a>`, false},
		{"another encoding", `<?xml version="1.0" encoding="ISO-8859-1"?><a/>`, false},
		{"a mismatched end tag", `<a><b></a></b>`, false},
		{"a part that ends inside an element", `<a><b>`, false},
		{"a carriage return in an attribute", "<a b=\"x\ry\"/>", false},
		{"attributes with no space between", `<a b="1"c="2"/>`, false},
		{"a non-ASCII element name", `<ä/>`, false},
		{"a control character", "<a>\x01</a>", false},
		{"invalid UTF-8", "<a>\xff</a>", false},
		{"a character reference to a surrogate", `<a>&#xD800;</a>`, false},
		{"two roots", `<a/><b/>`, false},
		{"text outside the root", `x<a/>`, false},
		{"nothing", ``, false},
		{"too deep", strings.Repeat("<a>", maxDepth+1) + strings.Repeat("</a>", maxDepth+1), false},
		{"as deep as allowed", strings.Repeat("<a>", maxDepth) + strings.Repeat("</a>", maxDepth), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fastOK, slowOK, fast, slow := bothPasses([]byte(tc.xml))
			if fastOK != tc.take {
				t.Fatalf("fast pass took it: %v, want %v", fastOK, tc.take)
			}
			if fastOK && !slowOK {
				t.Fatal("the fast pass took what encoding/xml refuses")
			}
			if fastOK && strings.Join(fast, "\n") != strings.Join(slow, "\n") {
				t.Fatalf("the passes report differently:\n%s\nwant\n%s", strings.Join(fast, "\n"), strings.Join(slow, "\n"))
			}
		})
	}
}

// TestFastCheckTakesEveryRealPart runs both passes over every XML part of
// the fixture and the real workbooks: the fast pass must decide every part
// of the workbook proper, under xl/ (else it buys nothing on real files),
// and report what encoding/xml does. Elsewhere it may give up: SharePoint's
// customXml items start with a processing instruction.
func TestFastCheckTakesEveryRealPart(t *testing.T) {
	parts, gaveUp := 0, 0
	for name, doc := range workbooks(t) {
		for _, p := range unzip(t, doc) {
			if !strings.HasSuffix(p.name, ".xml") && !strings.HasSuffix(p.name, ".rels") {
				continue
			}
			parts++
			fastOK, slowOK, fast, slow := bothPasses(p.data)
			switch {
			case !fastOK && !strings.HasPrefix(p.name, "xl/"):
				gaveUp++
			case !fastOK:
				t.Errorf("%s, %s: the fast pass gave up", name, p.name)
			case !slowOK:
				t.Errorf("%s, %s: the fast pass took what encoding/xml refuses", name, p.name)
			case len(fast) != len(slow):
				t.Errorf("%s, %s: %d elements reported, encoding/xml %d", name, p.name, len(fast), len(slow))
			default:
				for i := range fast {
					if fast[i] != slow[i] {
						t.Errorf("%s, %s: element %d\n%s\nwant\n%s", name, p.name, i, fast[i], slow[i])
						break
					}
				}
			}
		}
	}
	t.Logf("%d parts; outside xl/, encoding/xml decided %d", parts, gaveUp)
}

// FuzzFastCheck holds the fast pass to encoding/xml's: whatever it takes,
// encoding/xml accepts, with the same elements, depths and offsets.
func FuzzFastCheck(f *testing.F) {
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-8"?><a b="1 &amp; 2" xmlns:x="u"><x:c d='&#60;'>t&lt;é</x:c><e/></a>`))
	f.Add([]byte(`<a><b></b ></a>`))
	for _, p := range unzip(f, fixture(f)) {
		if strings.HasSuffix(p.name, ".xml") {
			f.Add(p.data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fastOK, slowOK, fast, slow := bothPasses(data)
		if !fastOK {
			return
		}
		if !slowOK {
			t.Fatalf("the fast pass took what encoding/xml refuses:\n%q", data)
		}
		if strings.Join(fast, "\n") != strings.Join(slow, "\n") {
			t.Fatalf("the passes report differently on %q:\n%s\nwant\n%s", data, strings.Join(fast, "\n"), strings.Join(slow, "\n"))
		}
	})
}

// TestInternKeepsEveryValue: an interned value reads as the bytes it came
// from, whether a table gives it or not.
func TestInternKeepsEveryValue(t *testing.T) {
	for _, v := range []string{"0", "1", "7", "10", "99", "1023", "1024", "9999", "10000", "00", "01", "007", "-1", "+1", "1a", " 1", "", "c", "row", "spans", "A1", "１", "a", "b", "x14ac", "xf", "xfs", "dyDescen", "dyDescentX", "zz", "A"} {
		if got := intern([]byte(v)); got != v {
			t.Errorf("intern(%q) = %q", v, got)
		}
	}
	for _, v := range []string{"512", "dyDescent", "x14ac", "a", "xml"} {
		if n := testing.AllocsPerRun(100, func() { _ = intern([]byte(v)) }); n != 0 {
			t.Errorf("intern(%q) allocates %v times", v, n)
		}
	}
}

// BenchmarkFastCheck runs the fast pass alone over the inflated XML parts
// of the largest real workbook: bare (the tokenizer only) and recording
// every element, as the guard does when a scan wants offsets.
func BenchmarkFastCheck(b *testing.B) {
	var parts [][]byte
	var size int
	for _, doc := range workbooks(b) {
		zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
		if err != nil {
			continue
		}
		var ps [][]byte
		n := 0
		for _, f := range zr.File {
			if !strings.HasSuffix(f.Name, ".xml") {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				b.Fatal(err)
			}
			data, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				b.Fatal(err)
			}
			ps, n = append(ps, data), n+len(data)
		}
		if n > size {
			parts, size = ps, n
		}
	}
	for _, c := range []struct {
		name string
		rec  recording
	}{
		{"bare", recording{}},
		{"recording", recording{record: func(bool, *xml.StartElement, int, int64, int64) {}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, p := range parts {
					fastCheck(p, c.rec, nil)
				}
			}
		})
	}
}
