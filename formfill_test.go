package formfill

import (
	"context"
	"errors"
	"os"
	"testing"
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
