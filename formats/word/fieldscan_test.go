package word

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// walkFieldsXML is walkFields written over encoding/xml's tokenizer, by
// local names as walkFields matches them: the reference FuzzWalkFields
// holds the byte scanner to on every input encoding/xml reads whole and
// finds well-formed.
func walkFieldsXML(raw []byte) ([]string, error) {
	var out []string
	dec := xml.NewDecoder(bytes.NewReader(raw))
	dec.Strict = true
	var open []*strings.Builder
	inInstr := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch fieldTagNames[t.Name.Local] {
			case "fldSimple":
				out = append(out, attrLocal(t, "instr"))
			case "instrText":
				inInstr = true
			case "fldChar":
				switch typ := attrLocal(t, "fldCharType"); typ {
				case "begin":
					open = append(open, &strings.Builder{})
				case "separate", "end":
					if n := len(open); n > 0 {
						if open[n-1] != nil {
							out = append(out, open[n-1].String())
							open[n-1] = nil
						}
						if typ == "end" {
							open = open[:n-1]
						}
					}
				}
			}
		case xml.EndElement:
			if fieldTagNames[t.Name.Local] == "instrText" {
				inInstr = false
			}
		case xml.CharData:
			if n := len(open); inInstr && n > 0 && open[n-1] != nil && open[n-1].Len() < 4096 {
				open[n-1].Write(t)
			}
		}
	}
}

func attrLocal(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

func scanFields(t testing.TB, raw []byte) []string {
	var got []string
	if err := walkFields(raw, nil, func(s string) { got = append(got, s) }); err != nil {
		t.Fatal(err)
	}
	return got
}

const fieldSeedDoc = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
	`<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDE</w:instrText></w:r>` +
	`<w:r><w:instrText>PICTURE "http://a.example/&#x70;.png" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>` +
	`<w:r><w:t>x</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>` +
	`<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;http://b.example/t&quot; "><w:r><w:t>y</w:t></w:r></w:fldSimple></w:p>` +
	`</w:body></w:document>`

// TestWalkFieldsFindsWhatWordRuns: instructions split over runs, escaped
// characters, another prefix for the main namespace, a '>' inside an
// attribute, CDATA and comments in an instruction all read as Word reads
// them.
func TestWalkFieldsFindsWhatWordRuns(t *testing.T) {
	tests := []struct {
		name, xml string
		want      []string
	}{
		{"split and escaped", fieldSeedDoc, []string{` INCLUDEPICTURE "http://a.example/p.png" `, ` INCLUDETEXT "http://b.example/t" `}},
		{"another prefix", `<x:p xmlns:x="` + nsW + `"><x:r><x:fldChar x:fldCharType="begin"/></x:r><x:r><x:instrText>DDEAUTO c:\\calc.exe</x:instrText></x:r><x:r><x:fldChar x:fldCharType="end"/></x:r></x:p>`,
			[]string{`DDEAUTO c:\\calc.exe`}},
		{"a '>' before the type", `<w:p xmlns:w="` + nsW + `"><w:r><w:fldChar w:x="a>b" w:fldCharType="begin"/></w:r><w:r><w:instrText>LINK <![CDATA[http://c.example]]><!-- hidden --> x</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`,
			[]string{`LINK http://c.example x`}},
		{"nested field in an instruction", `<w:p xmlns:w="` + nsW + `"><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>IF </w:instrText></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>REF a</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:instrText> = 1</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`,
			[]string{"REF a", "IF  = 1"}},
		{"no field, names alike", `<w:p xmlns:w="` + nsW + `"><w:r><w:t>fldChar instrText fldSimple</w:t></w:r><w:fldCharX/></w:p>`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := scanFields(t, []byte(tc.xml))
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if ref, err := walkFieldsXML([]byte(tc.xml)); err != nil || !slices.Equal(ref, got) {
				t.Fatalf("encoding/xml reads %q (%v), the scanner %q", ref, err, got)
			}
		})
	}
}

// FuzzWalkFields holds the byte scanner to encoding/xml on every input the
// latter reads whole, and to no panic on the rest.
func FuzzWalkFields(f *testing.F) {
	f.Add([]byte(fieldSeedDoc))
	f.Add([]byte(`<a><w:fldSimple w:instr='LINK "x>y"'/><b:instrText>q</b:instrText></a>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		got := scanFields(t, raw)
		ref, err := walkFieldsXML(raw)
		if err != nil {
			return
		}
		if !slices.Equal(got, ref) {
			t.Fatalf("scanner %q, encoding/xml %q", got, ref)
		}
	})
}
