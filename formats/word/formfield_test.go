package word

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

// The targets of a Word 97–2003 style form (fixtures.LegacyQuestionnaire):
// each legacy field and typed box is offered with the kind, options,
// limits and question a person filling it would see.
func TestLegacyQuestionnaireTargetsSayWhatEachFieldTakes(t *testing.T) {
	cs, err := New().ExtractCompact(fixtures.LegacyQuestionnaire())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]formats.Target{}
	for _, tg := range cs.Targets {
		got[tg.ID] = tg
	}
	tests := []struct {
		id       string
		kind     formats.TargetKind
		question string
		options  string
		format   string
		maxChars int
		hint     string
	}{
		{"T1-R1-C2", formats.TargetText, "Company name", "", "", 0, `field "Company"`},
		{"T1-R2-C2", formats.TargetNumber, "Number of employees", "", "", 6, `field "Employees"`},
		{"T1-R3-C2", formats.TargetDate, "Assessment date", "", "dd/MM/yyyy", 0, `field "AssessDate"`},
		{"T1-R4-C2", formats.TargetText, "Country code", "", "", 2, `field "Country": uppercase`},
		{"T1-R5-C2", formats.TargetDropdown, "Hosting model", "Cloud|On-premises|Hybrid", "", 0, `field "Hosting"`},
		{"T1-R6-C2", formats.TargetCheckbox, "Encrypts data at rest", "", "", 0, ""},
		{"T1-R7-C1", formats.TargetSignature, "Signature", "", "", 0, `field "Sig"`},
		{"T1-R7-C2", formats.TargetText, "R-2026", "", "", 0, `field "Ref"`},
		{"T1-R8-C2", formats.TargetText, "Name of your security officer", "", "", 0, `field "Officer": Name of your security officer — Security officer`},
		{"T1-R9-C2", formats.TargetCheckbox, "Certifications", "", "", 0, `field "OtherCertName"; text ticks the box and fills the field`},
		{"P3", formats.TargetCheckbox, "Right to audit clause", "", "", 0, ""},
		{"P4", formats.TargetCheckbox, "Breach notification within 72 hours", "", "", 0, ""},
		{"P5", formats.TargetCheckbox, "Data processing agreement signed", "", "", 0, ""},
		{"P6", formats.TargetCheckbox, "Sub-processor list provided", "", "", 0, ""},
		{"P7", formats.TargetCheckbox, "Yearly penetration test", "", "", 0, ""},
		{"T2-R2-C2", formats.TargetCheckbox, "MFA for administrators", "", "", 0, ""},
		{"T2-R3-C2", formats.TargetCheckbox, "Backups tested", "", "", 0, ""},
		{"P8", formats.TargetSignature, "Signature", "", "", 0, ""},
		{"P9", formats.TargetText, "Contract period: from to", "", "", 0, `2 fields in order: text "From", text "To"; answer "first | second" to fill each in order (an empty value leaves a field as it is); a single value fills the first field that takes it`},
	}
	if len(cs.Targets) != len(tests) {
		t.Errorf("%d targets, want %d: %v", len(cs.Targets), len(tests), targetIDsOf(cs.Targets))
	}
	for _, tt := range tests {
		tg, ok := got[tt.id]
		if !ok {
			t.Errorf("%s is not a target", tt.id)
			continue
		}
		if tg.Kind != tt.kind || tg.Question != tt.question || strings.Join(tg.Options, "|") != tt.options ||
			tg.Format != tt.format || tg.MaxChars != tt.maxChars || tg.Hint != tt.hint {
			t.Errorf("%s = kind %s, question %q, options %v, format %q, max %d, hint %q; want %s, %q, %s, %q, %d, %q",
				tt.id, tg.Kind, tg.Question, tg.Options, tg.Format, tg.MaxChars, tg.Hint, tt.kind, tt.question, tt.options, tt.format, tt.maxChars, tt.hint)
		}
	}
}

