package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"testing"
)

// unescapeCases are character data with references, line ends and
// markup where unescapeText's passes turn.
var unescapeCases = []string{
	"", "12", "plain text", `IF(A1="",&quot;x&quot;,B1)&amp;""`, "a&lt;b&gt;c&#65;&#x42;", "one\r\ntwo\rthree\n",
	"&amp;\r\n&quot;", "x&bogus;y", "x&amp", "a<b", "&#xD;&#10;", "\r", "&amp;&amp;&amp;",
}

func TestUnescapeTextReadsAsEncodingXML(t *testing.T) {
	for _, c := range unescapeCases {
		checkUnescapeText(t, c)
	}
}

func FuzzUnescapeText(f *testing.F) {
	for _, c := range unescapeCases {
		f.Add(c)
	}
	f.Fuzz(checkUnescapeText)
}

// checkUnescapeText fails t unless unescapeText reads raw as encoding/xml
// reads it as an element's character data, where encoding/xml takes it
// and the guard's pass would (no markup): the same text, or a refusal.
func checkUnescapeText(t *testing.T, raw string) {
	got, ok := unescapeText([]byte(raw))
	dec := xml.NewDecoder(bytes.NewReader([]byte("<a>" + raw + "</a>")))
	var want []byte
	var err error
	for {
		var tok xml.Token
		if tok, err = dec.Token(); err != nil {
			break
		}
		switch tt := tok.(type) {
		case xml.CharData:
			want = append(want, tt...)
		case xml.StartElement:
			if tt.Name.Local != "a" {
				err = errors.ErrUnsupported // markup inside: the scan leaves it to readCells
			}
		case xml.Comment, xml.ProcInst, xml.Directive:
			err = errors.ErrUnsupported
		}
		if err != nil {
			break
		}
	}
	if !errors.Is(err, io.EOF) {
		if ok && bytes.ContainsAny([]byte(raw), "<") {
			t.Fatalf("unescapeText(%q) = %q, true; it holds markup", raw, got)
		}
		return // the guard refuses it, or gives it to readCells
	}
	if !ok || got != string(want) {
		t.Fatalf("unescapeText(%q) = %q, %v; encoding/xml reads %q", raw, got, ok, want)
	}
}
