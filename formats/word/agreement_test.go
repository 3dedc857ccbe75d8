package word

import (
	"archive/zip"
	"bytes"
	"sort"
	"strings"
	"testing"

	"github.com/beevik/etree"
)

// agreementDocx builds a small legal template with what the edit modes
// must respect: a run-in header inside brackets, numbered definitions with
// bold terms in plain quotes, a REF field to a bookmark, footnote
// references, a hyperlink, an inline content control, an italic run-in
// header and a table. Its paragraphs (top-level IDs):
//
//	P1  SERIES [___] PREFERRED STOCK PURCHASE AGREEMENT
//	P2  [Initial Closing.] The closing shall take place at the [applicable] Closing of Series [___] Preferred.
//	P3  (a) “Affiliate” means any Person that controls the Company.        numbered, bold term
//	P4  (b) “Board” means the board of directors of the Company.           numbered, bold term
//	P5  As set forth in Optional Clause of the agreement¹, the Company shall pay.  REF to P8's header, footnote 1
//	P6  See the website for details.                                         hyperlink on "the website"
//	P7  Governing law: California.                                           inline control around "California"
//	P8  Optional Clause. This clause is optional and may be removed.         bookmark _Ref100 around its underlined header
//	P9  Mutual: We each keep the other's information confidential.          italic run-in header
//	T1  Name | Title / Signer | Officer
//	P10 End of agreement.
func agreementDocx(tb testing.TB) []byte {
	tb.Helper()
	return packDocx(tb, map[string]string{
		"[Content_Types].xml":          agreementTypes,
		"_rels/.rels":                  agreementRootRels,
		"word/_rels/document.xml.rels": agreementDocRels,
		"word/document.xml":            agreementDocument(agreementBody),
		"word/styles.xml":              agreementStyles,
		"word/numbering.xml":           agreementNumbering,
		"word/footnotes.xml":           agreementFootnotes,
	})
}

// packDocx zips parts, [Content_Types].xml first.
func packDocx(tb testing.TB, parts map[string]string) []byte {
	tb.Helper()
	names := make([]string, 0, len(parts))
	for n := range parts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if (names[i] == "[Content_Types].xml") != (names[j] == "[Content_Types].xml") {
			return names[i] == "[Content_Types].xml"
		}
		return names[i] < names[j]
	})
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			tb.Fatal(err)
		}
		w.Write([]byte(parts[n]))
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

const xmlDecl = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`

const agreementTypes = xmlDecl + `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
	`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
	`<Default Extension="xml" ContentType="application/xml"/>` +
	`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
	`<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
	`<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>` +
	`<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>` +
	`</Types>`

const agreementRootRels = xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
	`</Relationships>`

const agreementDocRels = xmlDecl + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
	`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
	`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>` +
	`<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>` +
	`<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/>` +
	`</Relationships>`

const wNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
	`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`

func agreementDocument(body string) string {
	return xmlDecl + `<w:document ` + wNS + `><w:body>` + body +
		`<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>` +
		`</w:body></w:document>`
}

// Run helpers for the fixture's markup.
func xRun(text string) string { return `<w:r><w:t xml:space="preserve">` + text + `</w:t></w:r>` }
func xBold(text string) string {
	return `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}
func xUl(text string) string {
	return `<w:r><w:rPr><w:u w:val="single"/></w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}
func xItalic(text string) string {
	return `<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r>`
}
func xPara(pPr string, runs ...string) string {
	return `<w:p>` + pPr + strings.Join(runs, "") + `</w:p>`
}

const numbered = `<w:pPr><w:pStyle w:val="Definition"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>`

