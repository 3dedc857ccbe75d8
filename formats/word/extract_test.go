package word

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestExtractCompactIDs(t *testing.T) {
	tests := []struct {
		name    string
		fixture string
		id      string
		xpath   string
		line    string // a substring of the ID's compact line
	}{
		{"table answer cell", fixtures.WordTwoColumn, "T1-R2-C2", "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", `T1-R2-C2: "" [empty] ← answer to T1-R2-C1 "Company legal name"`},
		{"shaded bold header", fixtures.WordTwoColumn, "T1-R1-C1", "/w:body/w:tbl[1]/w:tr[1]/w:tc[1]", `T1-R1-C1: "Question" [bold, shaded]`},
		{"paragraph placeholder", fixtures.WordParagraphForm, "P3", "/w:body/w:p[3]", `← answer to "Company name"`},
		{"body-level control", fixtures.WordContentControls, "SDT1", "/w:body/w:sdt[1]", `SDT1: "Click or tap here to enter text." COMPLEX(sdt) ← answer to "Additional comments"`},
		{"paragraph inside body control", fixtures.WordContentControls, "SDT1-P1", "/w:body/w:sdt[1]/w:sdtContent[1]/w:p[1]", `SDT1-P1:`},
		{"row wrapped in sdt", fixtures.WordContentControls, "T1-R3-C2", "/w:body/w:tbl[1]/w:sdt[1]/w:sdtContent[1]/w:tr[1]/w:tc[2]", `T1-R3-C2: "" [empty] ← answer to T1-R3-C1 "Department"`},
		{"cell wrapped in sdt", fixtures.WordContentControls, "T1-R4-C2", "/w:body/w:tbl[1]/w:tr[3]/w:sdt[1]/w:sdtContent[1]/w:tc[1]", `COMPLEX(sdt)`},
		{"rows after sdt row keep counting", fixtures.WordContentControls, "T1-R5-C1", "/w:body/w:tbl[1]/w:tr[4]/w:tc[1]", `"Approved"`},
		{"nested table cell", fixtures.WordNestedTable, "T1-R2-C2/T1-R2-C2", "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]/w:tbl[1]/w:tr[2]/w:tc[2]", `← answer to T1-R2-C2/T1-R2-C1 "Email"`},
		{"outer cell holding nested table", fixtures.WordNestedTable, "T1-R2-C2", "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]", `COMPLEX(nested_table)`},
		{"gridSpan", fixtures.WordMergedCells, "T1-R2-C1", "/w:body/w:tbl[1]/w:tr[2]/w:tc[1]", `COMPLEX(gridSpan)`},
		{"vMerge continuation is no target", fixtures.WordMergedCells, "T1-R4-C1", "/w:body/w:tbl[1]/w:tr[4]/w:tc[1]", `T1-R4-C1: "" [empty] COMPLEX(vMerge)` + "\n"},
		{"legacy field", fixtures.WordLegacyFields, "P2", "/w:body/w:p[2]", `COMPLEX(field) ← answer to "Full name"`},
		{"large table index", fixtures.WordLarge, "T12-R11-C3", "/w:body/w:tbl[12]/w:tr[11]/w:tc[3]", `T12-R11-C3: "" [empty] ← answer to T12-R11-C2 "What changes to compliance are planned for the next twelve m…"`},
	}
	e := New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := e.ExtractCompact(fixture(t, tt.fixture))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.IDToXPath[tt.id]; got != tt.xpath {
				t.Errorf("id_to_xpath[%s] = %q, want %q", tt.id, got, tt.xpath)
			}
			if !strings.Contains(c.CompactText+"\n", tt.line) {
				t.Errorf("compact text lacks %q:\n%s", tt.line, c.CompactText)
			}
		})
	}
}

func TestExtractCompactIsDeterministicAndXPathsResolve(t *testing.T) {
	e := New()
	for _, name := range fixtures.Names() {
		if !strings.HasPrefix(name, "word/") {
			continue
		}
		t.Run(name, func(t *testing.T) {
			doc := fixture(t, name)
			a, err := e.ExtractCompact(doc)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := e.ExtractCompact(doc)
			if a.CompactText != b.CompactText || len(a.IDToXPath) != len(b.IDToXPath) {
				t.Fatal("two extractions of the same bytes differ")
			}
			d, _ := open(doc, nil, nil)
			for id, xp := range a.IDToXPath {
				el, err := resolveXPath(d.body, xp)
				if err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				if n, _ := d.ix.lookup(id); n.el != el {
					t.Fatalf("%s: xpath %s resolves to another element", id, xp)
				}
			}
		})
	}
}

