package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestReadDocFromFixtureOrPath(t *testing.T) {
	fixture, err := readDoc("word/two_column.docx")
	if err != nil || len(fixture) == 0 {
		t.Fatalf("fixture: %d bytes, %v", len(fixture), err)
	}
	p := filepath.Join(t.TempDir(), "copy.docx")
	if err := os.WriteFile(p, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	fromFile, err := readDoc(p)
	if err != nil || string(fromFile) != string(fixture) {
		t.Fatalf("file: %d bytes, %v", len(fromFile), err)
	}
	if _, err := readDoc("word/no_such_fixture.docx"); err == nil || !strings.Contains(err.Error(), "no fixture") {
		t.Errorf("unknown name: err = %v, want the fixture registry's error", err)
	}
}

func TestDisplayName(t *testing.T) {
	for in, want := range map[string]string{
		"word/two_column.docx":             "word/two_column.docx",
		"/work/shared/forms/irs_f1040.pdf": "irs_f1040.pdf",
		"../shared/forms/caiq_v3.0.1.xlsx": "caiq_v3.0.1.xlsx",
		"./local.docx":                     "local.docx",
	} {
		if got := displayName(in); got != want {
			t.Errorf("displayName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnswerForMatchesFieldKind(t *testing.T) {
	tests := []struct {
		field fieldSpec
		want  string
	}{
		{fieldSpec{kind: "checkbox"}, "true"},
		{fieldSpec{kind: "dropdown", options: []string{"A", "B"}}, "B"},
		{fieldSpec{kind: "text", id: "T1-R2-C2"}, "T1-R2-C2"},
	}
	for _, tt := range tests {
		if got := answerFor(tt.field.formField()); !strings.Contains(got, tt.want) {
			t.Errorf("answerFor(%+v) = %q, want it to contain %q", tt.field, got, tt.want)
		}
	}
}

type fieldSpec struct {
	id, kind string
	options  []string
}

func (f fieldSpec) formField() formats.FormField {
	return formats.FormField{FieldID: f.id, FieldType: f.kind, Options: f.options}
}