var agreementBody = xPara(`<w:pPr><w:jc w:val="center"/></w:pPr>`, xBold("SERIES [___] PREFERRED STOCK PURCHASE AGREEMENT")) +
	xPara("", xRun("["), xUl("Initial Closing"), xRun(".] The closing shall take place at the [applicable] Closing of Series [___] Preferred.")) +
	xPara(numbered, xRun("“"), xBold("Affiliate"), xRun("” means any Person that controls the Company.")) +
	xPara(numbered, xRun("“"), xBold("Board"), xRun("” means the board of directors of the Company.")) +
	xPara("", xRun("As set forth in "),
		`<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> REF _Ref100 \h </w:instrText></w:r>`+
			`<w:r><w:fldChar w:fldCharType="separate"/></w:r>`+xUl("Optional Clause")+`<w:r><w:fldChar w:fldCharType="end"/></w:r>`,
		xRun(" of the agreement"),
		`<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>`,
		xRun(", the Company shall pay.")) +
	xPara("", xRun("See "), `<w:hyperlink r:id="rId4">`+xUl("the website")+`</w:hyperlink>`, xRun(" for details.")) +
	xPara("", xRun("Governing law: "),
		`<w:sdt><w:sdtPr><w:alias w:val="Law"/><w:tag w:val="law"/></w:sdtPr><w:sdtContent>`+xRun("California")+`</w:sdtContent></w:sdt>`,
		xRun(".")) +
	xPara("", `<w:bookmarkStart w:id="100" w:name="_Ref100"/>`, xUl("Optional Clause"), `<w:bookmarkEnd w:id="100"/>`, xRun(". This clause is optional and may be removed.")) +
	xPara("", xItalic("Mutual:"), xRun(" We each keep the other's information confidential.")) +
	`<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>` +
	`<w:tr><w:tc>` + xPara("", xRun("Name")) + `</w:tc><w:tc>` + xPara("", xRun("Title")) + `</w:tc></w:tr>` +
	`<w:tr><w:tc>` + xPara("", xRun("Signer")) + `</w:tc><w:tc>` + xPara("", xRun("Officer")) + `</w:tc></w:tr></w:tbl>` +
	xPara("", xRun("End of agreement."))

const agreementStyles = xmlDecl + `<w:styles ` + wNS + `>` +
	`<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif"/><w:sz w:val="22"/></w:rPr></w:rPrDefault>` +
	`<w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults>` +
	`<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>` +
	`<w:style w:type="paragraph" w:styleId="Definition"><w:name w:val="Definition"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:style>` +
	`<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont"><w:name w:val="Default Paragraph Font"/></w:style>` +
	`<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>` +
	`</w:styles>`

const agreementNumbering = xmlDecl + `<w:numbering ` + wNS + `>` +
	`<w:abstractNum w:abstractNumId="0"><w:multiLevelType w:val="singleLevel"/>` +
	`<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%1)"/><w:lvlJc w:val="left"/>` +
	`<w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum>` +
	`<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`

const agreementFootnotes = xmlDecl + `<w:footnotes ` + wNS + `>` +
	`<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>` +
	`<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>` +
	`<w:footnote w:id="1"><w:p><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>` +
	`<w:r><w:t xml:space="preserve"> The schedule is attached as Exhibit B.</w:t></w:r></w:p></w:footnote>` +
	`</w:footnotes>`

// runView describes a paragraph's runs for assertions: each run's text,
// prefixed by its emphasis in braces when it has one, joined by "|":
// "[|{u}Initial Closing|.] The closing…". Field characters and notes show
// as ⟨begin⟩, ⟨end⟩, ⟨fn1⟩.
func runView(d *document, p *etree.Element) string {
	cs := d.charStyles()
	var parts []string
	for _, r := range findW(p, "r") {
		var b strings.Builder
		for _, c := range r.ChildElements() {
			switch {
			case isW(c, "t"):
				b.WriteString(c.Text())
			case isW(c, "fldChar"):
				v, _ := attr(c, "w", "fldCharType")
				b.WriteString("⟨" + v + "⟩")
			case isW(c, "footnoteReference"):
				v, _ := attr(c, "w", "id")
				b.WriteString("⟨fn" + v + "⟩")
			}
		}
		if b.Len() == 0 {
			continue
		}
		prefix := ""
		if e := cs.runEmphasis(r); e.any() {
			prefix = "{" + shortEmphasis(e) + "}"
		}
		parts = append(parts, prefix+b.String())
	}
	return strings.Join(parts, "|")
}

func shortEmphasis(e emphasis) string {
	s := ""
	if e.Bold {
		s += "b"
	}
	if e.Italic {
		s += "i"
	}
	if e.Underline {
		s += "u"
	}
	return s
}

// reopen parses a written document and returns it.
func reopen(tb testing.TB, doc []byte) *document {
	tb.Helper()
	d, err := open(doc, nil, nil)
	if err != nil {
		tb.Fatalf("written document does not reopen: %v", err)
	}
	return d
}

// nodeEl returns the element with ID id of d.
func nodeEl(tb testing.TB, d *document, id string) *etree.Element {
	tb.Helper()
	n, ok := d.ix.lookup(id)
	if !ok {
		tb.Fatalf("no %s in the document", id)
	}
	return n.el
}
