package word

import (
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// Real agreements nobody on the project wrote, edited as a user would:
// the shared NDA and letter of intent and the public agreements fetched
// for the purpose (internal/realdocs says where they are; their folder's
// README describes them). Tests skip, saying why, when a document is
// absent; they are never copied into the repository.

func agreement(t *testing.T, name string) []byte { return realdocs.Read(t, "agreements", name) }

func sharedForm(t testing.TB, name string) []byte { return realdocs.Shared(t, name) }

// paraWith returns the ID of the paragraph whose text contains s: a
// top-level or control paragraph (P12, SDT1-P2) or a paragraph of a cell
// (T3-R2-C1-P2). It fails the test when none does.
func paraWith(t *testing.T, doc []byte, s string) string {
	t.Helper()
	d := reopen(t, doc)
	for _, n := range d.ix.nodes {
		switch n.kind {
		case kindPara:
			if strings.Contains(textOf(n.el), s) {
				return n.id
			}
		case kindCell:
			for i, p := range paragraphsOfCell(n.el) {
				if strings.Contains(textOf(p), s) {
					return n.id + "-P" + strconv.Itoa(i+1)
				}
			}
		}
	}
	t.Fatalf("no paragraph contains %q", s)
	return ""
}

// paraRuns is the runView of the paragraph of doc containing s.
func paraRuns(t *testing.T, doc []byte, s string) string {
	t.Helper()
	d := reopen(t, doc)
	id := paraWith(t, doc, s)
	return runView(d, nodeEl(t, d, id))
}

// realEdit is one real document edited by several answers at once (IDs
// name the document as given, so later answers are not shifted by
// earlier inserts and deletes), and what the result must show.
type realEdit struct {
	name    string
	doc     func(t *testing.T) []byte
	answers func(t *testing.T, doc []byte) []formats.Answer
	// runs: a paragraph (found by the text before the colon-space) and a
	// fragment its runView must contain after the edit.
	runs [][2]string
	// show and gone: text the LibreOffice rendering must and must not
	// show; labels: lines (with their list label) its text export shows.
	show, gone, labels []string
	issues             []string // Fill's structural issues, as fragments
}

// handBuiltEdits edit the hand-built agreement (agreementDocx).
var handBuiltEdits = []formats.Answer{
	{PairID: "P2", Mode: formats.ReplaceText, Find: "[Initial Closing.]", AnswerText: "Initial Closing."},
	{PairID: "P3", Mode: formats.InsertAfter, AnswerText: "“Agreement Date” means the date of the Initial Closing."},
	{PairID: "P4", Mode: formats.Delete},
	{PairID: "P5", Mode: formats.ReplaceText, Find: "Company shall pay", AnswerText: "Purchaser shall pay"},
	{PairID: "P6", Mode: formats.ReplaceText, Find: "the website", AnswerText: "our site"},
	{PairID: "P9", Mode: formats.InsertAfter, AnswerText: "<RunInHeader>One-way</RunInHeader> You keep our information confidential."},
	{PairID: "T1-R2", Mode: formats.Delete},
}

// realEdits are the scenarios of the issue and of the agreements' README,
// and the hand-built agreement's, which runs wherever the readers do.
var realEdits = []realEdit{
	{
		name:    "hand-built agreement (numbered definitions, REF field, footnote, hyperlink, table)",
		doc:     func(t *testing.T) []byte { return agreementDocx(t) },
		answers: func(*testing.T, []byte) []formats.Answer { return handBuiltEdits },
		runs:    [][2]string{{"Initial Closing. The", "{u}Initial Closing|. The"}, {"Agreement Date", "“|{b}Agreement Date|” means"}, {"One-way", "{i}One-way:| You keep"}},
		show:    []string{"Initial Closing. The closing", "“Agreement Date” means the date", "the Purchaser shall pay", "See our site for details", "One-way: You keep our information"},
		gone:    []string{"[Initial Closing.]", "“Board” means", "Signer"},
		labels:  []string{"(a) “Affiliate” means", "(b) “Agreement Date” means"},
	},
	{
		name: "NVCA stock purchase agreement (financing: run-in headers, definitions, REF fields, footnotes)",
		doc:  func(t *testing.T) []byte { return agreement(t, "nvca-spa.docx") },
		answers: func(t *testing.T, doc []byte) []formats.Answer {
			pre := paraWith(t, doc, "is made as of [________], 20[__]")
			buy := paraWith(t, doc, "at the [applicable] Closing (as defined below) that number")
			ic := paraWith(t, doc, "[Initial Closing.] The")
			del := paraWith(t, doc, "Closing Deliverables")
			aff := paraWith(t, doc, "“Affiliate” means, with respect to any specified Person")
			board := paraWith(t, doc, "“Board of Directors” means")
			rp := paraWith(t, doc, "[Real Property Holding Corporation")
			rpBody := paraWith(t, doc, "has never been a “United States real property holding corporation”")
			org := paraWith(t, doc, "Organization, Good Standing, Corporate Power and Qualification")
			return []formats.Answer{
				{PairID: pre, Mode: formats.ReplaceText, Find: "[________]", AnswerText: "March 3"},
				{PairID: pre, Mode: formats.ReplaceText, Find: "[____________]", AnswerText: "Acme Robotics, Inc."},
				{PairID: buy, Mode: formats.ReplaceText, Find: "[applicable]", AnswerText: "initial"},
				{PairID: buy, Mode: formats.ReplaceText, Find: "[___]", Occurrence: 2, AnswerText: "A"},
				{PairID: ic, Mode: formats.ReplaceText, Find: "[Initial Closing.]", AnswerText: "Initial Closing."},
				{PairID: del, Mode: formats.ReplaceText, Find: "by check payable to the Company, by wire transfer", AnswerText: "by wire transfer"},
				{PairID: aff, Mode: formats.ReplaceContent, AnswerText: "“Affiliate” means, with respect to any specified Person, any other Person who controls, is controlled by, or is under common control with such Person."},
				{PairID: board, Mode: formats.InsertBefore, AnswerText: "“Agreement Date” means the date of the Initial Closing."},
				{PairID: board, Mode: formats.InsertAfter, AnswerText: "<definition>Closing Cash</definition> means the cash of the Company at the Initial Closing."},
				{PairID: rp, Mode: formats.Delete, Force: true},
				{PairID: rpBody, Mode: formats.Delete, Force: true},
				{PairID: org, Mode: formats.ReplaceText, Find: "Organization, Good Standing, Corporate Power and Qualification", AnswerText: "Organization and Good Standing"},
			}
		},
		runs: [][2]string{
			{"Initial Closing. The", "{u}Initial Closing|. The"},
			{"is made as of March 3", "is made as of March 3, 20[__], by and among Acme Robotics, Inc., a Delaware corporation (the “|{b}Company"},
			{"(the “Series A Preferred Stock”)", "{b}Series A Preferred Stock"},
			{"Closing Deliverables", "{u}Closing Deliverables"},
			{"Closing Deliverables", "against payment of the purchase price therefor by wire transfer to a bank account"},
			{"“Affiliate” means, with respect to any specified Person, any other Person who controls", "“|{b}Affiliate|” means"},
			{"“Agreement Date” means", "“|{b}Agreement Date|” means the date of the Initial Closing."},
			{"“Closing Cash” means", "“|{b}Closing Cash|” means the cash"},
		},
		show:   []string{"Initial Closing. The", "Acme Robotics, Inc., a Delaware corporation", "“Agreement Date” means the date", "“Closing Cash” means the cash", "Organization and Good Standing"},
		gone:   []string{"[Initial Closing.]", "by check payable", "[Real Property Holding Corporation"},
		labels: []string{"(b) “Agreement Date” means", "(c) “Board of Directors” means", "(d) “Closing Cash” means", "2.21 [Environmental and Safety Laws", "2.1 Organization and Good Standing"},
		issues: []string{`REF field "REF _Ref145427803 \w \h \* MERGEFORMAT" points at bookmark "_Ref145427803"`},
	},
	{
		name: "ILPA limited partnership agreement (style numbering, bold brackets, REF targets)",
		doc:  func(t *testing.T) []byte { return agreement(t, "ilpa-lpa-deal-by-deal.docx") },
		answers: func(t *testing.T, doc []byte) []formats.Answer {
			return []formats.Answer{
				{PairID: paraWith(t, doc, "the [fifth] anniversary"), Mode: formats.ReplaceText, Find: "[fifth]", AnswerText: "sixth"},
				{PairID: paraWith(t, doc, "“Change of Control” means"), Mode: formats.ReplaceText, Find: "[75]", AnswerText: "66⅔"},
				{PairID: paraWith(t, doc, "Third, either (i)"), Mode: formats.InsertBefore, AnswerText: "<u>Catch-up Reserve</u>, 100% to such Partner until the Catch-up Reserve is funded; and"},
				{PairID: paraWith(t, doc, "the first date on which [100]%"), Mode: formats.Delete},
				{PairID: paraWith(t, doc, "“Code” means the U.S. Internal Revenue Code"), Mode: formats.Delete},
			}
		},
		runs: [][2]string{
			{"the sixth anniversary", "the |sixth anniversary of the Initial Closing Date, |{u}provided"},
			{"“Change of Control” means", "less than 66⅔% of t"},
			{"Catch-up Reserve", "{u}Catch-up Reserve|, 100% to such Partner"},
		},
		show:   []string{"the sixth anniversary", "less than 66⅔% of", "Catch-up Reserve, 100% to such Partner"},
		gone:   []string{"[fifth]", "the first date on which", "“Code” means the U.S. Internal Revenue Code"},
		labels: []string{"(a) the sixth anniversary", "(b) the date of delivery to the General Partner", "14.3.3 Catch-up Reserve", "14.3.4 Third, either"},
	},
	{
		name: "Common Paper cloud service agreement (run-in headers, numbered definitions, drafting notes in cells)",
		doc:  func(t *testing.T) []byte { return agreement(t, "commonpaper-csa-with-sla.docx") },
		answers: func(t *testing.T, doc []byte) []formats.Answer {
			pay := paraWith(t, doc, "will pay each invoice within [ # ] days")
			return []formats.Answer{
				{PairID: pay, Mode: formats.ReplaceText, Find: "[ # ]", AnswerText: "30"},
				{PairID: pay, Mode: formats.ReplaceText, Find: "{payment_due_from}", AnswerText: "the invoice date"},
				{PairID: paraWith(t, doc, "[Drafting note: Select one option and delete the other.]"), Mode: formats.Delete},
				{PairID: paraWith(t, doc, "Usage Data and Customer Content may be used to develop"), Mode: formats.Delete},
				{PairID: paraWith(t, doc, "“Affiliate” means an entity that"), Mode: formats.InsertAfter, AnswerText: "“Affiliate Order Form” means an Order Form entered into by a Customer Affiliate."},
				{PairID: paraWith(t, doc, "undisputed balance on its account for more than 30 days"), Mode: formats.ReplaceText, Find: "30 days", AnswerText: "45 days"},
			}
		},
		runs: [][2]string{
			{"will pay each invoice within 30 days", "{b}Customer| will pay each invoice within 30| days from |the invoice date|."},
			{"“Affiliate Order Form” means", "“|{b}Affiliate Order Form|” means an Order Form"},
			{"more than 45 days", "{u}Suspension|.  If |{b}Customer"},
		},
		show:   []string{"within 30 days from the invoice date", "“Affiliate Order Form” means", "for more than 45 days"},
		gone:   []string{"may be used to develop, train"},
		labels: []string{"13.3 “Affiliate Order Form” means", "13.4 “Agreement” means", "2. Restrictions"},
	},
	{
		name: "Bonterms mutual NDA cover page (cells, hyperlink, signature blocks)",
		doc:  func(t *testing.T) []byte { return sharedForm(t, "safedocx_bonterms-mutual-nda.docx") },
		answers: func(t *testing.T, doc []byte) []formats.Answer {
			return []formats.Answer{
				{PairID: "T2-R2-C2", Mode: formats.ReplaceText, Find: "integration partnership", AnswerText: "reseller partnership"},
				{PairID: "T2-R5-C2", Mode: formats.ReplaceText, Find: "3", AnswerText: "5"},
				{PairID: "T3-R2-C1", Mode: formats.InsertAfter, AnswerText: "<b>Non-solicitation.</b> Neither party will solicit the other's employees during the term of this NDA."},
				{PairID: paraWith(t, doc, "☐ Postal mail:"), Mode: formats.Delete},
			}
		},
		runs: [][2]string{
			{"reseller partnership", "{bi}Evaluating a potential reseller partnership"},
			{"Non-solicitation.", "{b}Non-solicitation.| Neither party"},
		},
		show: []string{"Evaluating a potential reseller partnership", "5 years", "Non-solicitation. Neither party will solicit"},
		gone: []string{"integration partnership"},
	},
	{
		name: "letter of intent (italic run-in headers, bold defined terms, blanks)",
		doc:  func(t *testing.T) []byte { return sharedForm(t, "safedocx_letter-of-intent.docx") },
		answers: func(t *testing.T, doc []byte) []formats.Answer {
			return []formats.Answer{
				{PairID: "P5", Mode: formats.ReplaceText, Find: "_______", AnswerText: "the Acme Analytics platform"},
				{PairID: "P9", Mode: formats.ReplaceText, Find: "_______", AnswerText: "$5,000 per month"},
				{PairID: "P13", Mode: formats.InsertAfter, AnswerText: "<RunInHeader>Residuals</RunInHeader> Either party may use general knowledge retained in unaided memory."},
				{PairID: "P15", Mode: formats.Delete},
				{PairID: "P3", Mode: formats.InsertBefore, AnswerText: "<definition>Effective Date</definition> means the date both parties sign this LOI."},
			}
		},
		runs: [][2]string{
			{"Residuals", "{i}Residuals:| Either party may use"},
			{"Effective Date", `"|{b}Effective Date|" means the date both parties sign this LOI.`},
		},
		show: []string{"make available the Acme Analytics platform", "will pay us $5,000 per month", "Residuals: Either party", `"Effective Date" means the date`},
		gone: []string{"One-way:"},
	},
}

func TestRealAgreementEdits(t *testing.T) {
	var done []realEdit
	var outs [][]byte
	for _, e := range realEdits {
		t.Run(e.name, func(t *testing.T) {
			src := e.doc(t)
			res, rep, err := New().Fill(src, e.answers(t, src), formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rep.ContentResults {
				if r.Status != formats.ContentMatched {
					t.Errorf("%s: %s: expected %q, found %q", r.PairID, r.Status, r.Expected, shorten(r.Actual, 200))
				}
			}
			issues := strings.Join(rep.StructuralIssues, "\n")
			if len(rep.StructuralIssues) != len(e.issues) {
				t.Errorf("structural issues:\n%s\nwant %d", issues, len(e.issues))
			}
			for _, want := range e.issues {
				if !strings.Contains(issues, want) {
					t.Errorf("issues lack %q:\n%s", want, issues)
				}
			}
			for _, r := range e.runs {
				if got := paraRuns(t, res.Document, r[0]); !strings.Contains(got, r[1]) {
					t.Errorf("paragraph %q:\n runs %s\n lack %s", r[0], shorten(got, 600), r[1])
				}
			}
			done = append(done, e)
			outs = append(outs, res.Document)
		})
	}
	if len(outs) > 0 {
		t.Run("reopened and rendered", func(t *testing.T) { checkRenderings(t, done, outs) })
	}
}

// What used to be lost silently on a real financing agreement is refused,
// named, or kept.
func TestRealAgreementSafetyNet(t *testing.T) {
	src := agreement(t, "nvca-spa.docx")
	refs := paraWith(t, src, "For purposes of these representations and warranties (other than those in")
	deliver := paraWith(t, src, "Closing Deliverables")
	write := func(a formats.Answer) (*formats.WriteResult, error) {
		return New().Write(src, []formats.Answer{a}, formats.WriteOptions{})
	}
	_, err := write(formats.Answer{PairID: refs, Mode: formats.ReplaceContent, AnswerText: "For purposes of these representations, the Company includes its subsidiaries."})
	if err == nil || !strings.Contains(err.Error(), `REF field "REF _Ref_ContractCompanion_9kb9Ur02C`) || !strings.Contains(err.Error(), "and 4 more") {
		t.Errorf("replace_content over REF fields: err = %v", err)
	}
	_, err = write(formats.Answer{PairID: deliver, Mode: formats.ReplaceText, Find: "a certificate representing", AnswerText: "a <i>book-entry notice</i> representing"})
	if err == nil || !strings.Contains(err.Error(), "crosses footnote reference 16") {
		t.Errorf("styled text over a footnote reference: err = %v", err)
	}
	res, err := write(formats.Answer{PairID: deliver, Mode: formats.ReplaceText, Find: "a certificate representing", AnswerText: "a book-entry notice representing"})
	if err != nil {
		t.Fatal(err)
	}
	if got := paraRuns(t, res.Document, "Closing Deliverables"); !strings.Contains(got, "a book-entry notice|⟨fn16⟩| representing") {
		t.Errorf("the footnote reference should stay after the replaced word: %s", shorten(got, 400))
	}
	forced, err := write(formats.Answer{PairID: refs, Mode: formats.ReplaceContent, AnswerText: "For purposes of these representations, the Company includes its subsidiaries.", Force: true})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := formats.VerifyAgainst(New(), src, forced.Document, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(strings.Join(rep.StructuralIssues, "\n"), "lost against the source document: REF field"); n != 10 {
		t.Errorf("%d lost REF fields reported, want the paragraph's 10:\n%s", n, strings.Join(rep.StructuralIssues, "\n"))
	}
}
