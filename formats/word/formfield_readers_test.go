package word

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// legacyFieldCounts counts a document's legacy form fields by instruction.
func legacyFieldCounts(tb testing.TB, doc []byte) map[string]int {
	x := documentXMLOf(tb, doc)
	out := map[string]int{}
	for _, k := range []string{"FORMTEXT", "FORMCHECKBOX", "FORMDROPDOWN"} {
		out[k] = strings.Count(x, k+" </w:instrText>") + strings.Count(x, k+"</w:instrText>")
	}
	return out
}

// The filled questionnaire, reopened by independent readers: python-docx
// and LibreOffice read every answer, LibreOffice's layout (its PDF) shows
// them, and LibreOffice keeps every field with its state when it saves the
// document again (it read them as form fields, not as text).
func TestLegacyAnswersReadByIndependentReaders(t *testing.T) {
	answers := make([]formats.Answer, len(legacyAnswers))
	for i, a := range legacyAnswers {
		answers[i] = a.answer
	}
	src := fixtures.LegacyQuestionnaire()
	res, _, err := New().Fill(src, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	doc := res.Document
	pyText := readers.DocxText(t, doc)
	loText := readers.LibreOfficeText(t, doc, "docx")
	pdf := readers.LibreOfficePDFs(t, [][]byte{doc}, "docx")[0]
	pdfText := collapse(readers.PDFText(t, pdf))
	for _, a := range legacyAnswers {
		if a.shows == "" {
			continue
		}
		if !strings.Contains(pyText, a.shows) {
			t.Errorf("python-docx does not read %q", a.shows)
		}
		// LibreOffice's text export leaves drop-down fields out; its
		// layout shows them.
		if a.answer.PairID != "T1-R5-C2" && !strings.Contains(loText, a.shows) {
			t.Errorf("LibreOffice's text export lacks %q", a.shows)
		}
		if !strings.Contains(pdfText, collapse(a.shows)) {
			t.Errorf("LibreOffice's rendering does not show %q", a.shows)
		}
	}
	resaved := readers.LibreOfficeResave(t, doc, "docx")
	if got, want := legacyFieldCounts(t, resaved), legacyFieldCounts(t, src); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("LibreOffice keeps %v form fields of %v", got, want)
	}
	x := documentXMLOf(t, resaved)
	for _, want := range []string{`<w:result w:val="2"/>`, "<w:checked/>"} {
		if !strings.Contains(x, want) {
			t.Errorf("LibreOffice's copy lacks %s: it did not read the field's state", want)
		}
	}
	savePNG(t, pdf, "legacy-questionnaire", "Acme Ltd")
}

