package excel

import (
	"archive/zip"
	"bytes"
	"testing"
)

// kindsBook is a small workbook holding one of each kind of content the
// reader reads that real workbooks may lack: a rich-text shared string,
// an inline string, a boolean, an error, a date by format and an ISO
// date (t="d"), a custom number format, a formula with a text result, a
// cell past the declared dimension, a merge, a list validation and an
// x14 one, a note, and hyperlinks of every shape (external with a tip,
// into the workbook, to a defined name, into a merged range's covered
// cell with a fragment, over a range of answer cells). sheet replaces
// Questions' worksheet XML when not empty.
func kindsBook(tb testing.TB, sheet string) []byte {
	tb.Helper()
	if sheet == "" {
		sheet = kindsSheet
	}
	parts := []part{
		{"[Content_Types].xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/><Override PartName="/xl/comments1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/></Types>`)},
		{"_rels/.rels", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)},
		{"xl/workbook.xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/><sheet name="Lists" sheetId="2" r:id="rId2"/></sheets><definedNames><definedName name="Policy">Lists!$A$1</definedName></definedNames></workbook>`)},
		{"xl/_rels/workbook.xml.rels", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`)},
		{"xl/styles.xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.000"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`)},
		{"xl/sharedStrings.xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="5" uniqueCount="5"><si><t>Vendor name</t></si><si><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r></si><si><t>Do you follow the access control policy?</t></si><si><t>Options are on the Lists sheet</t></si><si><t>See the policy</t></si></sst>`)},
		{"xl/worksheets/sheet1.xml", []byte(sheet)},
		{"xl/worksheets/_rels/sheet1.xml.rels", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/policies/access-control" TargetMode="External"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="../comments1.xml"/></Relationships>`)},
		{"xl/comments1.xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>Reviewer</author></authors><commentList><comment ref="A1" authorId="0"><text><r><t>Legal name, as registered</t></r></text></comment></commentList></comments>`)},
		{"xl/worksheets/sheet2.xml", []byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Yes</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>No</t></is></c></row></sheetData></worksheet>`)},
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		w, err := zw.Create(p.name)
		must(tb, err)
		_, err = w.Write(p.data)
		must(tb, err)
	}
	must(tb, zw.Close())
	return buf.Bytes()
}

// kindsSheet is kindsBook's Questions sheet. Its dimension (A1:F8)
// leaves out F10.
const kindsSheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><dimension ref="A1:F8"/><sheetData>` +
	`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="inlineStr"><is><r><t>Inline</t></r><r><t xml:space="preserve"> runs</t></r></is></c></row>` +
	`<row r="2"><c r="A2" t="b"><v>1</v></c><c r="B2" t="e"><v>#N/A</v></c><c r="C2" s="1"><v>45366</v></c><c r="D2" t="d"><v>2024-03-15T00:00:00</v></c><c r="E2" s="2"><v>3.14159</v></c><c r="F2" t="str"><f>A1&amp;"!"</f><v>Vendor name!</v></c></row>` +
	`<row r="5"><c r="A5" t="s"><v>2</v></c></row>` +
	`<row r="6"><c r="A6" t="s"><v>3</v></c></row>` +
	`<row r="7"><c r="A7" t="s"><v>4</v></c></row>` +
	`<row r="8"><c r="A8" t="s"><v>4</v></c></row>` +
	`<row r="10"><c r="F10"><v>7</v></c></row>` +
	`</sheetData><mergeCells count="1"><mergeCell ref="A8:B8"/></mergeCells>` +
	`<dataValidations count="1"><dataValidation type="list" allowBlank="1" showInputMessage="1" prompt="Pick one" sqref="B5"><formula1>"Yes,No"</formula1></dataValidation></dataValidations>` +
	`<hyperlinks><hyperlink ref="A5" r:id="rId1" tooltip="Read the policy"/><hyperlink ref="A6" location="Lists!A1" display="Lists"/><hyperlink ref="A7" location="Policy"/><hyperlink ref="B8" r:id="rId1" location="section-2"/><hyperlink ref="C5:D6" r:id="rId1"/></hyperlinks>` +
	`<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1"><x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>Lists!$A$1:$A$2</xm:f></x14:formula1><xm:sqref>B6</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`