func TestExtractTextReadingOrder(t *testing.T) {
	text, err := New().ExtractText(fixture(t, fixtures.WordMixedLayout))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Question\tResponse\n", "Control\tImplemented (Yes/No)\tComments\n", "List your current certifications: [Enter here]"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if strings.Index(text, "Section 1") > strings.Index(text, "Section 2") {
		t.Error("sections out of reading order")
	}
}

func TestExtractRawIsBody(t *testing.T) {
	raw, err := New().ExtractRaw(fixture(t, fixtures.WordTwoColumn))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(raw.BodyXML, "<w:body>") || !strings.HasSuffix(raw.BodyXML, "</w:body>") || !strings.Contains(raw.BodyXML, "Company legal name") {
		t.Fatalf("body_xml = %.200s", raw.BodyXML)
	}
}

func TestOpenRefusesBadInput(t *testing.T) {
	tests := []struct {
		name string
		doc  []byte
		kind error
		msg  string
	}{
		{"not a zip", []byte("hello"), formats.ErrInvalidDocument, "zip"},
		{"no document.xml", zipOf(t, map[string]string{"[Content_Types].xml": "<Types/>"}), formats.ErrInvalidDocument, "word/document.xml"},
		{"malformed XML", rawDocx(t, `<w:document xmlns:w="`+nsW+`"><w:body><w:p></w:body></w:document>`), formats.ErrInvalidDocument, "malformed"},
		{"DTD", rawDocx(t, `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY a "aaaa">]><w:document xmlns:w="`+nsW+`"><w:body/></w:document>`), formats.ErrInvalidDocument, "DTD"},
		{"lower-case entity declaration", rawDocx(t, `<!entity x "y"><w:document xmlns:w="`+nsW+`"><w:body/></w:document>`), formats.ErrInvalidDocument, "DTD"},
		{"undefined entity", rawDocx(t, `<w:document xmlns:w="`+nsW+`"><w:body><w:p><w:r><w:t>&lol;</w:t></w:r></w:p></w:body></w:document>`), formats.ErrInvalidDocument, "malformed"},
		{"too deep", rawDocx(t, `<w:document xmlns:w="`+nsW+`"><w:body>`+strings.Repeat("<w:p>", 400)+strings.Repeat("</w:p>", 400)+`</w:body></w:document>`), formats.ErrInvalidDocument, "deeper"},
		{"no body", rawDocx(t, `<w:document xmlns:w="`+nsW+`"/>`), formats.ErrInvalidDocument, "w:body"},
		{"other prefix", rawDocx(t, `<x:document xmlns:x="`+nsW+`"><x:body/></x:document>`), formats.ErrUnsupported, "prefix w"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New().ExtractCompact(tt.doc)
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %v, want %v mentioning %q", err, tt.kind, tt.msg)
			}
		})
	}
}

func TestRegistered(t *testing.T) {
	e, err := formats.Lookup(formats.Word)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := e.(formats.Filler); !ok {
		t.Fatal("the registered Word engine is not a Filler")
	}
}

func TestOneLineCollapsesLikeFields(t *testing.T) {
	for _, s := range []string{
		"", " ", "plain words", " leading", "trailing ", "two  spaces", "tab\there", "line\nbreak",
		"nbsp\u00a0inside", "Größe – 日本", "\u2003em space", "a \t\n b", "x",
		"“curly” quotes", "“two  spaces”", "dash – \u00a0nbsp", "bad \xff byte", "\xff", "trailing “ ", "é\u2028line",
	} {
		want := strings.Join(strings.Fields(s), " ")
		if got := oneLine(s); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzOneLine checks oneLine's fast path against the definition it skips.
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", "plain", "“curly”  quotes", "nbsp\u00a0x", "\xff \t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzOneLineHead holds oneLineHead, which collapses only what it keeps,
// to what it stands for.
func FuzzOneLineHead(f *testing.F) {
	for _, s := range []string{"", "plain", "  two  spaces  here  ", "“curly”  quotes", "nbsp\u00a0x", "\xff \t\xfe  a", "a b\u2003c  d"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 400 {
			return
		}
		if got, want := oneLineHead(s, n), shorten(oneLine(s), n); got != want {
			t.Errorf("oneLineHead(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}

// FuzzShorten checks shorten against its definition by rune slice.
func FuzzShorten(f *testing.F) {
	for _, s := range []string{"", "short", "“curly” quotes and more", "bad \xff byte here", "日本語のテキスト"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 0 || n > 400 {
			return
		}
		want := s
		if r := []rune(s); len(r) > n {
			want = string(r[:n]) + "…"
		}
		if got := shorten(s, n); got != want {
			t.Errorf("shorten(%q, %d) = %q, want %q", s, n, got, want)
		}
	})
}