func targetIDsOf(ts []formats.Target) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

// legacyAnswers answer every target of fixtures.LegacyQuestionnaire, with
// the text each target must show afterwards (the field's format applied).
var legacyAnswers = []struct {
	answer formats.Answer
	shows  string
}{
	{formats.Answer{PairID: "T1-R1-C2", AnswerText: "Acme Ltd"}, "Acme Ltd"},
	{formats.Answer{PairID: "T1-R2-C2", AnswerText: "250"}, "250"},
	{formats.Answer{PairID: "T1-R3-C2", AnswerText: "2026-01-31"}, "31/01/2026"},
	{formats.Answer{PairID: "T1-R4-C2", AnswerText: "gb"}, "GB"},
	{formats.Answer{PairID: "T1-R5-C2", AnswerText: "hybrid"}, "Hybrid"},
	{formats.Answer{PairID: "T1-R6-C2", AnswerText: "yes"}, ""},
	{formats.Answer{PairID: "T1-R7-C1", AnswerText: "Ann Lee"}, "Signature: Ann Lee"},
	{formats.Answer{PairID: "T1-R7-C2", AnswerText: "0042"}, "R-2026-0042"},
	{formats.Answer{PairID: "T1-R8-C2", AnswerText: "Bob Stone"}, "Bob Stone"},
	{formats.Answer{PairID: "T1-R9-C2", AnswerText: "SOC 2 Type II"}, "Others (specify): SOC 2 Type II"},
	{formats.Answer{PairID: "P3", AnswerText: "Yes"}, "[x] Right to audit clause"},
	{formats.Answer{PairID: "P4", AnswerText: "Breach notification within 72 hours"}, "☒ Breach notification within 72 hours"},
	{formats.Answer{PairID: "P5", AnswerText: "No"}, "☐ Data processing agreement signed"},
	{formats.Answer{PairID: "P6", AnswerText: "true"}, "■ Sub-processor list provided"},
	{formats.Answer{PairID: "P7", AnswerText: "no"}, "[ ] Yearly penetration test"},
	{formats.Answer{PairID: "T2-R2-C2", AnswerText: "yes"}, "☒"},
	{formats.Answer{PairID: "T2-R3-C2", AnswerText: "yes"}, "[x]"},
	{formats.Answer{PairID: "P8", AnswerText: "Ann Lee"}, "Signature: Ann Lee"},
	{formats.Answer{PairID: "P9", AnswerText: "1 March 2026 | 28 February 2027"}, "Contract period: from 1 March 2026 to 28 February 2027"},
}

