package readers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// QPDFEncrypt encrypts pdf with qpdf --encrypt USER OWNER BITS, adding
// extra (--use-aes=y, --modify=form …) and --allow-weak-crypto, so tests
// can make the RC4 and AES variants real publishers ship. It fails tb when
// qpdf refuses.
func QPDFEncrypt(tb testing.TB, pdf []byte, user, owner string, bits int, extra ...string) []byte {
	tb.Helper()
	qpdf := lookPath(tb, "qpdf", "apt-get install qpdf")
	in := writeTemp(tb, "plain.pdf", pdf)
	out := filepath.Join(filepath.Dir(in), "encrypted.pdf")
	args := append([]string{"--allow-weak-crypto", "--encrypt", user, owner, strconv.Itoa(bits)}, extra...)
	args = append(args, "--", in, out)
	res, err := run(DefaultTimeout, "", qpdf, args...)
	if err != nil {
		tb.Fatalf("readers: qpdf: %v", err)
	}
	// Exit 3: written with warnings (weak crypto); the file is usable.
	if res.exit != 0 && res.exit != 3 {
		tb.Fatalf("readers: qpdf --encrypt failed (exit %d):\n%s", res.exit, tail(res.stderr, 2000))
	}
	b, err := os.ReadFile(out)
	if err != nil {
		tb.Fatalf("readers: qpdf wrote nothing: %v", err)
	}
	return b
}

// Encryption is how qpdf --show-encryption describes a PDF's encryption.
type Encryption struct {
	Encrypted     bool
	R, P          int
	EmptyUserPW   bool   // it opened with no password
	StreamMethod  string // "AESv2", "RC4", … ("" for R 2 and 3, which name none)
	Report        string // qpdf's whole report
	ModifyForms   bool   // "modify forms: allowed"
	ModifyAnnots  bool   // "modify annotations: allowed"
	ModifyContent bool   // "modify other: allowed"
}

var (
	qpdfR      = regexp.MustCompile(`(?m)^R = (\d+)`)
	qpdfP      = regexp.MustCompile(`(?m)^P = (-?\d+)`)
	qpdfStream = regexp.MustCompile(`(?m)^stream encryption method: (\S+)`)
)

// QPDFEncryption reads pdf's encryption with qpdf --show-encryption,
// opening it without a password. It fails tb when qpdf cannot read pdf.
func QPDFEncryption(tb testing.TB, pdf []byte) Encryption {
	tb.Helper()
	qpdf := lookPath(tb, "qpdf", "apt-get install qpdf")
	res, err := run(DefaultTimeout, "", qpdf, "--show-encryption", writeTemp(tb, "show.pdf", pdf))
	if err != nil {
		tb.Fatalf("readers: qpdf: %v", err)
	}
	out := string(res.stdout)
	if res.exit != 0 && res.exit != 3 {
		tb.Fatalf("readers: qpdf --show-encryption failed (exit %d):\n%s%s", res.exit, out, tail(res.stderr, 2000))
	}
	e := Encryption{Report: out, Encrypted: !strings.Contains(out, "File is not encrypted")}
	if !e.Encrypted {
		return e
	}
	if m := qpdfR.FindStringSubmatch(out); m != nil {
		e.R, _ = strconv.Atoi(m[1])
	}
	if m := qpdfP.FindStringSubmatch(out); m != nil {
		e.P, _ = strconv.Atoi(m[1])
	}
	if m := qpdfStream.FindStringSubmatch(out); m != nil {
		e.StreamMethod = m[1]
	}
	e.EmptyUserPW = strings.Contains(out, "Supplied password is user password") || strings.Contains(out, "Supplied password is owner password")
	e.ModifyForms = strings.Contains(out, "modify forms: allowed")
	e.ModifyAnnots = strings.Contains(out, "modify annotations: allowed")
	e.ModifyContent = strings.Contains(out, "modify other: allowed")
	return e
}

// QPDFForm is what qpdf --json reads of a PDF's interactive form.
type QPDFForm struct {
	HasAcroForm bool
	Fields      []string // the fully qualified names of its fields
}

// QPDFFormFields reads pdf's form with qpdf --json --json-key=acroform.
// It fails tb when qpdf cannot read pdf.
func QPDFFormFields(tb testing.TB, pdf []byte) QPDFForm {
	tb.Helper()
	qpdf := lookPath(tb, "qpdf", "apt-get install qpdf")
	res, err := run(DefaultTimeout, "", qpdf, "--json", "--json-key=acroform", writeTemp(tb, "form.pdf", pdf))
	if err != nil || (res.exit != 0 && res.exit != 3) {
		tb.Fatalf("readers: qpdf --json failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var doc struct {
		AcroForm struct {
			HasAcroForm bool `json:"hasacroform"`
			Fields      []struct {
				FullName string `json:"fullname"`
			} `json:"fields"`
		} `json:"acroform"`
	}
	if err := json.Unmarshal(res.stdout, &doc); err != nil {
		tb.Fatalf("readers: qpdf JSON: %v", err)
	}
	f := QPDFForm{HasAcroForm: doc.AcroForm.HasAcroForm}
	for _, x := range doc.AcroForm.Fields {
		f.Fields = append(f.Fields, x.FullName)
	}
	return f
}
