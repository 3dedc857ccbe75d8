package word

import (
	"fmt"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

const (
	stylesXMLHead    = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="` + nsW + `">`
	numberingXMLHead = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="` + nsW + `">`
)

// numberedDocx packs body paragraphs with styles and numbering parts.
func numberedDocx(tb testing.TB, styles, numbering, body string) []byte {
	tb.Helper()
	return zipOf(tb, map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="` + nsW + `" ` +
			`xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:body>` + body + `</w:body></w:document>`,
		"word/styles.xml":    stylesXMLHead + styles + `</w:styles>`,
		"word/numbering.xml": numberingXMLHead + numbering + `</w:numbering>`,
	})
}

// lvl is a w:lvl of a test's numbering.
func lvl(i int, format, text string, extra ...string) string {
	return fmt.Sprintf(`<w:lvl w:ilvl="%d"><w:start w:val="1"/><w:numFmt w:val="%s"/><w:lvlText w:val="%s"/>%s</w:lvl>`, i, format, text, strings.Join(extra, ""))
}

// para is a paragraph with a style and optional direct numbering.
func para(style, numID, ilvl, text string) string {
	ppr := ""
	if style != "" {
		ppr += `<w:pStyle w:val="` + style + `"/>`
	}
	if numID != "" || ilvl != "" {
		ppr += "<w:numPr>"
		if ilvl != "" {
			ppr += `<w:ilvl w:val="` + ilvl + `"/>`
		}
		if numID != "" {
			ppr += `<w:numId w:val="` + numID + `"/>`
		}
		ppr += "</w:numPr>"
	}
	return `<w:p><w:pPr>` + ppr + `</w:pPr><w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

func viewOf(t *testing.T, doc []byte) []formats.ViewNode {
	t.Helper()
	rows, err := New().ReadDocument(doc)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func labelsOf(rows []formats.ViewNode) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.ListLabel
	}
	return out
}

func TestListLabels(t *testing.T) {
	legal := lvl(0, "decimal", "%1.") + lvl(1, "decimal", "%1.%2") + lvl(2, "lowerLetter", "(%3)") + lvl(3, "lowerRoman", "(%4)")
	headings := `<w:style w:type="paragraph" w:styleId="H1"><w:name w:val="heading 1"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/><w:basedOn w:val="H1"/><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr></w:style>` +
		`<w:style w:type="paragraph" w:styleId="H3"><w:name w:val="heading 3"/><w:basedOn w:val="H2"/><w:pPr><w:numPr><w:ilvl w:val="2"/></w:numPr></w:pPr></w:style>`
	tests := []struct {
		name, styles, numbering, body string
		want                          []string
	}{
		{
			name:      "levels count and deeper levels restart",
			numbering: `<w:abstractNum w:abstractNumId="0">` + legal + `</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`,
			body: para("", "1", "0", "A") + para("", "1", "1", "B") + para("", "1", "2", "C") + para("", "1", "2", "D") + para("", "1", "3", "E") +
				para("", "1", "1", "F") + para("", "1", "2", "G") + para("", "1", "0", "H") + para("", "1", "1", "I"),
			want: []string{"1.", "1.1", "(a)", "(b)", "(i)", "1.2", "(a)", "2.", "2.1"},
		},
		{
			name:      "numbering inherited from paragraph styles, level and list separately along basedOn",
			styles:    headings,
			numbering: `<w:abstractNum w:abstractNumId="0">` + legal + `</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`,
			body:      para("H1", "", "", "Purchase") + para("H2", "", "", "Sale") + para("H3", "", "", "Adopted") + para("H3", "", "", "Subject") + para("H2", "", "", "Closing"),
			want:      []string{"1.", "1.1", "(a)", "(b)", "1.2"},
		},
		{
			name:      "numId 0 on the paragraph cancels its style's numbering",
			styles:    headings,
			numbering: `<w:abstractNum w:abstractNumId="0">` + legal + `</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`,
			body:      para("H1", "", "", "One") + para("H2", "0", "", "unnumbered") + para("H2", "", "", "Two"),
			want:      []string{"1.", "", "1.1"},
		},
		{
			name: "a startOverride num restarts the shared list, which then continues through the other num",
			numbering: `<w:abstractNum w:abstractNumId="0">` + lvl(0, "lowerLetter", "(%1)") + `</w:abstractNum>` +
				`<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>` +
				`<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>`,
			body: para("", "1", "0", "a") + para("", "1", "0", "b") + para("", "2", "0", "restart") + para("", "1", "0", "continues") + para("", "2", "0", "no second restart"),
			want: []string{"(a)", "(b)", "(a)", "(b)", "(c)"},
		},
		{
			name: "formats: letters past z, upper roman, ordinal text, legal numbering, literal text",
			numbering: `<w:abstractNum w:abstractNumId="0">` + lvl(0, "upperRoman", "Article %1") + lvl(1, "lowerLetter", "%2)") + `</w:abstractNum>` +
				`<w:abstractNum w:abstractNumId="1">` + lvl(0, "ordinalText", "%1") + lvl(1, "upperLetter", "%1.%2", `<w:isLgl/>`) + `</w:abstractNum>` +
				`<w:num w:numId="1"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="1"><w:startOverride w:val="26"/></w:lvlOverride></w:num>` +
				`<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>`,
			body: para("", "1", "0", "I") + para("", "1", "0", "II") + para("", "1", "1", "z") + para("", "1", "1", "aa") +
				para("", "2", "0", "First") + para("", "2", "0", "Second") + para("", "2", "1", "legal"),
			want: []string{"Article I", "Article II", "z)", "aa)", "First", "Second", "2.1"},
		},
		{
			name:   "lvlRestart 0 keeps counting across the higher level",
			styles: "",
			numbering: `<w:abstractNum w:abstractNumId="0">` + lvl(0, "decimal", "%1.") + lvl(1, "decimal", "%2)", `<w:lvlRestart w:val="0"/>`) + `</w:abstractNum>` +
				`<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`,
			body: para("", "1", "0", "A") + para("", "1", "1", "x") + para("", "1", "0", "B") + para("", "1", "1", "y"),
			want: []string{"1.", "1)", "2.", "2)"},
		},
		{
			name:   "a list linked to a numbering style takes that style's definition",
			styles: `<w:style w:type="numbering" w:styleId="Legal"><w:name w:val="Legal"/><w:pPr><w:numPr><w:numId w:val="5"/></w:numPr></w:pPr></w:style>`,
			numbering: `<w:abstractNum w:abstractNumId="0"><w:styleLink w:val="Legal"/>` + lvl(0, "decimal", "%1.0") + `</w:abstractNum>` +
				`<w:abstractNum w:abstractNumId="1"><w:numStyleLink w:val="Legal"/></w:abstractNum>` +
				`<w:num w:numId="5"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="6"><w:abstractNumId w:val="1"/></w:num>`,
			body: para("", "6", "0", "Einleitung") + para("", "6", "0", "Beispiel"),
			want: []string{"1.0", "2.0"},
		},
		{
			name:      "a num whose levels come only from its overrides counts on",
			numbering: `<w:num w:numId="3"><w:abstractNumId w:val="77"/><w:lvlOverride w:ilvl="0">` + lvl(0, "upperLetter", "%1.") + `</w:lvlOverride></w:num>`,
			body:      para("", "3", "0", "A") + para("", "3", "0", "B"),
			want:      []string{"A.", "B."},
		},
		{
			name:      "hostile numbering: a num without a definition, a basedOn loop, an absurd level",
			styles:    `<w:style w:type="paragraph" w:styleId="A"><w:basedOn w:val="B"/></w:style><w:style w:type="paragraph" w:styleId="B"><w:basedOn w:val="A"/></w:style>`,
			numbering: `<w:num w:numId="1"><w:abstractNumId w:val="9"/></w:num>`,
			body:      para("A", "1", "0", "no definition") + para("B", "", "42", "no list"),
			want:      []string{"", ""},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := labelsOf(viewOf(t, numberedDocx(t, tt.styles, tt.numbering, tt.body)))
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("labels %q, want %q", got, tt.want)
			}
		})
	}
}

