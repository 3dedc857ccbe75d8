package formats

import "testing"

// TestFieldAnswer: a field's value reads back as an answer only when
// someone answered: an unticked box, and a text field still holding the
// blank the form drew, are no answer.
func TestFieldAnswer(t *testing.T) {
	for _, tc := range []struct {
		name  string
		field FormField
		kind  TargetKind
		want  string
	}{
		{"typed text", FormField{FieldType: "text", CurrentValue: " Acme Ltd "}, TargetText, "Acme Ltd"},
		{"underscore blank left as drawn", FormField{FieldType: "text", CurrentValue: "_______________"}, TargetText, ""},
		{"dotted blank left as drawn", FormField{FieldType: "text", CurrentValue: "……….."}, TargetText, ""},
		{"a number is an answer", FormField{FieldType: "text", CurrentValue: "0"}, TargetText, "0"},
		{"ticked box", FormField{FieldType: "checkbox", CurrentValue: "/Yes"}, TargetCheckbox, "Yes"},
		{"unticked box", FormField{FieldType: "checkbox", CurrentValue: "Off"}, TargetCheckbox, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fieldAnswer(tc.field, tc.kind); got != tc.want {
				t.Errorf("fieldAnswer(%q) = %q, want %q", tc.field.CurrentValue, got, tc.want)
			}
		})
	}
}
