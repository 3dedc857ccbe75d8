package pdf

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/cputest"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// everyCall runs each engine entry point on doc and returns their errors.
func everyCall(doc []byte) map[string]error {
	e := New()
	errs := map[string]error{}
	_, errs["ExtractCompact"] = e.ExtractCompact(doc)
	_, errs["ExtractRaw"] = e.ExtractRaw(doc)
	_, errs["ExtractText"] = e.ExtractText(doc)
	_, errs["ListFields"] = e.ListFields(doc)
	_, errs["Validate"] = e.Validate(doc, []formats.Location{{PairID: "F1"}})
	_, errs["Write"] = e.Write(doc, []formats.Answer{{PairID: "F1", AnswerText: "x"}}, formats.WriteOptions{})
	_, errs["Verify"] = e.Verify(doc, []formats.ExpectedAnswer{{PairID: "F1", ExpectedText: "x"}})
	return errs
}

func brokenXref(doc []byte) []byte {
	i := bytes.LastIndex(doc, []byte("startxref"))
	out := append([]byte(nil), doc[:i]...)
	return append(out, []byte("startxref\n999999\n%%EOF\n")...)
}

func TestHostileDocumentsGetTypedErrors(t *testing.T) {
	form := fixtures.PDFForm()
	tests := []struct {
		scenario string
		doc      []byte
		want     error
	}{
		{"empty", nil, formats.ErrInvalidDocument},
		{"wrong magic (a zip)", []byte("PK\x03\x04 not a pdf at all"), formats.ErrInvalidDocument},
		{"header only", []byte("%PDF-1.7\n"), formats.ErrInvalidDocument},
		{"truncated to half", form[:len(form)/2], formats.ErrInvalidDocument},
		{"garbage after the header", append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("\x00\xff garbage ("), 200)...), formats.ErrInvalidDocument},
		{"too large", append([]byte("%PDF-1.4\n"), make([]byte, formats.MaxFileSize)...), formats.ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			for call, err := range everyCall(tt.doc) {
				if !errors.Is(err, tt.want) {
					t.Errorf("%s: err = %v, want %v", call, err, tt.want)
				}
			}
		})
	}
}

// A broken xref offset is repaired by pdfcpu (it rescans the file), as
// viewers do: the form must still be readable, or fail with a typed error.
func TestBrokenXrefIsRepairedOrRefused(t *testing.T) {
	for call, err := range everyCall(brokenXref(fixtures.PDFForm())) {
		if err != nil && !formats.IsInputError(err) {
			t.Errorf("%s: untyped error %v", call, err)
		}
	}
	fs, err := New().ListFields(brokenXref(fixtures.PDFForm()))
	if err == nil && len(fs) != 10 {
		t.Errorf("repaired document lists %d fields, want 10", len(fs))
	}
	// The original xref chain is unusable, so the fill rewrites the file.
	res, rep, err := formats.Fill(New(), brokenXref(fixtures.PDFForm()), []formats.Answer{{PairID: "F1", AnswerText: "Repaired"}}, formats.WriteOptions{})
	if err != nil {
		if !formats.IsInputError(err) {
			t.Fatalf("fill: untyped error %v", err)
		}
		return
	}
	if !rep.OK() {
		t.Fatalf("fill of a repaired document: %+v", rep)
	}
	readers.QPDFCheck(t, res.Document)
}