// volatile matches the attributes Word rewrites on every save.
var volatile = regexp.MustCompile(`(w:rsid[A-Za-z]*|w14:paraId|w14:textId|w:id|w:date)="[^"]*"`)

// TestStyleIDsIgnoreVolatileAttributes rewrites every rsid, paragraph ID,
// revision ID and date of real agreements and checks that no style ID or
// fingerprint changes, while the same rows come back.
func TestStyleIDsIgnoreVolatileAttributes(t *testing.T) {
	docs := realAgreements(t)
	rng := rand.New(rand.NewSource(21))
	for _, d := range docs {
		before := viewOf(t, d.data)
		parts := map[string]string{}
		arc, err := formats.OpenArchive(d.data, formats.DefaultArchiveLimits)
		if err != nil {
			t.Fatal(err)
		}
		rewritten := 0
		for _, name := range []string{documentPart, stylesPart, numberingPart} {
			raw, err := arc.Read(name)
			if err != nil {
				continue
			}
			parts[name] = volatile.ReplaceAllStringFunc(string(raw), func(m string) string {
				rewritten++
				k, _, _ := strings.Cut(m, "=")
				return fmt.Sprintf(`%s="%08X"`, k, rng.Uint32())
			})
		}
		repl := map[string][]byte{}
		for k, v := range parts {
			repl[k] = []byte(v)
		}
		changed, err := arc.Rewrite(repl)
		if err != nil {
			t.Fatal(err)
		}
		after := viewOf(t, changed)
		if rewritten < 100 || len(after) != len(before) {
			t.Fatalf("%s: %d volatile attributes rewritten, %d rows before and %d after", d.name, rewritten, len(before), len(after))
		}
		for i := range before {
			if before[i].Style != after[i].Style || before[i].StyleFingerprint != after[i].StyleFingerprint {
				t.Errorf("%s %s: style %q (%s) became %q (%s) when only volatile attributes changed", d.name, before[i].ID,
					before[i].Style, before[i].StyleFingerprint, after[i].Style, after[i].StyleFingerprint)
				break
			}
		}
	}
}

