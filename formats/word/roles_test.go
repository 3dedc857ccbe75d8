package word

import (
	"testing"
)

func TestDetectRunInHeader(t *testing.T) {
	u := func(s string) string { return xUl(s) }
	cases := []struct {
		name, p               string
		ok                    bool
		text, nameWant, punct string
		format                string
		punctStyled           bool
	}{
		{"underlined, period after in a plain run", xPara("", u("Closing Deliverables"), xRun(".  At each Closing, the Company shall deliver.")), true, "Closing Deliverables.", "Closing Deliverables", ".", "underline", false},
		{"bold with its colon", xPara("", xBold("Security Incidents:"), xRun(" Provider shall notify Customer.")), true, "Security Incidents:", "Security Incidents", ":", "bold", true},
		{"italic over several runs", xPara("", xItalic("Mutua"), xItalic("l (no disclosure):"), xRun(" We each have information.")), true, "Mutual (no disclosure):", "Mutual (no disclosure)", ":", "italic", true},
		{"after a typed clause number", xPara("", xRun("(a) "), xBold("Purposes."), xRun(" The Partnership is organized.")), true, "Purposes.", "Purposes", ".", "bold", true},
		{"bold number and header together", xPara("", xBold("1. Definitions."), xRun(" Terms used here.")), true, "Definitions.", "Definitions", ".", "bold", true},
		{"whole paragraph bold is a heading", xPara("", xBold("Confidentiality.")), false, "", "", "", "", false},
		{"no punctuation", xPara("", xBold("Fees"), xRun(" are due monthly.")), false, "", "", "", "", false},
		{"quoted defined term", xPara("", xRun("“"), xBold("Affiliate"), xRun("” means a Person.")), false, "", "", "", "", false},
		{"bold term inside the text", xPara("", xRun("The "), xBold("Company."), xRun(" shall pay.")), false, "", "", "", "", false},
		{"too long", xPara("", xBold("one two three four five six seven eight nine ten eleven twelve thirteen."), xRun(" Body.")), false, "", "", "", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := open(bodyDocx(t, c.p), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			h, ok := d.runInHeader(nodeEl(t, d, "P1"))
			if ok != c.ok {
				t.Fatalf("found = %v (%+v), want %v", ok, h, c.ok)
			}
			if !ok {
				return
			}
			if h.Text != c.text || h.Name != c.nameWant || h.Punct != c.punct || h.Format.String() != c.format || h.PunctStyled != c.punctStyled {
				t.Errorf("header = %+v, want text %q name %q punct %q %s styled %v", h, c.text, c.nameWant, c.punct, c.format, c.punctStyled)
			}
			if got := readPara(nodeEl(t, d, "P1")).text[h.Start:h.End]; got != h.Text {
				t.Errorf("span [%d,%d) is %q, not the header text %q", h.Start, h.End, got, h.Text)
			}
		})
	}
}

func TestDefinitionStyleIsTheMostCommon(t *testing.T) {
	def := func(open, term, close, rest string, termRun func(string) string, quoteRun func(string) string) string {
		return xPara("", quoteRun(open), termRun(term), quoteRun(close), xRun(rest))
	}
	body := def("“", "Affiliate", "”", " means a Person.", xBold, xRun) +
		def("“", "Board", "”", " shall mean the board.", xBold, xRun) +
		def(`"`, "Code", `"`, " has the meaning given below.", xUl, xRun) +
		xPara("", xRun("This agreement (the "), xRun("“"), xBold("Agreement"), xRun("”) is made."))
	d, err := open(bodyDocx(t, body), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rm := d.roleModels()
	if !rm.hasDef {
		t.Fatal("no definition style found")
	}
	ds := rm.def
	if ds.Format.String() != "bold" || ds.QuotesStyled || ds.Open != "“" || ds.Close != "”" || ds.Seen != 3 {
		t.Errorf("style = %+v, want bold terms in plain curly quotes seen 3 times", ds)
	}
	if len(rm.headers) != 0 {
		t.Errorf("definitions taken for run-in headers: %+v", rm.headers)
	}
}

// Character styles count: a header whose emphasis comes from its run's
// style is found, and its style is what a rendered header takes.
func TestRoleModelsReadCharacterStyles(t *testing.T) {
	styles := xmlDecl + `<w:styles ` + wNS + `><w:style w:type="character" w:styleId="Base"><w:rPr><w:u w:val="single"/></w:rPr></w:style>` +
		`<w:style w:type="character" w:styleId="HeaderChar"><w:basedOn w:val="Base"/><w:rPr><w:b/></w:rPr></w:style></w:styles>`
	body := xPara("", `<w:r><w:rPr><w:rStyle w:val="HeaderChar"/></w:rPr><w:t>Relationship</w:t></w:r>`, xRun(". The parties are independent."))
	doc := packDocx(t, map[string]string{"[Content_Types].xml": agreementTypes, "word/document.xml": agreementDocument(body), "word/styles.xml": styles})
	d, err := open(doc, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, ok := d.runInHeader(nodeEl(t, d, "P1"))
	if !ok || h.Format.String() != "bold+underline" || h.RStyle != "HeaderChar" || h.Name != "Relationship" {
		t.Fatalf("header = %+v, %v", h, ok)
	}
}