// The held-out real forms built with legacy fields, every target answered
// with a plain answer: every answer is verified, no field is lost in
// formfill's output or in LibreOffice's copy of it, and LibreOffice and
// python-docx read each text answer.
func TestRealLegacyFormsFilledInPlace(t *testing.T) {
	names := []string{"pci-dss-4.0-aoc-saq-p2pe.docx", "pci-dss-4.0-aoc-saq-d-service-provider.docx", "pci-dss-4.0-saq-b.docx", "fedramp-ssp-appendix-q-crypto-modules.docx", "rainforest-alliance-coc-audit-report-2017.docx"}
	var docs, srcs [][]byte
	var texts [][]string
	for _, name := range names {
		src := realdocs.Read(t, "questionnaires", name)
		e := New()
		cs, err := e.ExtractCompact(src)
		if err != nil {
			t.Fatal(err)
		}
		var answers []formats.Answer
		var shown []string
		for i, tg := range cs.Targets {
			a := formats.Answer{PairID: tg.ID, AnswerText: fmt.Sprintf("Z%03dQ", i), Mode: tg.Mode}
			switch tg.Kind {
			case formats.TargetCheckbox:
				a.AnswerText = "yes"
				if len(tg.Options) > 0 {
					a.AnswerText = tg.Options[0] // several boxes: tick one by its label
				}
			case formats.TargetDropdown:
				a.AnswerText = tg.Options[len(tg.Options)-1]
			case formats.TargetDate:
				a.AnswerText = "2026-01-31"
			case formats.TargetNumber:
				a.AnswerText = "42"
			default:
				shown = append(shown, a.AnswerText)
			}
			answers = append(answers, a)
		}
		res, rep, err := formats.Fill(e, src, answers, formats.WriteOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Summary.Matched != len(answers) || len(rep.StructuralIssues) > 0 {
			t.Errorf("%s: verified %d of %d, issues %v", name, rep.Summary.Matched, len(answers), rep.StructuralIssues)
		}
		if got, want := legacyFieldCounts(t, res.Document), legacyFieldCounts(t, src); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v form fields after the fill, %v before", name, got, want)
		}
		if bad := kindsAgreeWithFields(t, src, cs.Targets); len(bad) > 0 {
			t.Errorf("%s: %d targets offered with a kind their form fields do not take: %s", name, len(bad), strings.Join(bad[:min(8, len(bad))], "; "))
		}
		inField := 0
		d := reopen(t, res.Document)
		for _, tg := range cs.Targets {
			n, _ := d.ix.lookup(tg.ID)
			if tf := textFields(n.el); len(tf) == 1 && strings.HasPrefix(tf[0].displayed(), "Z") {
				inField++
			}
		}
		t.Logf("%s: %d targets, %d text answers, %d written into a form field's result", name, len(answers), len(shown), inField)
		docs, srcs, texts = append(docs, res.Document), append(srcs, src), append(texts, shown)
	}
	loTexts := readers.LibreOfficeTexts(t, docs, "docx")
	for i, name := range names {
		py := readers.DocxText(t, docs[i])
		var missing []string
		var laidOut string // LibreOffice's rendering, for answers its text export leaves out
		for _, s := range texts[i] {
			lo := strings.Contains(loTexts[i], s)
			if !lo {
				// Its text export leaves out paragraphs in frames (w:framePr,
				// the Rainforest Alliance cover page); its layout shows them.
				if laidOut == "" {
					laidOut = collapse(readers.PDFText(t, readers.LibreOfficePDFs(t, docs[i:i+1], "docx")[0]))
				}
				lo = strings.Contains(laidOut, s)
			}
			switch pd := strings.Contains(py, s); {
			case !lo && !pd:
				missing = append(missing, s+" (neither)")
			case !lo:
				missing = append(missing, s+" (LibreOffice)")
			case !pd:
				missing = append(missing, s+" (python-docx)")
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: LibreOffice or python-docx does not read %d answers: %s", name, len(missing), strings.Join(missing[:min(20, len(missing))], ", "))
		}
		// LibreOffice drops a few boxes of these forms on its own (it does
		// so saving the untouched source too): the filled copy must keep
		// what it keeps of the source.
		resaved := readers.LibreOfficeResave(t, docs[i], "docx")
		resavedSrc := readers.LibreOfficeResave(t, srcs[i], "docx")
		if got, want := legacyFieldCounts(t, resaved), legacyFieldCounts(t, resavedSrc); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: LibreOffice's copy of the filled form has %v form fields, of the source %v", name, got, want)
		}
	}
	pdfs := readers.LibreOfficePDFs(t, docs[:1], "docx")
	savePNG(t, pdfs[0], "aoc-saq-p2pe", "Z000Q")
}

// savePNG renders the page of pdf showing text into $FORMFILL_RENDER_DIR,
// when set, for a person to look at.
func savePNG(t *testing.T, pdf []byte, name, text string) {
	dir := os.Getenv("FORMFILL_RENDER_DIR")
	if dir == "" {
		return
	}
	page := readers.PDFPageOf(t, pdf, text)
	if page == 0 {
		t.Errorf("no page of the rendering shows %q", text)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-p%d.png", name, page)), readers.PDFPagePNG(t, pdf, page, 70), 0o644); err != nil {
		t.Fatal(err)
	}
}

// kindsAgreeWithFields checks each target's kind against the legacy fields
// its element holds: check boxes alone make a checkbox, a drop-down a
// dropdown with its entries, a text field text (or its number or date, or
// a signature).
func kindsAgreeWithFields(t *testing.T, src []byte, targets []formats.Target) []string {
	d := reopen(t, src)
	var bad []string
	for _, tg := range targets {
		n, _ := d.ix.lookup(tg.ID)
		boxes, fields := checkboxesIn(n.el), textFields(n.el)
		var ok bool
		switch {
		case len(boxes) > 0:
			ok = tg.Kind == formats.TargetCheckbox
		case len(fields) == 1 && fields[0].kind() == "dropdown":
			ok = tg.Kind == formats.TargetDropdown && strings.Join(tg.Options, "|") == strings.Join(fields[0].options(), "|")
		case len(fields) > 1 && allDropdowns(fields):
			ok = tg.Kind == formats.TargetDropdown && strings.Join(tg.Options, "|") == strings.Join(unionEntries(fields), "|")
		case len(fields) >= 1:
			ok = tg.Kind == formats.TargetText || tg.Kind == formats.TargetNumber || tg.Kind == formats.TargetDate || tg.Kind == formats.TargetSignature
		default:
			ok = true // a typed blank: no form field to agree with
		}
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is %s with %d boxes, %d fields", tg.ID, tg.Kind, len(boxes), len(fields)))
		}
	}
	return bad
}

func allDropdowns(fields []legacyField) bool {
	for _, f := range fields {
		if f.kind() != "dropdown" {
			return false
		}
	}
	return true
}
