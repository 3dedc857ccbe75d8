package targeteval

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"github.com/formfill/formfill/formats"
)

// TestEveryTargetHasAHumanQuestion checks every target formfill finds on
// every labelled document (all formats) for a question a person can read:
// not empty, not punctuation or brackets alone ("[]", ":"), and not the
// stock placeholder text of a content control ("Choose an item.").
func TestEveryTargetHasAHumanQuestion(t *testing.T) {
	for _, d := range labelledDocs(t) {
		e, err := formats.Lookup(d.ft)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := e.ExtractCompact(d.data)
		if err != nil {
			t.Errorf("%s: %v", d.Document, err)
			continue
		}
		var bad []string
		for _, tg := range cs.Targets {
			key := d.Document + "!" + tg.ID
			why := unreadableQuestion(tg.Question)
			if _, known := knownUnreadable[key]; known {
				if why == "" {
					t.Errorf("%s now has a readable question (%q): remove it from knownUnreadable", key, tg.Question)
				}
				continue
			}
			if why != "" {
				bad = append(bad, fmt.Sprintf("%s %s (%q)", tg.ID, why, clip(tg.Question, 40)))
			}
		}
		if len(bad) > 0 {
			t.Errorf("%s: %d of %d targets have no readable question: %s", d.Document, len(bad), len(cs.Targets), head(bad, 8))
		}
	}
}

// knownUnreadable are targets whose question another branch fixes, by
// document!ID, with why; the test fails when one reads again, so the list
// only shrinks.
var knownUnreadable = map[string]string{}

// stockPrompts are the placeholder texts Word and its templates put in an
// empty control: what the control shows, never what it asks.
var stockPrompts = []string{"click or tap here to enter text", "click here to enter text", "click or tap to enter a date",
	"click here to enter a date", "choose an item", "choose an option", "select an option", "enter text here", "type here"}

// unreadableQuestion says why q is not a question a person can read, or
// "" when it is one.
func unreadableQuestion(q string) string {
	t := strings.TrimSpace(q)
	if t == "" {
		return "has an empty question"
	}
	if !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
		return "has a question of punctuation only"
	}
	l := strings.ToLower(strings.Trim(t, " .…:"))
	for _, p := range stockPrompts {
		if strings.HasPrefix(l, p) {
			return "has a control's placeholder text as its question"
		}
	}
	return ""
}

func TestUnreadableQuestion(t *testing.T) {
	tests := []struct {
		q    string
		want bool
	}{
		{"Company legal name", false},
		{"1.1", false},
		{"", true},
		{"  ", true},
		{"[]", true},
		{": —", true},
		{"Choose an option…", true},
		{"Click or tap here to enter text.", true},
	}
	for _, tt := range tests {
		if got := unreadableQuestion(tt.q) != ""; got != tt.want {
			t.Errorf("unreadableQuestion(%q) flags %v, want %v", tt.q, got, tt.want)
		}
	}
}
