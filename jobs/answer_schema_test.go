package jobs

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// The write_answers schema offers every field of formats.Answer and every
// mode the engines accept, so an agent can use what the engine can do.
func TestAnswerSchemaCoversTheAnswerType(t *testing.T) {
	props := answerItems["properties"].(map[string]any)
	typ := reflect.TypeOf(formats.Answer{})
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if _, ok := props[name]; !ok {
			t.Errorf("answers schema lacks %q (formats.Answer.%s)", name, typ.Field(i).Name)
		}
	}
	if len(props) != typ.NumField() {
		t.Errorf("schema has %d properties, formats.Answer %d fields", len(props), typ.NumField())
	}
	modes := props["mode"].(map[string]any)["enum"].([]string)
	for _, m := range formats.Modes {
		if !slices.Contains(modes, string(m)) {
			t.Errorf("mode enum lacks %q", m)
		}
	}
	if len(modes) != len(formats.Modes) {
		t.Errorf("mode enum %v, formats.Modes %v", modes, formats.Modes)
	}
}
