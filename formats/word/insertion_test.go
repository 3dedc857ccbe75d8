package word

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestBuildInsertionPlainText(t *testing.T) {
	tests := []struct {
		name    string
		req     formats.BuildInsertionRequest
		want    []string // substrings of the insertion
		notWant []string
	}{
		{"inherits font size colour bold italic underline",
			formats.BuildInsertionRequest{AnswerText: "Acme", TargetContextXML: `<w:r><w:rPr><w:rFonts w:ascii="Arial"/><w:b/><w:i/><w:color w:val="FF0000"/><w:sz w:val="20"/><w:u w:val="single"/><w:highlight w:val="yellow"/></w:rPr><w:t>x</w:t></w:r>`},
			[]string{`<w:rFonts w:ascii="Arial"/>`, `<w:b/>`, `<w:i/>`, `<w:color w:val="FF0000"/>`, `<w:sz w:val="20"/>`, `<w:u w:val="single"/>`, `<w:t xml:space="preserve">Acme</w:t>`},
			[]string{"highlight"}},
		{"context is a cell", formats.BuildInsertionRequest{AnswerText: "a", TargetContextXML: `<w:tc><w:p><w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:pPr></w:p></w:tc>`},
			[]string{`<w:sz w:val="18"/>`}, nil},
		{"placeholder style dropped", formats.BuildInsertionRequest{AnswerText: "a", TargetContextXML: `<w:r><w:rPr><w:rStyle w:val="PlaceholderText"/></w:rPr><w:t>Click</w:t></w:r>`},
			[]string{`<w:r><w:t xml:space="preserve">a</w:t></w:r>`}, []string{"rStyle"}},
		{"newline and tab", formats.BuildInsertionRequest{AnswerText: "a\nb\tc\r\nd"},
			[]string{`<w:t xml:space="preserve">a</w:t><w:br/><w:t xml:space="preserve">b</w:t><w:tab/><w:t xml:space="preserve">c</w:t><w:br/>`}, nil},
		{"escaped and cleaned", formats.BuildInsertionRequest{AnswerText: "x<y>&\"z\x01\x0b\uffff"},
			[]string{`x&lt;y&gt;&amp;`}, []string{"\x01", "\x0b", "\uffff"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := New().BuildInsertion(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Valid {
				t.Fatalf("invalid: %s", res.Error)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.InsertionXML, w) {
					t.Errorf("insertion %s lacks %s", res.InsertionXML, w)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(res.InsertionXML, w) {
					t.Errorf("insertion %q holds %q", res.InsertionXML, w)
				}
			}
			if _, err := parseInsertion(res.InsertionXML); err != nil {
				t.Errorf("the built insertion is refused by the write check: %v", err)
			}
		})
	}
}

func TestBuildInsertionStructured(t *testing.T) {
	tests := []struct {
		name  string
		xml   string
		valid bool
		msg   string
	}{
		{"runs", `<w:r><w:rPr><w:b/></w:rPr><w:t>ok</w:t></w:r>`, true, ""},
		{"paragraphs", `<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:t>a</w:t></w:r></w:p><w:p/>`, true, ""},
		{"drawing", `<w:r><w:drawing/></w:r>`, false, "w:drawing"},
		{"field", `<w:r><w:fldChar w:fldCharType="begin"/></w:r>`, false, "w:fldChar"},
		{"table", `<w:tbl/>`, false, "w:tbl"},
		{"foreign namespace", `<v:shape xmlns:v="urn:schemas-microsoft-com:vml"/>`, false, "v:shape"},
		{"malformed", `<w:r><w:t>a</w:r>`, false, "malformed"},
		{"bare text", `hello`, false, "outside any element"},
		{"entity", `<!DOCTYPE r [<!ENTITY a "b">]><w:r/>`, false, "DTD"},
		{"mixed levels", `<w:p/><w:r/>`, false, "mixes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := New().BuildInsertion(formats.BuildInsertionRequest{AnswerText: tt.xml, AnswerType: formats.Structured})
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid != tt.valid || !strings.Contains(res.Error, tt.msg) {
				t.Fatalf("valid=%v error=%q, want valid=%v mentioning %q", res.Valid, res.Error, tt.valid, tt.msg)
			}
		})
	}
}

func TestBuildInsertionBadType(t *testing.T) {
	if _, err := New().BuildInsertion(formats.BuildInsertionRequest{AnswerText: "a", AnswerType: "html"}); err == nil {
		t.Fatal("unknown answer_type accepted")
	}
}
