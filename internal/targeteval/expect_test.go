package targeteval

import "testing"

func TestQuestionAgreesByNormalisedContainment(t *testing.T) {
	tests := []struct {
		e    Expect
		got  string
		want bool
	}{
		{Expect{Question: "Geburtsdatum"}, "Geburts- datum", true},
		{Expect{Question: "Brief details of claim"}, "Brief details of claim:", true},
		{Expect{Question: "If your appeal is late, explain why"}, "5.1 If your appeal is late, explain why and send any evidence", true},
		{Expect{Question: "NOM, Prénom", Also: []string{"Je soussigné(e)"}}, "Je soussigné(e),", true},
		{Expect{Question: "Sexe"}, "Personne physique", false},
		{Expect{Question: "No"}, "Claim no.", true},
		{Expect{Question: "No"}, "Notes", false},
		{Expect{Question: "DÉCLARATION de"}, "de", false},
		{Expect{Question: "Value"}, "", false},
	}
	for _, tt := range tests {
		if got := tt.e.QuestionAgrees(tt.got); got != tt.want {
			t.Errorf("%+v agrees with %q: %v, want %v", tt.e, tt.got, got, tt.want)
		}
	}
}

func TestIsFieldName(t *testing.T) {
	tests := []struct {
		q, name string
		want    bool
	}{
		{"txtNoms", "topmostSubform[0].Page1[0].txtNoms[0]", true},
		{"txtNoms[0]", "topmostSubform[0].Page1[0].txtNoms[0]", true},
		{"Text21", "Text21", true},
		{"Claimant(s) name(s)", "Text21", false},
		{"", "Text21", false},
	}
	for _, tt := range tests {
		if got := IsFieldName(tt.q, tt.name); got != tt.want {
			t.Errorf("IsFieldName(%q, %q) = %v, want %v", tt.q, tt.name, got, tt.want)
		}
	}
}

func TestOptionsNamedCountsPrintedLabels(t *testing.T) {
	e := Expect{Options: map[string]string{"1": "Perte", "2": "Vol"}}
	if n, of := e.OptionsNamed([]string{"Perte", "2"}); n != 1 || of != 2 {
		t.Errorf("OptionsNamed = %d of %d, want 1 of 2", n, of)
	}
}

func TestNearTextsReadsTheMapLines(t *testing.T) {
	got := nearTexts("F1: \"Email\" (text) — empty [page 1, name \"email\", near \"Email:\"] ← answer target\nF2: \"x\" (text) — empty [page 1, name \"x\"]")
	if got["F1"] != "Email:" || got["F2"] != "" {
		t.Errorf("nearTexts = %q", got)
	}
}
