package excel

import (
	"reflect"
	"testing"
)

func TestReadBookFindsSheetsNamesAndDates(t *testing.T) {
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	for _, tt := range []struct {
		name, xml string
		want      bookInfo
	}{
		{"visible, hidden and very hidden sheets",
			`<workbook ` + ns + `><sheets><sheet name="A" sheetId="1" r:id="rId1"/><sheet name="B &amp; C" state="hidden" r:id="rId2"/><sheet name="D" state="veryHidden" r:id="rId3"/></sheets></workbook>`,
			bookInfo{sheets: []bookSheet{{"A", "", "rId1"}, {"B & C", "hidden", "rId2"}, {"D", "veryHidden", "rId3"}}}},
		{"global and local names, one local to no sheet",
			`<workbook ` + ns + `><sheets><sheet name="A" r:id="rId1"/></sheets><definedNames><definedName name="Yes">Lists!$A$1:$A$2</definedName><definedName name="L" localSheetId="0">A!$B$1</definedName><definedName name="X" localSheetId="4">A!$C$1</definedName></definedNames></workbook>`,
			bookInfo{sheets: []bookSheet{{"A", "", "rId1"}}, names: []definedName{{"Yes", "Lists!$A$1:$A$2", "Workbook", -1}, {"L", "A!$B$1", "A", 0}, {"X", "A!$C$1", "", 4}}}},
		{"1904 date system", `<workbook ` + ns + `><workbookPr date1904="1"/></workbook>`, bookInfo{date1904: true}},
		{"a date system that is no boolean is 1900", `<workbook ` + ns + `><workbookPr date1904="maybe"/></workbook>`, bookInfo{}},
		{"strict namespace reads alike",
			`<workbook xmlns="http://purl.oclc.org/ooxml/spreadsheetml/main" xmlns:r="http://purl.oclc.org/ooxml/officeDocument/relationships"><sheets><sheet name="S" r:id="rId7"/></sheets></workbook>`,
			bookInfo{sheets: []bookSheet{{"S", "", "rId7"}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readBook([]byte(tt.xml))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("got %+v, want %+v", *got, tt.want)
			}
		})
	}
}