func encrypt(t *testing.T, doc []byte, userPassword string) []byte {
	t.Helper()
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.pdf"), filepath.Join(dir, "out.pdf")
	if err := os.WriteFile(in, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(need(t, "qpdf"), "--encrypt", userPassword, "owner-secret", "256", "--", in, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("qpdf --encrypt: %v\n%s", err, msg)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A PDF that needs a password to open is refused by every call, saying
// so (encrypt_test.go fills those that open without one).
func TestPasswordProtectedPDFsAreUnsupported(t *testing.T) {
	doc := encrypt(t, fixtures.PDFForm(), "let-me-in")
	for call, err := range everyCall(doc) {
		if !errors.Is(err, formats.ErrUnsupported) || !strings.Contains(err.Error(), "user password") {
			t.Errorf("%s: err = %v, want ErrUnsupported naming the user password", call, err)
		}
	}
}

func TestPanicsBecomeInvalidDocument(t *testing.T) {
	var err error
	var logged strings.Builder
	func() {
		defer guard(slog.New(slog.NewTextHandler(&logged, nil)), &err)
		panic("pdfcpu blew up")
	}()
	if !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), "blew up") {
		t.Fatalf("err = %v", err)
	}
	if !strings.Contains(logged.String(), "recovered from a panic") || !strings.Contains(logged.String(), "blew up") {
		t.Errorf("the recovered panic is not logged to the logger given: %q", logged.String())
	}
}

func FuzzExtract(f *testing.F) {
	form := fixtures.PDFForm()
	f.Add(form)
	f.Add(form[:len(form)*3/4])
	f.Add(fixtures.PDFHybridXFA())
	f.Add([]byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj trailer << /Root 1 0 R >>"))
	f.Fuzz(func(t *testing.T, doc []byte) {
		e := New()
		var compactErr, textErr error
		cpu := cputest.Of(func() {
			_, compactErr = e.ExtractCompact(doc)
			_, textErr = e.ExtractText(doc)
		})
		if compactErr != nil && !formats.IsInputError(compactErr) {
			t.Fatalf("ExtractCompact: untyped error %v", compactErr)
		}
		if textErr != nil && !formats.IsInputError(textErr) {
			t.Fatalf("ExtractText: untyped error %v", textErr)
		}
		// Long fuzz runs stalled for minutes at a time: a small input that
		// takes seconds is a denial of service, so it counts as a failure.
		if d := cpu; d > slowInput {
			t.Fatalf("a %d-byte input took %s of CPU to extract (limit %s)", len(doc), d, slowInput)
		}
	})
}

// slowInput is how much CPU a fuzz input may take (CPU, not wall time: a
// machine shared with fuzzers and builds stretches the latter): far above
// the milliseconds real forms take.
const slowInput = 3 * time.Second

// FuzzContentStream feeds the text extractor arbitrary content streams.
func FuzzContentStream(f *testing.F) {
	f.Add([]byte("BT /F1 10 Tf 1 0 0 1 50 700 Tm (Hello \\(x\\)) Tj [(A) -300 (B)] TJ ET"))
	f.Add([]byte("q 1 0 0 1 5 5 cm BT <48656c6c6f> Tj T* (x) ' ET Q BI /W 1 ID \x00\x01 EI"))
	f.Add([]byte("2 beginbfchar <0003> <0020> <0011> <002E> endbfchar 1 beginbfrange <0024> <0026> <0041> <0030> <0031> [<0061> <0062>] endbfrange"))
	// Glyphs drawn back inside their line: the re-sorted reading.
	f.Add([]byte("BT 1 0 0 1 40 700 Tm (Lebens) Tj 1 0 0 1 72 700 Tm (artner) Tj 1 0 0 1 61 700 Tm (p) Tj 0 1 -1 0 9 9 Tm (up) Tj ET"))
	f.Fuzz(func(t *testing.T, content []byte) {
		_ = readingLines(contentRuns(content), 90)
		_ = parseCMap(content)
		_ = parseToUnicode(content)
	})
}

// onePagePDF builds a one-page PDF whose content stream is data with the
// given /Filter (empty for none), with a correct xref table.
func onePagePDF(data []byte, filter string) []byte {
	if filter != "" {
		filter = " /Filter /" + filter
	}
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
		fmt.Sprintf("<< /Length %d%s >>\nstream\n%s\nendstream", len(data), filter, data),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

// A content stream that inflates to 80 MB (beyond every decode limit) must be skipped, not decoded.
func TestInflateBombIsNotDecoded(t *testing.T) {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	chunk := bytes.Repeat([]byte("BT (A) Tj ET\n"), 1<<16)
	for range 80 << 20 / len(chunk) {
		_, _ = w.Write(chunk)
	}
	_ = w.Close()
	plain, err := New().ExtractText(onePagePDF([]byte("BT /F1 10 Tf 1 0 0 1 50 700 Tm (Hello) Tj ET"), ""))
	if err != nil || !strings.Contains(plain, "Hello") {
		t.Fatalf("control document: %q, %v", plain, err)
	}
	_, err = New().ExtractText(onePagePDF(z.Bytes(), "FlateDecode"))
	if !errors.Is(err, formats.ErrUnsupported) && !errors.Is(err, formats.ErrInvalidDocument) {
		t.Fatalf("err = %v, want the bomb skipped (no text) or refused", err)
	}
}

// FuzzWrite fills mutated forms: every failure must be a typed input
// error, and every success must read back.
func FuzzWrite(f *testing.F) {
	f.Add(fixtures.PDFForm(), "Ada")
	f.Add(fixtures.PDFQuirks(), "yes")
	f.Fuzz(func(t *testing.T, doc []byte, value string) {
		answers := []formats.Answer{{PairID: "F1", AnswerText: value}, {PairID: "F3", AnswerText: value}}
		var res *formats.WriteResult
		var err error
		if d := cputest.Of(func() { res, err = New().Write(doc, answers, formats.WriteOptions{}) }); d > slowInput {
			t.Fatalf("a %d-byte input took %s of CPU to fill (limit %s)", len(doc), d, slowInput)
		}
		if err != nil {
			if !formats.IsInputError(err) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		if _, err := New().ListFields(res.Document); err != nil {
			t.Fatalf("the written document does not read back: %v", err)
		}
	})
}

// FuzzVerify reads mutated filled forms the way verify does: their
// appearance streams, fonts, /W widths and ToUnicode maps are the
// fuzzer's. verifyFields runs unguarded, so a panic fails the target
// instead of becoming an ErrInvalidDocument. The seeds here are drawn
// with Helvetica (no font files to load in every fuzz worker);
// testdata/fuzz/FuzzVerify holds forms filled in CJK and Devanagari,
// with embedded subsets, CID widths and ToUnicode maps.
func FuzzVerify(f *testing.F) {
	e := New().WithFonts(fontdir.New([]string{f.TempDir()}, fontdir.Options{NoSystem: true}))
	for _, v := range []string{"Ada Lovelace", "Zoë Ølsen – “Ada”"} {
		if res, err := e.Write(fixtures.PDFForm(), []formats.Answer{{PairID: "name", AnswerText: v}, {PairID: "comments", AnswerText: v + "\n" + v}}, formats.WriteOptions{}); err == nil {
			f.Add(res.Document, v)
		}
	}
	f.Fuzz(func(t *testing.T, doc []byte, want string) {
		d, err := open(doc)
		if err != nil {
			return
		}
		start := time.Now()
		rep := verifyFields(d.ctx, d.fields, []formats.ExpectedAnswer{{PairID: "name", ExpectedText: want}, {PairID: "comments", ExpectedText: want}}, nil)
		if d := time.Since(start); d > slowInput {
			t.Fatalf("verifying a %d-byte input took %s (limit %s)", len(doc), d, slowInput)
		}
		if len(rep.ContentResults) != 2 {
			t.Fatalf("%d results for 2 expectations", len(rep.ContentResults))
		}
	})
}