// Every answer lands in place: text and entries in the field's result (the
// field, its ffData and bookmark kept, the result's formatting kept), boxes
// ticked in their ffData or their typed mark, the rest of each line as it
// was, and Fill's check agrees.
func TestLegacyAnswersAreFilledInPlace(t *testing.T) {
	src := fixtures.LegacyQuestionnaire()
	answers := make([]formats.Answer, len(legacyAnswers))
	for i, a := range legacyAnswers {
		answers[i] = a.answer
	}
	res, rep, err := New().Fill(src, answers, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Summary.Matched != len(answers) || len(rep.StructuralIssues) > 0 {
		t.Errorf("verified %d of %d, issues %v: %+v", rep.Summary.Matched, len(answers), rep.StructuralIssues, rep.ContentResults)
	}
	d := reopen(t, res.Document)
	for _, a := range legacyAnswers {
		n, ok := d.ix.lookup(a.answer.PairID)
		if !ok {
			t.Fatalf("%s gone", a.answer.PairID)
		}
		if got := strings.TrimSpace(textOf(n.el)); got != a.shows {
			t.Errorf("%s shows %q, want %q", a.answer.PairID, got, a.shows)
		}
	}
	before, after := documentXMLOf(t, src), documentXMLOf(t, res.Document)
	for _, part := range []string{"<w:ffData>", "<w:bookmarkStart ", "FORMTEXT </w:instrText>", "FORMDROPDOWN </w:instrText>", "FORMCHECKBOX </w:instrText>", `w:fldCharType="end"`} {
		if b, a := strings.Count(before, part), strings.Count(after, part); b != a {
			t.Errorf("%d × %s before the fill, %d after", b, part, a)
		}
	}
	for _, want := range []string{
		`<w:result w:val="2"/>`,                                                    // the drop-down's chosen entry …
		`<w:t xml:space="preserve">Hybrid</w:t>`,                                   // … is what it shows
		`<w:checkBox><w:sizeAuto/><w:default w:val="0"/><w:checked/></w:checkBox>`, // the legacy box
		`<w:rFonts w:ascii="Arial" w:hAnsi="Arial"/><w:noProof/><w:sz w:val="18"/></w:rPr><w:t xml:space="preserve">Acme Ltd`, // the result's formatting
	} {
		if !strings.Contains(after, want) {
			t.Errorf("the written document lacks %s", want)
		}
	}
	if strings.Contains(after, ">Cloud<") {
		t.Error("the drop-down still shows its old entry")
	}
}

// What Word refuses in a field is refused with what it expects, and the
// whole call writes nothing.
func TestLegacyAnswersWordRefusesAreRefused(t *testing.T) {
	tests := []struct {
		name, id, answer, want string
	}{
		{"longer than maxLength", "T1-R4-C2", "GBR", "at most 2 characters"},
		{"not a number", "T1-R2-C2", "about 250", "takes a number"},
		{"longer number than maxLength", "T1-R2-C2", "1234567", "at most 6 characters"},
		{"not a date", "T1-R3-C2", "next Tuesday", "as dd/MM/yyyy"},
		{"not an entry", "T1-R5-C2", "Mainframe", "Cloud | On-premises | Hybrid"},
		{"not a yes or no", "P3", "perhaps", "Right to audit clause"},
		{"more values than fields", "P9", "a | b | c", "at most one value per field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := New().Fill(fixtures.LegacyQuestionnaire(), []formats.Answer{{PairID: tt.id, AnswerText: tt.answer}}, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want ErrInvalidArgument mentioning %q", err, tt.want)
			}
		})
	}
}

