package reuse

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestStemMakesInflectionsOfOneWordEqual(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"encrypted", "encrypting"},
		{"encrypts", "encrypt"},
		{"policies", "policy"},
		{"identified", "identify"},
		{"enforced", "enforce"},
		{"configuration", "configured"},
		{"backgrounded", "background"},
	} {
		if sa, sb := stem(tc.a), stem(tc.b); sa != sb {
			t.Errorf("stem(%q) = %q, stem(%q) = %q: want the same stem", tc.a, sa, tc.b, sb)
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"access", "acces"}, // a double s is no plural
		{"data", "date"},    // short words stay as they are
		{"status", "state"},
		{"supply", "supp"}, // an ending "ly" needs a long stem
		{"apply", "app"},
	} {
		if sa, sb := stem(tc.a), stem(tc.b); sa == sb {
			t.Errorf("stem(%q) = stem(%q) = %q: want them apart", tc.a, tc.b, sa)
		}
	}
}

// A checklist's next version drops "Verify that": the requirement is the
// same question, known; a requirement reworded beyond its framing is not.
func TestCarryCutsFramingBeforeComparing(t *testing.T) {
	prev := []formats.HarvestedAnswer{
		{ID: "A1", QuestionID: "Q1", Question: "Verify that no sensitive data is written to application logs.", Answer: "Pass"},
		{ID: "A2", QuestionID: "Q2", Question: "Verify that the app removes sensitive data from views when backgrounded.", Answer: "Fail"},
	}
	for _, tc := range []struct {
		question, want string
		conf           formats.Confidence
	}{
		{"No sensitive data is written to application logs.", "Pass", formats.Known},
		{"The app removes sensitive data from views when moved to the background.", "Fail", formats.Uncertain},
	} {
		res := Carry(prev, []formats.Target{{ID: "T", QuestionID: "Q", Question: tc.question}}, nil)
		if len(res.Answers) != 1 || res.Answers[0].AnswerText != tc.want || res.Answers[0].Confidence != tc.conf {
			t.Errorf("%q: got %+v, want %q %s", tc.question, res.Answers, tc.want, tc.conf)
		}
	}
}

// A word every question shares weighs little: two questions alike only
// in boilerplate stay apart, two sharing their rare words match.
func TestWeightsDiscountWordsMostQuestionsShare(t *testing.T) {
	boiler := " established, documented, approved, communicated, applied, evaluated and maintained?"
	prev := []formats.HarvestedAnswer{
		{ID: "A1", QuestionID: "Q1", Question: "Are encryption key rotation procedures" + boiler, Answer: "Yes"},
	}
	// As in CAIQ v4, most questions end in the same boilerplate.
	for i, subject := range []string{"human resources hiring", "vendor offboarding", "change control", "logging and monitoring",
		"threat intelligence", "asset inventory", "backup restoration", "secure development"} {
		id := string(rune('B' + i))
		prev = append(prev, formats.HarvestedAnswer{ID: id, QuestionID: "Q" + id, Question: "Are " + subject + " policies" + boiler, Answer: id})
	}
	prev = append(prev, formats.HarvestedAnswer{ID: "Z", QuestionID: "QZ", Question: "Do you hold ISO 27001 certification?", Answer: "Yes"})
	targets := []formats.Target{
		{ID: "T1", QuestionID: "N1", Question: "Are physical badge access policies" + boiler},
		{ID: "T2", QuestionID: "N2", Question: "Do you rotate encryption keys on a schedule?"},
	}
	res := Carry(prev, targets, nil)
	got := map[string]string{}
	for _, a := range res.Answers {
		got[a.PairID] = a.From.ID
	}
	if _, ok := got["T1"]; ok {
		t.Errorf("T1 shares only boilerplate, yet took %s's answer", got["T1"])
	}
	if got["T2"] != "A1" {
		t.Errorf("T2 (encryption keys, rotation) took %q, want A1", got["T2"])
	}
}

// The same question on two sheets (a workbook's Android and iOS tabs)
// takes the answer of the sheet with its sheet's name, known.
func TestCarryPrefersTheSameSheet(t *testing.T) {
	prev := []formats.HarvestedAnswer{
		{ID: "S3-R5-C5", QuestionID: "S3-R5-C3", Question: "The app detects being run in an emulator.", Answer: "Pass", Sheet: "Android"},
		{ID: "S5-R5-C5", QuestionID: "S5-R5-C3", Question: "The app detects being run in an emulator.", Answer: "Fail", Sheet: "iOS"},
	}
	targets := []formats.Target{
		{ID: "S4-R9-C7", QuestionID: "S4-R9-C4", Question: "The app detects being run in an emulator."},
		{ID: "S2-R9-C7", QuestionID: "S2-R9-C4", Question: "The app detects being run in an emulator."},
	}
	res := carry(prev, targets, nil, map[string]string{"S4-R9-C7": "iOS", "S2-R9-C7": "Android"}, nil)
	want := map[string]string{"S4-R9-C7": "Fail", "S2-R9-C7": "Pass"}
	if len(res.Answers) != 2 {
		t.Fatalf("want both carried, got %+v", res.Answers)
	}
	for _, a := range res.Answers {
		if a.AnswerText != want[a.PairID] || a.Confidence != formats.Known {
			t.Errorf("%s: got %q %s, want %q known", a.PairID, a.AnswerText, a.Confidence, want[a.PairID])
		}
	}
	// Without sheets the tie stays a tie: uncertain.
	res = Carry(prev, targets[:1], nil)
	if len(res.Answers) != 1 || res.Answers[0].Confidence != formats.Uncertain {
		t.Errorf("without sheets: got %+v, want one uncertain answer", res.Answers)
	}
}

func TestCanonicalJoinsQuestionnaireSynonyms(t *testing.T) {
	for _, tc := range [][]string{
		{"vendor", "providers", "suppliers"},
		{"employees", "staff", "personnel"},
		{"organisation", "organization", "company"},
		{"devices", "endpoints"},
		{"authorisation", "authorization"},
	} {
		for _, w := range tc[1:] {
			if a, b := canonical(tc[0]), canonical(w); a != b {
				t.Errorf("canonical(%q) = %q, canonical(%q) = %q: want one stem", tc[0], a, w, b)
			}
		}
	}
}