func TestReadValidationsReadsMainAndX14Rules(t *testing.T) {
	const root = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><sheetData/>`
	str := func(s string) *string { return &s }
	for _, tt := range []struct {
		name, xml string
		want      []validation
	}{
		{"a literal list with an input message",
			root + `<dataValidations count="1"><dataValidation type="list" sqref="C2:C9" promptTitle="Pick" prompt="one"><formula1>"Yes,No"</formula1></dataValidation></dataValidations></worksheet>`,
			[]validation{{sqref: "C2:C9", typ: "list", formula1: `"Yes,No"`, prompt: str("one"), promptTitle: str("Pick")}}},
		{"a number range with both formulas and escaped text",
			root + `<dataValidations><dataValidation type="whole" operator="between" sqref="D2"><formula1>1</formula1><formula2>A1&amp;"x"</formula2></dataValidation></dataValidations></worksheet>`,
			[]validation{{sqref: "D2", typ: "whole", operator: "between", formula1: "1", formula2: `A1&"x"`}}},
		{"an x14 list on another sheet after a main rule",
			root + `<dataValidations><dataValidation type="list" sqref="A1"><formula1>"a"</formula1></dataValidation></dataValidations><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1"><x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>E2:E5 F7</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`,
			[]validation{{sqref: "A1", typ: "list", formula1: `"a"`}, {sqref: "E2:E5 F7", typ: "list", formula1: "Lists!$A$1:$A$3", x14: true}}},
		{"another extension's rules are not validations",
			root + `<extLst><ext uri="{OTHER}"><x14:dataValidations><x14:dataValidation type="list"><xm:sqref>A1</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst></worksheet>`,
			nil},
		{"a quoted literal's doubled quotes are one",
			root + `<dataValidations><dataValidation type="list" sqref="B1"><formula1>"say ""hi"",no"</formula1></dataValidation></dataValidations></worksheet>`,
			[]validation{{sqref: "B1", typ: "list", formula1: `"say "hi",no"`}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readValidations([]byte(tt.xml))
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				got[i].formula1, got[i].formula2 = literal(got[i].formula1), literal(got[i].formula2)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestReadStylesWorksOutEachCellFormat(t *testing.T) {
	const styles = `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts>
<fonts><font><sz val="11"/></font><font><b/></font><font><b val="0"/></font></fonts>
<fills><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="solid"><fgColor theme="1"/></patternFill></fill><fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill><fill><patternFill patternType="solid"><fgColor indexed="2"/></patternFill></fill></fills>
<borders><border><bottom/></border><border><bottom style="thin"/></border></borders>
<cellXfs>
<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>
<xf numFmtId="164" fontId="1" fillId="1" borderId="1" applyProtection="1"><protection locked="0"/></xf>
<xf numFmtId="14" fontId="2" fillId="2" borderId="1" applyBorder="0"/>
<xf numFmtId="3" fontId="1" fillId="3" applyFont="0"/>
<xf numFmtId="170"><protection hidden="1"/></xf>
</cellXfs></styleSheet>`
	const theme = `<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:themeElements><a:clrScheme name="x"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1></a:clrScheme></a:themeElements></a:theme>`
	d, err := readStyles([]byte(styles))
	if err != nil {
		t.Fatal(err)
	}
	scheme, err := readTheme([]byte(theme))
	if err != nil {
		t.Fatal(err)
	}
	code := "dd/mm/yyyy"
	want := []cellFormat{
		{locked: true},
		{CustomNumFmt: &code, bold: true, bottomBorder: true, solidFill: true, fillColor: "000000"},
		{NumFmt: 14, locked: true, solidFill: true, fillColor: "FFFF00"},
		{NumFmt: 3, locked: true, solidFill: true, fillColor: "FF0000"},
		{locked: false},
	}
	got := d.formats(scheme)
	if len(got) != len(want) {
		t.Fatalf("got %d formats, want %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(*got[i], want[i]) {
			t.Errorf("format %d: got %+v, want %+v", i, *got[i], want[i])
		}
	}
	if k := d.numFormats(); !reflect.DeepEqual(k, []numFormat{formatGeneral, formatText, formatOther, formatOther, formatOther}) {
		t.Errorf("number format kinds %v", k)
	}
	if c := d.formats(nil)[2].fillColor; c != "" {
		t.Errorf("without a theme the fill's color is %q, want none", c)
	}
}

// FuzzReadParts feeds arbitrary XML to the readers of the workbook part,
// the styles, the theme and the validations: each returns a result or an
// error, never panics.
func FuzzReadParts(f *testing.F) {
	f.Add(`<workbook><sheets><sheet name="A"/></sheets><definedNames><definedName name="n" localSheetId="0">A!A1</definedName></definedNames></workbook>`)
	f.Add(`<styleSheet><fills><fill><patternFill patternType="solid"><fgColor theme="9" tint="-0.5"/></patternFill></fill></fills><cellXfs><xf fillId="0" numFmtId="200"/></cellXfs></styleSheet>`)
	f.Add(`<worksheet><extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><dataValidations><dataValidation><formula1><f>x</f></formula1><sqref>A1</sqref></dataValidation></dataValidations></ext></extLst></worksheet>`)
	f.Fuzz(func(t *testing.T, xml string) {
		_, _ = readBook([]byte(xml))
		if d, err := readStyles([]byte(xml)); err == nil {
			scheme, _ := readTheme([]byte(xml))
			_ = d.formats(scheme)
			_ = d.numFormats()
		}
		_, _ = readValidations([]byte(xml))
	})
}

// TestReadThemeStopsAfterTheColorScheme reads a theme's colors without
// its fonts and effects, most of the part: what follows the color scheme
// is not read (the guard has checked it), so even a broken tail gives the
// colors.
func TestReadThemeStopsAfterTheColorScheme(t *testing.T) {
	const theme = `<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:themeElements>` +
		`<a:clrScheme name="x"><a:dk1><a:sysClr val="windowText" lastClr="111111"/></a:dk1><a:accent1><a:srgbClr val="4472C4"/></a:accent1></a:clrScheme>` +
		`<a:fontScheme name="f"><a:majorFont><a:latin typeface="Calibri"></a:fontScheme>`
	scheme, err := readTheme([]byte(theme))
	if err != nil {
		t.Fatal(err)
	}
	if len(scheme) != 2 || scheme["dk1"] == nil || *scheme["dk1"] != "111111" || scheme["accent1"] == nil || *scheme["accent1"] != "4472C4" {
		t.Errorf("scheme %v", scheme)
	}
}
