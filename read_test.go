package formfill

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

func agreementForTests(t *testing.T) []byte {
	t.Helper()
	doc, err := os.ReadFile("testdata/word/two_column.docx")
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestReadDocumentPagesTheRows(t *testing.T) {
	ctx := context.Background()
	doc := agreementForTests(t)
	toon, err := ReadDocument(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(toon.Text(), "\n"); toon.Total < 3 || lines != toon.Total+1 {
		t.Fatalf("whole TOON view: %d lines for %d rows, want the schema line and one per row", lines, toon.Total)
	}
	all, err := ReadDocument(ctx, doc, ViewFormat("json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Nodes) != toon.Total {
		t.Fatalf("whole JSON view: %d of %d rows", len(all.Nodes), toon.Total)
	}
	page, err := ReadDocument(ctx, doc, Page(1, 2, 0), ViewFormat("json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Nodes) != 2 || page.Nodes[0].ID != all.Nodes[1].ID || page.NextOffset != 3 {
		t.Errorf("page 1+2: %d rows from %q, next %d; want 2 rows from %q, next 3", len(page.Nodes), page.Nodes[0].ID, page.NextOffset, all.Nodes[1].ID)
	}
	if !strings.HasPrefix(page.Text(), "{") {
		t.Errorf("json view's text starts %.20q, want a JSON object", page.Text())
	}
	if _, err := ReadDocument(ctx, doc, ViewFormat("yaml")); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("format yaml: %v, want ErrInvalidArgument", err)
	}
}

func TestSearchFindsTheElementsThatHoldThePattern(t *testing.T) {
	ctx := context.Background()
	doc := agreementForTests(t)
	m, err := Extract(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	word := firstWord(t, m.CompactText)
	r, err := Search(ctx, doc, strings.ToUpper(word))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Matches) == 0 {
		t.Fatalf("no element holds %q (upper-cased)", word)
	}
	if _, err := Search(ctx, doc, "(", Regex()); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("a bad regular expression: %v, want ErrInvalidArgument", err)
	}
	none, err := Search(ctx, doc, "no such text anywhere in it")
	if err != nil || len(none.Matches) != 0 {
		t.Errorf("absent text: %d matches, %v; want none", len(none.Matches), err)
	}
}

// firstWord is a word of at least five letters of the map's text.
func firstWord(t *testing.T, text string) string {
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') }) {
		if len(w) >= 5 {
			return w
		}
	}
	t.Fatalf("no word in %q", text)
	return ""
}

func TestOptionsThatDoNotApplyAreRefused(t *testing.T) {
	ctx := context.Background()
	doc := agreementForTests(t)
	tests := []struct {
		name   string
		call   func() error
		option string // "" when the options apply
	}{
		{"DryRun to Extract", func() error { _, err := Extract(ctx, doc, DryRun()); return err }, "DryRun"},
		{"Regex to ReadDocument", func() error { _, err := ReadDocument(ctx, doc, Regex()); return err }, "Regex"},
		{"Source to Write", func() error { _, err := Write(ctx, doc, nil, Source(doc)); return err }, "Source"},
		{"Page to Extract", func() error { _, err := Extract(ctx, doc, Page(0, 5, 0)); return err }, "Page"},
		{"TrackChanges to Verify", func() error { _, err := Verify(ctx, doc, nil, TrackChanges("")); return err }, "TrackChanges"},
		{"Name to Search", func() error { _, err := Search(ctx, doc, "a", Name("q.docx"), Page(0, 1, 0)); return err }, ""},
		{"DryRun to Fill", func() error { _, _, err := Fill(ctx, doc, nil, DryRun(), FontDirs()); return err }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.call()
			if tt.option == "" {
				if err != nil {
					t.Fatalf("%v, want success", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), tt.option) || !strings.Contains(err.Error(), "applies to") {
				t.Errorf("%v, want ErrInvalidArgument naming %s and where it applies", err, tt.option)
			}
		})
	}
}

func TestErrorsNameTheCall(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		call string
		run  func() error
		want error
	}{
		{"extract", func() error { _, err := Extract(ctx, []byte("hello")); return err }, ErrUnsupported},
		{"read document", func() error { _, err := ReadDocument(ctx, []byte("hello")); return err }, ErrUnsupported},
		{"search", func() error { _, err := Search(ctx, []byte("hello"), "x"); return err }, ErrUnsupported},
		{"validate", func() error { _, err := Validate(ctx, []byte("hello"), nil); return err }, ErrUnsupported},
		{"parse crosswalk", func() error { _, err := ParseCrosswalk("m.csv", []byte("hello")); return err }, ErrInvalidArgument},
	} {
		err := tt.run()
		if !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), tt.call+": ") {
			t.Errorf("%s of a text file: %v, want %v prefixed %q", tt.call, err, tt.want, tt.call+": ")
		}
	}
}
