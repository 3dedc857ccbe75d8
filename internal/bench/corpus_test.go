package bench

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestReadDocFromBuiltinOrPath(t *testing.T) {
	fixture, err := readDoc("word/two_column.docx")
	if err != nil || len(fixture) == 0 {
		t.Fatalf("built-in: %d bytes, %v", len(fixture), err)
	}
	p := filepath.Join(t.TempDir(), "copy.docx")
	if err := os.WriteFile(p, fixture, 0o600); err != nil {
		t.Fatal(err)
	}
	fromFile, err := readDoc(p)
	if err != nil || string(fromFile) != string(fixture) {
		t.Fatalf("file: %d bytes, %v", len(fromFile), err)
	}
	if _, err := readDoc("word/no_such_fixture.docx"); err == nil || !strings.Contains(err.Error(), "not a built-in document (word/large_questionnaire.docx") {
		t.Errorf("unknown name: err = %v, want one listing the built-in documents", err)
	}
}

// The built-in corpus the binary carries is what the fixture builders make
// today: a builder changed without the copies would bench a stale document.
func TestBuiltinCorpusMatchesItsBuilders(t *testing.T) {
	for _, name := range DefaultDocs {
		carried, err := readDoc(name)
		if err != nil {
			t.Fatal(err)
		}
		built, err := fixtures.Build(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(carried, built) {
			t.Errorf("internal/bench/builtin/%s differs from its builder: copy testdata/%s over it", name, name)
		}
	}
}

// The formfill binary must not link the fixture builders: test code only.
func TestBinaryLinksNoFixtures(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../../cmd/formfill").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/formfill/formfill/internal/fixtures") {
			t.Fatalf("cmd/formfill depends on %s", dep)
		}
	}
	if !strings.Contains(string(out), "github.com/formfill/formfill/internal/bench") {
		t.Fatalf("go list printed no formfill packages, so proves nothing:\n%s", out)
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
