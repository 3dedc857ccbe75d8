package pdf

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// encryptedAnswers are values whose bytes would show in the file if the
// appended objects were written in the clear.
var encryptedAnswers = []formats.Answer{
	{PairID: "name", AnswerText: "Plaintext Canary l’été"},
	{PairID: "agree", AnswerText: "yes"},
	{PairID: "comments", AnswerText: "Second canary “quoted”"},
}

// A form encrypted with an owner password only (empty user password),
// with RC4 or AES as qpdf writes them, is filled: the output keeps the
// encryption (same revision and permissions, still opening without a
// password), none of the new values is readable in the raw bytes, and
// qpdf, poppler and PyMuPDF (which decrypt it) read every value.
func TestOwnerOnlyEncryptedFormsFillAndStayEncrypted(t *testing.T) {
	tests := []struct {
		scenario   string
		bits       int
		extra      []string
		wantMethod string
	}{
		{"RC4 40-bit (R 2)", 40, nil, "RC4 40-bit"},
		{"RC4 128-bit (R 3)", 128, []string{"--use-aes=n"}, "RC4 128-bit"},
		{"AES-128 (R 4)", 128, []string{"--use-aes=y"}, "AES-128"},
		{"AES-256 (R 6)", 256, nil, "AES-256"},
		{"AES-256, fill forms allowed and nothing else", 256, []string{"--modify=form", "--extract=n"}, "AES-256"},
		{"RC4 128-bit, annotate and fill", 128, []string{"--use-aes=n", "--modify=annotate"}, "RC4 128-bit"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			doc := readers.QPDFEncrypt(t, fixtures.PDFForm(), "", "owner-secret", tt.bits, tt.extra...)
			before := readers.QPDFEncryption(t, doc)
			res, rep, err := formats.Fill(New(), doc, encryptedAnswers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Errorf("verify: %+v", rep.ContentResults)
			}
			if !strings.HasPrefix(res.Encryption, "kept: "+tt.wantMethod) {
				t.Errorf("result says encryption %q, want kept %s", res.Encryption, tt.wantMethod)
			}
			out := res.Document
			if !bytes.HasPrefix(out, doc) {
				t.Error("not an incremental update of the original")
			}
			for _, canary := range []string{"Plaintext Canary", "Second canary"} {
				if bytes.Contains(out, []byte(canary)) || bytes.Contains(out, utf16BE(canary)) {
					t.Errorf("%q is readable in the output's bytes: the appended objects are not encrypted", canary)
				}
			}
			after := readers.QPDFEncryption(t, out)
			if !after.Encrypted || !after.EmptyUserPW || after.R != before.R || after.P != before.P || after.StreamMethod != before.StreamMethod {
				t.Errorf("encryption after the fill: %+v, before: %+v", after, before)
			}
			readers.QPDFCheck(t, out)
			text := readers.PDFText(t, out)
			fields := readers.PDFFields(t, out)
			for _, a := range encryptedAnswers {
				if a.PairID == "agree" {
					if fields["agree"] == "Off" || fields["agree"] == "" {
						t.Errorf("PyMuPDF reads agree = %q, want it ticked", fields["agree"])
					}
					continue
				}
				if !strings.Contains(text, a.AnswerText) {
					t.Errorf("pdftotext does not show %q", a.AnswerText)
				}
				if fields[a.PairID] != a.AnswerText {
					t.Errorf("PyMuPDF reads %s = %q, want %q", a.PairID, fields[a.PairID], a.AnswerText)
				}
			}
			// formfill reads its own output back the same way.
			vr, err := New().Verify(out, formats.ExpectedFromAnswers(encryptedAnswers))
			if err != nil || !vr.OK() {
				t.Errorf("verify of the output: %v %+v", err, vr)
			}
		})
	}
}

func utf16BE(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r>>8), byte(r))
	}
	return b
}

// A write the permissions forbid is refused before anything is written,
// naming the permission; reading such a form still works, as in any
// viewer.
func TestEncryptedFormPermissionsAreKept(t *testing.T) {
	tests := []struct {
		scenario string
		bits     int
		extra    []string
		opts     formats.WriteOptions
		want     []string // substrings of the error; none: the write succeeds
	}{
		{"no form filling, no annotating", 256, []string{"--modify=none", "--form=n", "--annotate=n"}, formats.WriteOptions{}, []string{"filling in form fields", "bit 9"}},
		{"fill allowed, notes need annotating", 128, []string{"--use-aes=n", "--modify=form"}, formats.WriteOptions{CommentUncertain: true}, []string{"adding annotations", "bit 6"}},
		{"fill allowed, flatten needs modifying", 256, []string{"--modify=form"}, formats.WriteOptions{Flatten: true}, []string{"modifying the document's contents", "bit 4"}},
		{"a dry run is refused alike", 256, []string{"--modify=none", "--form=n", "--annotate=n"}, formats.WriteOptions{DryRun: true}, []string{"filling in form fields"}},
		{"fill only, without notes or flatten", 128, []string{"--use-aes=n", "--modify=form"}, formats.WriteOptions{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			doc := readers.QPDFEncrypt(t, fixtures.PDFForm(), "", "owner-secret", tt.bits, tt.extra...)
			answers := []formats.Answer{{PairID: "name", AnswerText: "Ada", Confidence: formats.Uncertain, Note: "from the CRM"}}
			res, err := New().Write(doc, answers, tt.opts)
			if tt.want == nil {
				if err != nil || res.Encryption == "" {
					t.Fatalf("write: %v (encryption %q)", err, res.Encryption)
				}
				return
			}
			if !errors.Is(err, formats.ErrUnsupported) {
				t.Fatalf("err = %v, want ErrUnsupported", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if fs, err := New().ListFields(doc); err != nil || len(fs) == 0 {
				t.Errorf("reading the form: %v, %d fields", err, len(fs))
			}
		})
	}
}

// Real USCIS forms, published AES-128 encrypted with an owner password
// only, fill: every text field takes a value, verify matches, and the
// output keeps the form's encryption and permissions.
func TestRealOwnerEncryptedUSCISFormsFill(t *testing.T) {
	for _, name := range []string{"uscis-g-1145-2014.pdf", "uscis-i-765-2017.pdf"} {
		t.Run(name, func(t *testing.T) {
			doc := realdocs.Read(t, "forms", name)
			before := readers.QPDFEncryption(t, doc)
			if !before.Encrypted || !before.EmptyUserPW {
				t.Fatalf("%s is not owner-only encrypted: %s", name, before.Report)
			}
			var answers []formats.Answer
			for _, f := range mustOpen(t, doc).fields {
				if f.Kind == kindText && !f.ReadOnly && !f.Comb && (f.MaxLen == 0 || f.MaxLen >= 4) { // a comb spreads its letters over cells
					answers = append(answers, formats.Answer{PairID: f.ID, AnswerText: "Zoë"})
				}
			}
			if len(answers) == 0 {
				t.Fatal("no text field to fill")
			}
			res, rep, err := formats.Fill(New(), doc, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() {
				t.Errorf("verify: %+v", rep.ContentResults)
			}
			after := readers.QPDFEncryption(t, res.Document)
			if !after.Encrypted || after.R != before.R || after.P != before.P {
				t.Errorf("encryption after: %+v, before %+v", after, before)
			}
			readers.QPDFCheck(t, res.Document)
			if n := strings.Count(readers.PDFText(t, res.Document), "Zoë"); n < len(answers) {
				t.Errorf("pdftotext shows the value %d times, want %d", n, len(answers))
			}
			t.Logf("%s: %d text fields filled, encryption %s", name, len(answers), res.Encryption)
		})
	}
}
