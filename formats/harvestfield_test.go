package formats

import "testing"

// TestFieldAnswer: a field's value reads back as an answer only when
// someone answered: an unticked box, and a text field still holding the
// blank, placeholder or prompt the form put there, are no answer.
func TestFieldAnswer(t *testing.T) {
	text := func(v string) FormField { return FormField{FieldType: "text", CurrentValue: v} }
	for _, tc := range []struct {
		name     string
		field    FormField
		kind     TargetKind
		question string
		want     string
	}{
		{"typed text", text(" Acme Ltd "), TargetText, "Vendor Name", "Acme Ltd"},
		{"underscore blank left as drawn", text("_______________"), TargetText, "Name", ""},
		{"dotted blank left as drawn", text("……….."), TargetText, "Name", ""},
		{"a number is an answer", text("0"), TargetText, "Employees", "0"},
		{"ticked box", FormField{FieldType: "checkbox", CurrentValue: "/Yes"}, TargetCheckbox, "", "Yes"},
		{"unticked box", FormField{FieldType: "checkbox", CurrentValue: "Off"}, TargetCheckbox, "", ""},
		{"a date mask left in place", text("mm/dd/yyyy"), TargetText, "Date", ""},
		{"a dummy phone number", text("555-555-5555"), TargetText, "Vendor Contact Phone Number", ""},
		{"the prompt repeating the question", text("Vendor Name"), TargetText, "Vendor Name", ""},
		{"a longer prompt repeating the numbered question", text("Brief Description of the Product"), TargetText, "GNRL-03 Product Description", ""},
		{"an answer sharing a word with the question", text("Acme Product Suite"), TargetText, "Product Description", "Acme Product Suite"},
		{"a chosen option holding brackets", FormField{FieldType: "list", CurrentValue: "Practically impossible [1]"}, TargetList, "Ease of discovery", "Practically impossible [1]"},
		{"a list left at its prompt", FormField{FieldType: "list", CurrentValue: "<Select One>"}, TargetList, "Certification approved", ""},
		{"an answer with a bracketed note", text("Yes [see the SOC 2 report]"), TargetText, "Do you have an audit?", "Yes [see the SOC 2 report]"},
		{"a template marker", text("{{ tenant.name }}"), TargetText, "Tenant name", ""},
		{"a real phone number", text("+1 617 555 0100"), TargetText, "Vendor Contact Phone Number", "+1 617 555 0100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := Target{Kind: tc.kind, Question: tc.question}
			if tc.kind == TargetList {
				tg.Options = []string{"<Select One>", "Practically impossible [1]", "Easy [5]"}
			}
			if got := fieldAnswer(tc.field, tg); got != tc.want {
				t.Errorf("fieldAnswer(%q) under %q = %q, want %q", tc.field.CurrentValue, tc.question, got, tc.want)
			}
		})
	}
}

func TestEchoesLabel(t *testing.T) {
	for _, tc := range []struct {
		label, text string
		want        bool
	}{
		{"Vendor Name", "Vendor Name", true},
		{"Product Description", "Brief Description of the Product", true},
		{"Vendor Name", "Acme", false},
		{"Do you encrypt data?", "Yes, we encrypt data", false}, // "you" is not repeated
		{"ID", "ID", false},                                     // no word of three letters: nothing to echo
	} {
		if got := EchoesLabel(tc.label, tc.text); got != tc.want {
			t.Errorf("EchoesLabel(%q, %q) = %v, want %v", tc.label, tc.text, got, tc.want)
		}
	}
}
