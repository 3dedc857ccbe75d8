package pdf

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

func TestWriteRefusesBadAnswers(t *testing.T) {
	tests := []struct {
		scenario string
		answer   formats.Answer
		want     []string // substrings of the error
	}{
		{"unknown field ID", formats.Answer{PairID: "F42", AnswerText: "x"}, []string{"F42", "no form field"}},
		{"unknown field name", formats.Answer{PairID: "nickname", AnswerText: "x"}, []string{"nickname", "no form field"}},
		{"read-only field", formats.Answer{PairID: "F6", AnswerText: "x"}, []string{"customer_id", "read-only"}},
		{"signature field", formats.Answer{PairID: "signature", AnswerText: "x"}, []string{"signature", "read-only"}},
		{"text over MaxLen", formats.Answer{PairID: "email", AnswerText: strings.Repeat("a", 31)}, []string{"email", "31 characters", "at most 30"}},
		{"radio option not offered", formats.Answer{PairID: "colour", AnswerText: "Purple"}, []string{"Purple", "Red | Green | Blue"}},
		{"dropdown option not offered", formats.Answer{PairID: "F5", AnswerText: "Peru"}, []string{"Peru", "USA | Canada | Mexico"}},
		{"list option not offered", formats.Answer{PairID: "languages", AnswerText: "Go|Cobol"}, []string{"Cobol", "Go | Rust | Python"}},
		{"checkbox value not boolean", formats.Answer{PairID: "agree", AnswerText: "maybe"}, []string{"maybe", "true/false"}},
		{"append on a checkbox", formats.Answer{PairID: "agree", AnswerText: "yes", Mode: formats.Append}, []string{"append", "checkbox"}},
		{"insertion XML only", formats.Answer{PairID: "F1", InsertionXML: "<w:r/>"}, []string{"plain values"}},
		{"unknown mode", formats.Answer{PairID: "F1", AnswerText: "x", Mode: "overwrite"}, []string{"overwrite"}},
		{"no target", formats.Answer{AnswerText: "x"}, []string{"no target"}},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			answers := []formats.Answer{{PairID: "F1", AnswerText: "fine"}, tt.answer}
			res, err := New().Write(fixtures.PDFForm(), answers, formats.WriteOptions{})
			if !errors.Is(err, formats.ErrInvalidArgument) {
				t.Fatalf("err = %v (res %+v), want ErrInvalidArgument", err, res)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestWriteAcceptsValuesInTheirUsualSpellings(t *testing.T) {
	tests := []struct {
		scenario string
		answer   formats.Answer
		want     string // display value afterwards
	}{
		{"checkbox true", formats.Answer{PairID: "agree", AnswerText: "true"}, "checked"},
		{"checkbox Checked", formats.Answer{PairID: "agree", AnswerText: "Checked"}, "checked"},
		{"checkbox on", formats.Answer{PairID: "agree", AnswerText: "on"}, "checked"},
		{"checkbox no", formats.Answer{PairID: "agree", AnswerText: "no"}, ""},
		{"radio in other case", formats.Answer{PairID: "F4", AnswerText: "blue"}, "Blue"},
		{"dropdown exact", formats.Answer{PairID: "country", AnswerText: "Mexico"}, "Mexico"},
		{"list by export value", formats.Answer{PairID: "languages", AnswerText: "rs"}, "Rust"},
		{"list several", formats.Answer{PairID: "languages", AnswerText: "Python, Go"}, "Python, Go"},
		{"text by native name", formats.Answer{PairID: "applicant.city", AnswerText: "Paris"}, "Paris"},
		{"text by xpath", formats.Answer{XPath: "name", AnswerText: "Grace"}, "Grace"},
		{"single-line text flattens newlines", formats.Answer{PairID: "name", AnswerText: "Grace\nHopper"}, "Grace Hopper"},
		{"multiline keeps newlines", formats.Answer{PairID: "comments", AnswerText: "a\nb"}, "a\nb"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res, err := New().Write(fixtures.PDFForm(), []formats.Answer{tt.answer}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, err := open(res.Document)
			if err != nil {
				t.Fatal(err)
			}
			key := tt.answer.PairID
			if key == "" {
				key = tt.answer.XPath
			}
			f, _ := d.lookup(key)
			if f.Value != tt.want {
				t.Fatalf("value = %q, want %q", f.Value, tt.want)
			}
			if len(res.Changes) != 1 || res.Changes[0].After != tt.want || res.Changes[0].PairID != f.ID {
				t.Errorf("changes = %+v", res.Changes)
			}
		})
	}
}

func TestWriteModesSkipAndDryRun(t *testing.T) {
	e := New()
	first, err := e.Write(fixtures.PDFForm(), []formats.Answer{{PairID: "comments", AnswerText: "first"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Write(first.Document, []formats.Answer{
		{PairID: "comments", AnswerText: "second", Mode: formats.Append},
		{PairID: "name", AnswerText: "A"},
		{PairID: "name", AnswerText: "B", Mode: formats.Append},
		{PairID: "email", AnswerText: formats.Skip},
	}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := open(res.Document)
	if got := d.byName["comments"].Value; got != "first\nsecond" {
		t.Errorf("multiline append = %q", got)
	}
	if got := d.byName["name"].Value; got != "A B" {
		t.Errorf("two answers for one field = %q, want %q", got, "A B")
	}
	if len(res.Skipped) != 1 || res.Skipped[0] != "email" || d.byName["email"].Value != "" {
		t.Errorf("skip: skipped=%v email=%q", res.Skipped, d.byName["email"].Value)
	}
	if res.Changes[0].Before != "first" {
		t.Errorf("before = %q", res.Changes[0].Before)
	}

	dry, err := e.Write(fixtures.PDFForm(), []formats.Answer{{PairID: "F1", AnswerText: "x"}}, formats.WriteOptions{DryRun: true})
	if err != nil || dry.Document != nil || !dry.DryRun || len(dry.Changes) != 1 || dry.Changes[0].After != "x" {
		t.Fatalf("dry run = %+v, %v", dry, err)
	}
	dryHybrid, err := e.Write(fixtures.PDFHybridXFA(), []formats.Answer{{PairID: "F1", AnswerText: "x"}}, formats.WriteOptions{DryRun: true})
	if err != nil || len(dryHybrid.Warnings) != 2 {
		t.Fatalf("dry run on a hybrid form should warn about /Perms and XFA: %+v, %v", dryHybrid, err)
	}
	placeholder, err := e.Write(fixtures.PDFForm(), []formats.Answer{{PairID: "F1", AnswerText: "x", Mode: formats.ReplacePlaceholder}}, formats.WriteOptions{})
	if err != nil || len(placeholder.Warnings) != 1 || !strings.Contains(placeholder.Warnings[0], "placeholder") {
		t.Fatalf("replace_placeholder = %+v, %v", placeholder, err)
	}
}

func TestVerifyReportsMatchesAndMisses(t *testing.T) {
	res, err := New().Write(fixtures.PDFForm(), []formats.Answer{
		{PairID: "F1", AnswerText: "Ada Lovelace"},
		{PairID: "agree", AnswerText: "yes"},
		{PairID: "colour", AnswerText: "Green"},
	}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		scenario string
		exp      formats.ExpectedAnswer
		want     formats.ContentStatus
	}{
		{"text matches", formats.ExpectedAnswer{PairID: "F1", ExpectedText: "ada lovelace"}, formats.ContentMatched},
		{"text differs", formats.ExpectedAnswer{PairID: "F1", ExpectedText: "Grace"}, formats.ContentMismatched},
		{"empty text", formats.ExpectedAnswer{PairID: "email", ExpectedText: "a@b"}, formats.ContentMissing},
		{"checkbox as checked", formats.ExpectedAnswer{PairID: "agree", ExpectedText: "checked"}, formats.ContentMatched},
		{"checkbox expected off", formats.ExpectedAnswer{PairID: "agree", ExpectedText: "no"}, formats.ContentMismatched},
		{"radio matches", formats.ExpectedAnswer{PairID: "colour", ExpectedText: "green"}, formats.ContentMatched},
		{"radio differs", formats.ExpectedAnswer{PairID: "colour", ExpectedText: "Red"}, formats.ContentMismatched},
		{"unknown field", formats.ExpectedAnswer{PairID: "F77", ExpectedText: "x"}, formats.ContentMissing},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			rep, err := New().Verify(res.Document, []formats.ExpectedAnswer{tt.exp})
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.ContentResults[0].Status; got != tt.want {
				t.Fatalf("status = %s, want %s (%+v)", got, tt.want, rep.ContentResults[0])
			}
		})
	}
}

// Real forms bend the rules; pdfcpu's own filler gives up on the whole
// form for any of these. formfill fills the good fields and refuses only
// the one that is not a field.
func TestQuirkyFormsStillFill(t *testing.T) {
	tests := []struct {
		scenario string
		answer   formats.Answer
		onPages  int // times pdftotext shows the value; 0 for buttons
	}{
		{"checkbox whose /V is a string", formats.Answer{PairID: "quirk_box", AnswerText: "yes"}, 0},
		{"dropdown with a separate widget", formats.Answer{PairID: "quirk_choice", AnswerText: "High"}, 1},
		{"text shown on two pages", formats.Answer{PairID: "quirk_text", AnswerText: "Twice shown"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			res, rep, err := formats.Fill(New(), fixtures.PDFQuirks(), []formats.Answer{tt.answer}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Fatalf("verification: %+v", rep)
			}
			checkReaders(t, res.Document, []formats.Answer{tt.answer})
			if tt.onPages > 0 {
				if n := strings.Count(squash(readers.PDFText(t, res.Document)), squash(tt.answer.AnswerText)); n != tt.onPages {
					t.Errorf("pdftotext shows the value %d times, want %d", n, tt.onPages)
				}
			}
		})
	}
	_, err := New().Write(fixtures.PDFQuirks(), []formats.Answer{{PairID: "quirk_orphan", AnswerText: "x"}}, formats.WriteOptions{})
	if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), "no field type") {
		t.Fatalf("widget without /FT: err = %v", err)
	}
}

// Workers share one engine: concurrent fills must not see each other.
func TestConcurrentWritesAreIndependent(t *testing.T) {
	const n = 4
	errs := make(chan error, n)
	for i := range n {
		go func() {
			want := strings.Repeat("x", i+1)
			res, rep, err := formats.Fill(New(), fixtures.PDFHybridXFA(), []formats.Answer{{PairID: "F1", AnswerText: want}, {PairID: "colour", AnswerText: "Blue"}}, formats.WriteOptions{})
			if err == nil && (!rep.OK() || mustOpenErr(res.Document).byName["name"].Value != want) {
				err = errors.New("a concurrent fill read back someone else's value")
			}
			errs <- err
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func mustOpenErr(doc []byte) *document {
	d, err := open(doc)
	if err != nil {
		return &document{byName: map[string]*field{"name": {}}}
	}
	return d
}

// Jobs are retried: the same fill of the same bytes must give the same
// bytes.
func TestWriteIsDeterministic(t *testing.T) {
	docs := [][]byte{fixtures.PDFForm(), fixtures.PDFHybridXFA()}
	if irs, err := os.ReadFile(filepath.Join(sharedForms, "irs_f1040.pdf")); err == nil {
		docs = append(docs, irs)
	}
	for _, doc := range docs {
		answers := []formats.Answer{{PairID: "F1", AnswerText: "Ada"}}
		if d := mustOpen(t, doc); d.byName["country"] != nil {
			answers = append(answers, formats.Answer{PairID: "agree", AnswerText: "yes"}, formats.Answer{PairID: "country", AnswerText: "Mexico"}, formats.Answer{PairID: "languages", AnswerText: "Rust"})
		}
		a, err := New().Write(doc, answers, formats.WriteOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := New().Write(doc, answers, formats.WriteOptions{})
		if !bytes.Equal(a.Document, b.Document) {
			t.Fatal("two fills of the same document with the same answers differ")
		}
	}
}

func TestWriteEditModes(t *testing.T) {
	e := New()
	first, err := e.Write(fixtures.PDFForm(), []formats.Answer{{PairID: fixtures.PDFFieldComments, AnswerText: "Ships [weekly]; invoices [weekly]"}, {PairID: fixtures.PDFFieldAgree, AnswerText: "yes"}}, formats.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		answer formats.Answer
		field  string
		want   string
	}{
		{"replace_text first", formats.Answer{PairID: fixtures.PDFFieldComments, Mode: formats.ReplaceText, Find: "[weekly]", AnswerText: "daily"}, fixtures.PDFFieldComments, "Ships daily; invoices [weekly]"},
		{"replace_text all", formats.Answer{PairID: fixtures.PDFFieldComments, Mode: formats.ReplaceText, Find: "[weekly]", Occurrence: formats.AllOccurrences, AnswerText: "monthly"}, fixtures.PDFFieldComments, "Ships monthly; invoices monthly"},
		{"delete a span", formats.Answer{PairID: fixtures.PDFFieldComments, Mode: formats.Delete, Find: "; invoices [weekly]"}, fixtures.PDFFieldComments, "Ships [weekly]"},
		{"delete clears a text field", formats.Answer{PairID: fixtures.PDFFieldComments, Mode: formats.Delete}, fixtures.PDFFieldComments, ""},
		{"delete unticks a checkbox", formats.Answer{PairID: fixtures.PDFFieldAgree, Mode: formats.Delete}, fixtures.PDFFieldAgree, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, rep, err := formats.Fill(e, first.Document, []formats.Answer{tt.answer}, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d, _ := open(res.Document)
			if got := d.byName[tt.field].Value; got != tt.want {
				t.Errorf("%s = %q, want %q", tt.field, got, tt.want)
			}
			if !rep.OK() {
				t.Errorf("verify: %+v", rep)
			}
		})
	}
	for _, bad := range []struct {
		answer formats.Answer
		want   string
	}{
		{formats.Answer{PairID: fixtures.PDFFieldComments, Mode: formats.ReplaceText, Find: "yearly", AnswerText: "x"}, `find "yearly" is not in the field's text`},
		{formats.Answer{PairID: fixtures.PDFFieldColour, Mode: formats.ReplaceText, Find: "Red", AnswerText: "Blue"}, "this is a radio field"},
		{formats.Answer{PairID: fixtures.PDFFieldName, Mode: formats.InsertBefore, AnswerText: "x"}, "a PDF form field has none"},
	} {
		_, err := e.Write(first.Document, []formats.Answer{bad.answer}, formats.WriteOptions{})
		if !errors.Is(err, formats.ErrInvalidArgument) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: err = %v, want %q", bad.answer, err, bad.want)
		}
	}
}