// TestReadDocumentShowsClausesOfRealAgreements checks rows an agent needs
// to find a clause by its number: labels, run-in headers, definitions.
func TestReadDocumentShowsClausesOfRealAgreements(t *testing.T) {
	spa := realdocs.Read(t, "agreements", "nvca-spa.docx")
	rows := viewOf(t, spa)
	find := func(label, textStart string) *formats.ViewNode {
		for i := range rows {
			if rows[i].ListLabel == label && strings.HasPrefix(rows[i].Text, textStart) {
				return &rows[i]
			}
		}
		t.Errorf("no row labelled %q starting %q", label, textStart)
		return nil
	}
	if r := find("(d)", "At each Closing, the Company shall deliver"); r != nil {
		if r.Header != "Closing Deliverables" || r.HeaderFormatting == nil || !r.HeaderFormatting.Underline {
			t.Errorf("(d): header %q %+v, want the underlined run-in header Closing Deliverables", r.Header, r.HeaderFormatting)
		}
	}
	find("1.1", "Sale and Issuance of Preferred Stock.")
	// Articles and sections whose heading ends with a style separator:
	// one row each, with the heading's label and the heading as header.
	for _, h := range []struct{ label, header, text string }{
		{"2.", "Representations and Warranties of the Company", "The Company hereby represents"},
		{"2.1", "Organization, Good Standing, Corporate Power and Qualification", "The Company is a corporation"},
		{"3.", "Representations and Warranties of the Purchasers", "Each Purchaser hereby represents"},
		{"4.", "Conditions to the Purchasers’ Obligations at Closing", "The obligations of each Purchaser"},
		{"5.", "Conditions of the Company’s Obligations at Closing", "The obligations of the Company"},
	} {
		if r := find(h.label, h.text); r != nil && (r.Header != h.header || r.Numbering == nil) {
			t.Errorf("%s: header %q, numbering %v; want %q with its numbering", h.label, r.Header, r.Numbering, h.header)
		}
	}
	for i := 1; i < len(rows); i++ {
		if rows[i].Header != "" && rows[i-1].Text == rows[i].Header {
			t.Errorf("%s shows the heading %q that %s takes in as its header", rows[i-1].ID, rows[i-1].Text, rows[i].ID)
		}
	}
	if r := find("(a)", "“Affiliate” means"); r != nil && r.Style != "definition" {
		t.Errorf("the Affiliate definition has style %q, want definition", r.Style)
	}
	find("(iv)", "[Special Mandatory Conversion.")
	find("(A)", "Except as otherwise specified")
	// 2.1's heading ends with a style separator: Word shows the next
	// paragraph on its line, so that paragraph's header is the heading.
	for _, r := range rows {
		if strings.HasPrefix(r.Text, "The Company is a corporation duly organized") {
			if r.Header != "Organization, Good Standing, Corporate Power and Qualification" || r.HeaderFormatting == nil || !r.HeaderFormatting.Underline {
				t.Errorf("the paragraph after 2.1's heading: header %q %+v, want the underlined heading", r.Header, r.HeaderFormatting)
			}
			return
		}
	}
	t.Error("no row starts with 2.1's text, without the separator's period")
}