// A word a lone checkbox cannot read gets one message naming the target
// and the words it takes, not ParseBool's message wrapped in another.
func TestCheckboxAnswerItCannotReadSaysSoOnce(t *testing.T) {
	_, _, err := New().Fill(fixtures.LegacyQuestionnaire(), []formats.Answer{{PairID: "T1-R6-C2", AnswerText: "maybe"}}, formats.WriteOptions{})
	if !errors.Is(err, formats.ErrInvalidArgument) {
		t.Fatalf("err = %v, want ErrInvalidArgument", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, `(T1-R6-C2): "maybe" is not a checkbox value`) || !strings.Contains(msg, formats.BoolWords) {
		t.Errorf("err = %q, want the target, the answer and the words a checkbox takes", msg)
	}
	if n := strings.Count(msg, "invalid argument"); n != 1 {
		t.Errorf("err = %q says \"invalid argument\" %d times, want once", msg, n)
	}
}

// A date already written in the field's own picture is taken as it is.
func TestLegacyDateInFieldPictureIsTaken(t *testing.T) {
	res, rep, err := New().Fill(fixtures.LegacyQuestionnaire(), []formats.Answer{{PairID: "T1-R3-C2", AnswerText: "05/03/2026"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Summary.Matched != 1 || !strings.Contains(documentXMLOf(t, res.Document), ">05/03/2026<") {
		t.Errorf("matched %d; the field should show 05/03/2026", rep.Summary.Matched)
	}
}

// verify reads what Word shows: a drop-down whose stored choice changed
// but whose displayed result still shows the old entry is not matched.
func TestVerifyReadsTheDropdownWordShows(t *testing.T) {
	stale := strings.Replace(documentXMLOf(t, fixtures.LegacyQuestionnaire()), `<w:result w:val="0"/>`, `<w:result w:val="2"/>`, 1)
	doc := replacePart(t, fixtures.LegacyQuestionnaire(), "word/document.xml", stale)
	rep, err := New().Verify(doc, []formats.ExpectedAnswer{{PairID: "T1-R5-C2", ExpectedText: "Hybrid"}, {PairID: "T1-R1-C2", ExpectedText: "Acme"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.ContentResults {
		if r.Status == formats.ContentMatched {
			t.Errorf("%s matched %q while the document shows %q", r.PairID, r.Expected, r.Actual)
		}
	}
}

// A forced write that takes a form field away reports the field as a
// structural issue, not only as a warning of the write.
func TestForcedRemovalOfFormFieldIsAStructuralIssue(t *testing.T) {
	res, rep, err := New().Fill(fixtures.LegacyQuestionnaire(), []formats.Answer{{PairID: "T1-R7-C1", Mode: formats.Delete, Force: true}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	issues := strings.Join(rep.StructuralIssues, "\n")
	if !strings.Contains(issues, "form field removed by a forced write: FORMTEXT field") || rep.OK() {
		t.Errorf("structural issues = %q", rep.StructuralIssues)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "force") {
		t.Errorf("warnings = %q", res.Warnings)
	}
}

// Seed scenario 003, for legacy form fields: an edit of visible text next
// to a field keeps the field whole; one that would cut through it is
// refused.
func TestEditBesideLegacyFieldKeepsTheField(t *testing.T) {
	src := fixtures.LegacyQuestionnaire()
	res, _, err := New().Fill(src, []formats.Answer{{PairID: "T1-R7-C2", Mode: formats.ReplaceText, Find: "R-2026-", AnswerText: "R-2027-"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := reopen(t, res.Document)
	if got := runView(d, nodeEl(t, d, "T1-R7-C2")); !strings.Contains(got, "R-2027-|⟨begin⟩|⟨separate⟩|") {
		t.Errorf("runs = %s", got)
	}
	if strings.Count(documentXMLOf(t, res.Document), "<w:ffData>") != strings.Count(documentXMLOf(t, src), "<w:ffData>") {
		t.Error("a form field was lost")
	}
	_, _, err = New().Fill(src, []formats.Answer{{PairID: "T1-R7-C1", Mode: formats.ReplaceText, Find: "Signature: \u2002\u2002", AnswerText: "Signed"}}, formats.WriteOptions{})
	if !errors.Is(err, formats.ErrInvalidArgument) {
		t.Errorf("an edit across the field's edge: err = %v, want a refusal", err)
	}
}

// replacePart returns doc with one part's content replaced.
func replacePart(tb testing.TB, doc []byte, name, content string) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		w, err := zw.Create(f.Name)
		if err != nil {
			tb.Fatal(err)
		}
		if f.Name == name {
			w.Write([]byte(content))
			continue
		}
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		io.Copy(w, rc)
		rc.Close()
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// The shapes a FORMTEXT takes in real files are filled in the field: one
// wrapped in a content control or a link, a result in a smart tag, every
// part packed in one run, a result running over paragraphs (joined back
// into the field's paragraph, what followed the field kept). A field
// ending in the next cell is refused rather than cut.
func TestLegacyFieldShapesAreFilledInPlace(t *testing.T) {
	field := func(result string) string {
		return `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="F"/><w:enabled/><w:textInput/></w:ffData></w:fldChar></w:r>` +
			`<w:r><w:instrText xml:space="preserve"> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>` + result +
			`<w:r><w:fldChar w:fldCharType="end"/></w:r>`
	}
	blank := `<w:r><w:t xml:space="preserve">     </w:t></w:r>`
	label := `<w:r><w:t xml:space="preserve">Name: </w:t></w:r>`
	tests := []struct {
		name, body, runs string
	}{
		{"plain", `<w:p>` + label + field(blank) + `</w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"in a content control", `<w:p>` + label + `<w:sdt><w:sdtPr><w:alias w:val="N"/></w:sdtPr><w:sdtContent>` + field(blank) + `</w:sdtContent></w:sdt></w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"in a link", `<w:p>` + label + `<w:hyperlink w:anchor="x">` + field(blank) + `</w:hyperlink></w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"result in a smart tag", `<w:p>` + label + field(`<w:smartTag w:uri="u" w:element="e"><w:r><w:t>old</w:t></w:r></w:smartTag>`) + `</w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"all in one run", `<w:p>` + label + `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="F"/><w:textInput/></w:ffData></w:fldChar><w:instrText> FORMTEXT </w:instrText><w:fldChar w:fldCharType="separate"/><w:t>old</w:t><w:fldChar w:fldCharType="end"/></w:r></w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩"},
		{"result over three paragraphs", `<w:p>` + label + `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="F"/><w:textInput/></w:ffData></w:fldChar></w:r><w:r><w:instrText> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>line 1</w:t></w:r></w:p><w:bookmarkEnd w:id="9"/><w:p><w:r><w:t>line 2</w:t></w:r></w:p><w:p><w:r><w:t>line 3</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> (print)</w:t></w:r></w:p><w:p><w:r><w:t>Next</w:t></w:r></w:p>`, "Name: |⟨begin⟩|⟨separate⟩|Ann|⟨end⟩| (print)"},
		{"result into the next cell", `<w:tbl><w:tr><w:tc><w:p>` + label + `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:name w:val="F"/><w:textInput/></w:ffData></w:fldChar></w:r><w:r><w:instrText> FORMTEXT </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r></w:p></w:tc><w:tc><w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:tc></w:tr></w:tbl><w:p/>`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := "P1"
			if strings.HasPrefix(tt.body, "<w:tbl>") {
				id = "T1-R1-C1"
			}
			res, rep, err := New().Fill(bodyDocx(t, tt.body), []formats.Answer{{PairID: id, AnswerText: "Ann"}}, formats.WriteOptions{})
			if tt.runs == "" {
				if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "does not end in its paragraph") {
					t.Errorf("err = %v, want a refusal", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			d := reopen(t, res.Document)
			if got := runView(d, nodeEl(t, d, "P1")); got != tt.runs || rep.Summary.Matched != 1 || len(rep.StructuralIssues) > 0 {
				t.Errorf("runs = %s (matched %d, issues %v), want %s", got, rep.Summary.Matched, rep.StructuralIssues, tt.runs)
			}
			if n, ok := d.ix.lookup("P2"); strings.Contains(tt.name, "paragraphs") && (!ok || textOf(n.el) != "Next") {
				t.Error("the paragraph after the field should follow it")
			}
		})
	}
}

// TestLegacyBoxChangeShowsItsState: a legacy check box is drawn, not
// written, so its text reads "" before and after; the change a write
// reports says which way the box went, as a content control's does.
func TestLegacyBoxChangeShowsItsState(t *testing.T) {
	tests := []struct {
		name       string
		doc        []byte
		id, answer string
		before     string
		after      string
	}{
		{"ticked", fixtures.LegacyQuestionnaire(), "T1-R6-C2", "yes", "☐", "☒"},
		{"left clear", fixtures.LegacyQuestionnaire(), "T1-R6-C2", "no", "☐", "☐"},
		// A content control writes its glyph: its text is its change, once.
		{"content control left clear", fixture(t, fixtures.WordContentControls), "P4", "no", "☐ I accept the terms", "☐ I accept the terms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := New().Write(tt.doc, []formats.Answer{{PairID: tt.id, AnswerText: tt.answer}}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Changes[0]
			if c.Before != tt.before || c.After != tt.after {
				t.Errorf("change %q → %q, want %q → %q", c.Before, c.After, tt.before, tt.after)
			}
		})
	}
}
