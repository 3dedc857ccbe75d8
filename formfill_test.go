package formfill

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/internal/readers"
)

func TestOptionsAndErrors(t *testing.T) {
	docx, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		t.Fatal(err)
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		doc  []byte
		opts []Option
		want error
	}{
		{"detected from content", context.Background(), docx, nil, nil},
		{"name agrees", context.Background(), docx, []Option{Name("q.docx")}, nil},
		{"name disagrees with the content", context.Background(), docx, []Option{Name("q.pdf")}, ErrInvalidDocument},
		{"type disagrees with the content", context.Background(), docx, []Option{Type(PDF)}, ErrInvalidDocument},
		{"not a document", context.Background(), []byte("hello"), nil, ErrUnsupported},
		{"context already ended", canceled, docx, nil, ErrStopped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Extract(tt.ctx, tt.doc, tt.opts...)
			if tt.want == nil {
				if err != nil || m == nil || m.CompactText == "" {
					t.Fatalf("Extract: %v", err)
				}
				return
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("Extract error %v, want %v", err, tt.want)
			}
		})
	}
}

func TestDryRunProducesNoDocument(t *testing.T) {
	docx, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		t.Fatal(err)
	}
	w, r, err := Fill(context.Background(), docx, []Answer{{PairID: "T1-R2-C2", AnswerText: "Acme"}}, DryRun())
	if err != nil || w.Document != nil || r != nil || len(w.Changes) != 1 || w.Changes[0].After != "Acme" {
		t.Fatalf("dry run: %+v %+v %v", w, r, err)
	}
}

// A forced delete that drops a field passes a plain verify; with the
// source document, verify reports the loss.
func TestVerifyAgainstSourceReportsLostFields(t *testing.T) {
	ctx := context.Background()
	src, err := os.ReadFile("testdata/word/legacy_fields.docx")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(ctx, src, []Answer{{PairID: "P3", Mode: "delete"}}); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("an unforced delete of a field: %v, want it refused", err)
	}
	w, err := Write(ctx, src, []Answer{{PairID: "P3", Mode: "delete", Force: true}})
	if err != nil {
		t.Fatal(err)
	}
	expected := []Expected{{PairID: "P1", ExpectedText: "Legacy Form"}}
	plain, err := Verify(ctx, w.Document, expected)
	if err != nil || !plain.OK() {
		t.Fatalf("plain verify: %+v %v", plain, err)
	}
	against, err := Verify(ctx, w.Document, expected, Source(src))
	if err != nil {
		t.Fatal(err)
	}
	if against.OK() || against.Summary.StructuralIssues == 0 || !strings.Contains(strings.Join(against.StructuralIssues, " "), "field") {
		t.Fatalf("verify against the source does not report the lost field: %+v", against.StructuralIssues)
	}
}

// A PDF fill in Japanese draws the name with a fallback font from the
// system's directories; with none to search, the value is stored but
// reported not_visible.
func TestFillFindsFontsForEveryScript(t *testing.T) {
	doc, err := os.ReadFile("testdata/pdf/form.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if len(fontdir.SystemDirs()) == 0 {
		t.Skip("no system font directories")
	}
	answers := []Answer{{PairID: "F1", AnswerText: "山田太郎"}}
	_, rep, err := Fill(context.Background(), doc, answers)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		if os.Getenv("FORMFILL_REQUIRE_READERS") != "" {
			t.Fatalf("with the system's fonts: %+v (install fonts-noto-cjk)", rep.ContentResults)
		}
		t.Skipf("no CJK font installed (fonts-noto-cjk): %+v", rep.ContentResults)
	}
	_, rep, err = Fill(context.Background(), doc, answers, FontDirs(t.TempDir()), NoSystemFonts())
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || rep.ContentResults[0].Status != "not_visible" {
		t.Fatalf("without fonts: %+v, want not_visible", rep.ContentResults)
	}
}

// Flatten burns a PDF form's fields into its pages (the signature field
// stays a field unless told otherwise), verifies the answers as filled,
// and is refused for a Word document.
func TestFlattenOption(t *testing.T) {
	pdf, err := os.ReadFile("testdata/pdf/form.pdf")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	answers := []Answer{{PairID: "name", AnswerText: "Ada Lovelace"}}
	for _, withSignatures := range []bool{false, true} {
		w, rep, err := Fill(ctx, pdf, answers, Flatten(withSignatures))
		if err != nil || !rep.OK() || w.Flattened == 0 {
			t.Fatalf("flatten (signatures %v): %v, %+v, %d flattened", withSignatures, err, rep, w.Flattened)
		}
		fields, err := ListFields(ctx, w.Document)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{false: 1, true: 0}[withSignatures]; len(fields) != want {
			t.Errorf("signatures %v: %d fields left, want %d: %+v", withSignatures, len(fields), want, fields)
		}
		if text := readers.PDFText(t, w.Document); !strings.Contains(text, "Ada Lovelace") {
			t.Errorf("pdftotext does not show the answer: %q", text)
		}
	}
	docx, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Write(ctx, docx, []Answer{{PairID: "T1-R2-C2", AnswerText: "Acme"}}, Flatten(false)); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("flatten of a Word document: %v, want ErrInvalidArgument", err)
	}
}