// TestStyleSeparatorMakesARunInHeader: a paragraph whose mark is a style
// separator (w:specVanish) runs into the next, which takes its text as
// header; a separator before a table, or a next paragraph with a header
// of its own, changes nothing.
func TestStyleSeparatorMakesARunInHeader(t *testing.T) {
	sep := func(text string) string {
		return `<w:p><w:pPr><w:rPr><w:vanish/><w:specVanish/></w:rPr></w:pPr><w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t>` + text + `</w:t></w:r></w:p>`
	}
	plain := func(text string) string { return `<w:p><w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>` }
	tests := []struct {
		name, body       string
		id, header, text string
		rows             int // rows of the view
	}{
		{"heading then body", sep("Organization") + plain(". The Company is a corporation."), "P2", "Organization", "The Company is a corporation.", 1},
		{"heading with its own period", sep("Capitalization.") + plain("The authorized capital consists of"), "P2", "Capitalization", "The authorized capital consists of", 1},
		{"no separator, no header", plain("Organization") + plain(". The Company is"), "P2", "", ". The Company is", 2},
		{"separator before a table", sep("Schedule") + `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc></w:tr></w:tbl>` + plain("After"), "P2", "", "After", 4},
		{"separator at the end", plain("Body") + sep("Schedule"), "P1", "", "Body", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := viewOf(t, bodyDocx(t, tt.body))
			if len(rows) != tt.rows {
				t.Errorf("%d rows, want %d: %+v", len(rows), tt.rows, rows)
			}
			for _, r := range rows {
				if r.ID != tt.id {
					continue
				}
				if r.Header != tt.header || r.Text != tt.text {
					t.Fatalf("%s: header %q, text %q; want %q, %q", r.ID, r.Header, r.Text, tt.header, tt.text)
				}
				if tt.header != "" && (r.HeaderFormatting == nil || !r.HeaderFormatting.Underline) {
					t.Errorf("header formatting %+v, want the heading's underline", r.HeaderFormatting)
				}
				return
			}
			t.Fatalf("no row %s", tt.id)
		})
	}
}

// FuzzReadDocument feeds the view hostile styles and numbering parts: it
// must answer or fail with a typed error, never panic or loop.
func FuzzReadDocument(f *testing.F) {
	f.Add(`<w:style w:type="paragraph" w:styleId="H1"><w:basedOn w:val="H1"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>`,
		`<w:abstractNum w:abstractNumId="0"><w:numStyleLink w:val="H1"/>`+lvl(0, "ordinalText", "%1%9%")+`</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`,
		para("H1", "", "", "x")+para("", "1", "8", "y"))
	f.Add(`<w:style w:type="numbering" w:styleId="L"><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>`,
		`<w:abstractNum w:abstractNumId="0"><w:numStyleLink w:val="L"/></w:abstractNum><w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="99"><w:startOverride w:val="-3"/></w:lvlOverride></w:num>`,
		para("", "2", "-1", "z"))
	f.Fuzz(func(t *testing.T, styles, numbering, body string) {
		doc := numberedDocx(t, styles, numbering, body)
		rows, err := New().ReadDocument(doc)
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		if _, err := formats.NewDocumentView(rows, formats.ViewTOON, formats.Page{MaxTokens: 10}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestStyleSeparatedHeadingKeepsItsListLabel: a numbered heading ended by a
// style separator gives the row it runs into its list label; a row with a
// label of its own keeps it, and the heading then keeps its row.
func TestStyleSeparatedHeadingKeepsItsListLabel(t *testing.T) {
	styles := `<w:style w:type="paragraph" w:styleId="H2"><w:pPr><w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr></w:pPr></w:style>`
	numbering := `<w:abstractNum w:abstractNumId="0">` + lvl(0, "decimal", "%1.") + lvl(1, "decimal", "%1.%2") + `</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>`
	sepH2 := func(text string) string {
		return `<w:p><w:pPr><w:pStyle w:val="H2"/><w:rPr><w:vanish/><w:specVanish/></w:rPr></w:pPr><w:r><w:t>` + text + `</w:t></w:r></w:p>`
	}
	body := para("", "1", "0", "Representations") + sepH2("Organization") + `<w:p><w:r><w:t xml:space="preserve">. The Company is a corporation.</w:t></w:r></w:p>` +
		sepH2("Capitalization") + para("", "1", "1", "The authorized capital is")
	rows := viewOf(t, numberedDocx(t, styles, numbering, body))
	var got []string
	for _, r := range rows {
		got = append(got, r.ID+" "+r.ListLabel+" ["+r.Header+"] "+r.Text)
	}
	want := []string{
		"P1 1. [] Representations",
		"P3 1.1 [Organization] The Company is a corporation.",
		"P4 1.2 [] Capitalization",
		"P5 1.3 [] The authorized capital is",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if rows[1].Numbering == nil || rows[1].Numbering.Ilvl != 1 {
		t.Errorf("P3's numbering %+v, want the heading's (level 1)", rows[1].Numbering)
	}
}
