package formfill_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/formfill/formfill"
)

// Fill a Word questionnaire: find the answer targets in its map, answer
// them, write and verify in one call, and save the filled copy.
func Example() {
	ctx := context.Background()
	doc, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		log.Fatal(err)
	}
	m, err := formfill.Extract(ctx, doc)
	if err != nil {
		log.Fatal(err)
	}
	// m.CompactText marks each target "← answer to <question>"; m.Targets
	// lists them with the question and what each accepts.
	first := m.Targets[0]
	fmt.Printf("%d answer targets, the first %s answering %q\n", len(m.Targets), first.ID, first.Question)

	answers := []formfill.Answer{
		{PairID: "T1-R2-C2", AnswerText: "Acme Widgets Ltd"},
		{PairID: "T1-R6-C2", AnswerText: "250"},
	}
	filled, report, err := formfill.Fill(ctx, doc, answers)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d/%d answers matched, OK: %v\n", report.Summary.Matched, report.Summary.Total, report.OK())
	if err := os.WriteFile(os.TempDir()+"/filled.docx", filled.Document, 0o644); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 8 answer targets, the first T1-R2-C2 answering "Company legal name"
	// 2/2 answers matched, OK: true
}

// List a PDF form's fields, with their types and options.
func ExampleListFields() {
	doc, err := os.ReadFile("testdata/pdf/form.pdf")
	if err != nil {
		log.Fatal(err)
	}
	fields, err := formfill.ListFields(context.Background(), doc)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range fields[:5] {
		fmt.Println(f.FieldID, f.FieldType, f.Label, f.Options)
	}
	// Output:
	// F1 text Full name []
	// F2 text email []
	// F3 checkbox agree [Yes]
	// F4 radio Favourite colour [Red Green Blue]
	// F5 dropdown country [USA Canada Mexico]
}

// Verify a document someone else filled: each expected answer is matched,
// mismatched or missing.
func ExampleVerify() {
	ctx := context.Background()
	doc, err := os.ReadFile("testdata/excel/vendor_assessment.xlsx")
	if err != nil {
		log.Fatal(err)
	}
	w, err := formfill.Write(ctx, doc, []formfill.Answer{{PairID: "S1-R3-C4", AnswerText: "AES-256 at rest"}})
	if err != nil {
		log.Fatal(err)
	}
	report, err := formfill.Verify(ctx, w.Document, []formfill.Expected{
		{PairID: "S1-R3-C4", ExpectedText: "AES-256 at rest"},
		{PairID: "S1-R4-C4", ExpectedText: "Yes"},
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range report.ContentResults {
		fmt.Println(r.PairID, r.Status)
	}
	// Output:
	// S1-R3-C4 matched
	// S1-R4-C4 missing
}

// Bad input is an error that says what was wrong, and errors.Is tells its
// kind.
func ExampleWrite_badElementID() {
	doc, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		log.Fatal(err)
	}
	_, err = formfill.Write(context.Background(), doc, []formfill.Answer{{PairID: "T9-R9-C9", AnswerText: "x"}})
	fmt.Println(errors.Is(err, formfill.ErrInvalidArgument), strings.Contains(err.Error(), "T9-R9-C9"))
	// Output:
	// true true
}
