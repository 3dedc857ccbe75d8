package fillinput

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestLoadAnswersNamesWhatIsWrong: each bad answers file is refused with
// the file's path and words that say what was expected; a misspelt field
// comes with the fields an answer accepts.
func TestLoadAnswersNamesWhatIsWrong(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"empty file", "  \n", []string{"is empty", "expected a JSON array"}},
		{"misspelt field", `[{"pair_id":"S1-R7-C3","value":"Acme"}]`,
			[]string{`unknown field "value"`, "the fields it accepts are", "pair_id", "answer_text", "mode", "confidence"}},
		{"object instead of array", `{"pair_id":"S1-R7-C3"}`, []string{"expected a JSON array of objects"}},
		{"malformed JSON", `[{"pair_id":}]`, []string{"expected a JSON array of objects"}},
		{"empty list", `[]`, []string{"the list is empty", "{pair_id, answer_text}"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "answers.json")
			if err := os.WriteFile(path, []byte(tc.body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := LoadAnswers(path)
			if err == nil {
				t.Fatalf("%s was accepted", tc.body)
			}
			for _, w := range append(tc.want, path) {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestFieldNames: the listed names are the JSON names (tags, options cut,
// "-" left out, embedded structs flattened) of a slice's or a struct's
// fields, and nothing for other types.
func TestFieldNames(t *testing.T) {
	type inner struct {
		Deep string `json:"deep"`
	}
	type entry struct {
		inner
		Name    string `json:"name,omitempty"`
		Skipped string `json:"-"`
		Plain   int
		hidden  int
	}
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"slice of structs", &[]entry{}, "deep,name,Plain"},
		{"struct", &entry{}, "deep,name,Plain"},
		{"answers", &[]formats.Answer{}, ""},
		{"map", &map[string]any{}, ""},
		{"string", new(string), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(fieldNames(reflect.TypeOf(tc.v)), ",")
			if tc.name == "answers" {
				if !strings.HasPrefix(got, "pair_id,") || !strings.Contains(got, "answer_text") {
					t.Errorf("answers' fields %q", got)
				}
				return
			}
			if got != tc.want {
				t.Errorf("fieldNames = %q, want %q", got, tc.want)
			}
		})
	}
}
