package batch

import (
	"strings"
	"testing"
)

func TestParseManifest(t *testing.T) {
	tests := []struct {
		name, data string
		n          int
		errHas     string
	}{
		{"json array", `[{"file": "a.docx", "answers": "a.json"}, {"file": "b.pdf", "answers": []}]`, 2, ""},
		{"json lines with comments", "# docs\n{\"file\": \"a.docx\", \"answers\": \"a.json\"}\n\n{\"file\": \"b.pdf\", \"answers\": \"b.json\", \"type\": \"pdf\"}\n", 2, ""},
		{"bad line named", "{\"file\": \"a.docx\", \"answers\": \"a.json\"}\n{\"file\": \"b.docx\"\n", 0, "line 2"},
		{"unknown field", `[{"file": "a.docx", "answer": "a.json"}]`, 0, `unknown field "answer"`},
		{"empty", "  \n", 0, "is empty"},
		{"no documents", "# only a comment\n", 0, "lists no documents"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseManifest("m", []byte(tt.data))
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %v, want %q", err, tt.errHas)
				}
				return
			}
			if err != nil || len(got) != tt.n {
				t.Fatalf("got %d entries, %v; want %d", len(got), err, tt.n)
			}
		})
	}
}

func TestResolveItems(t *testing.T) {
	entries, err := ParseManifest("m", []byte(`[
		{"file": "a/form.docx", "answers": "a.json"},
		{"file": "b/form.docx", "answers": [{"pair_id": "P1", "answer_text": "x"}]},
		{"file": "/abs/c.pdf", "answers": "c.json", "output": "c-out.pdf"}]`))
	if err != nil {
		t.Fatal(err)
	}
	items, err := ResolveItems("/m/manifest.json", "/out", entries, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ file, output, answers string }{
		{"/m/a/form.docx", "/out/0001-form.docx", "/m/a.json"},
		{"/m/b/form.docx", "/out/0002-form.docx", ""},
		{"/abs/c.pdf", "/out/c-out.pdf", "/m/c.json"},
	}
	for i, w := range want {
		if it := items[i]; it.File != w.file || it.Output != w.output || it.answersPath != w.answers {
			t.Errorf("item %d = %+v, want %+v", i+1, *it, w)
		}
	}
	dup, _ := ParseManifest("m", []byte(`[{"file": "a.docx", "answers": "a", "output": "x.docx"}, {"file": "b.docx", "answers": "b", "output": "x.docx"}]`))
	if _, err := ResolveItems("m.json", "/out", dup, false); err == nil || !strings.Contains(err.Error(), "entries 1 and 2 both write") {
		t.Fatalf("duplicate outputs: %v", err)
	}
	for _, out := range []string{"/abs/c-out.pdf", "../c-out.pdf", "sub/../../c-out.pdf"} {
		escaping, _ := ParseManifest("m", []byte(`[{"file": "c.pdf", "answers": "c.json", "output": "`+out+`"}]`))
		if _, err := ResolveItems("m.json", "/out", escaping, false); err == nil || !strings.Contains(err.Error(), "outside --out-dir") {
			t.Errorf("output %s: %v, want a refusal: outside --out-dir", out, err)
		}
	}
	noAnswers, _ := ParseManifest("m", []byte(`[{"file": "a.docx"}]`))
	if _, err := ResolveItems("m.json", "/out", noAnswers, false); err == nil || !strings.Contains(err.Error(), `"answers" is missing`) {
		t.Fatalf("missing answers: %v", err)
	}
}

func FuzzParseManifest(f *testing.F) {
	f.Add([]byte(`[{"file": "a.docx", "answers": "a.json"}]`))
	f.Add([]byte("{\"file\": \"a.docx\", \"answers\": [{\"pair_id\": \"P1\"}]}\n# c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := ParseManifest("m", data)
		if err != nil {
			return
		}
		if len(entries) == 0 {
			t.Fatal("no error and no entries")
		}
		if _, err := ResolveItems("m.json", "out", entries, false); err != nil && err.Error() == "" {
			t.Fatal("empty error message")
		}
	})
}
