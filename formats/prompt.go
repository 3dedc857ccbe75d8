package formats

import (
	"strings"
	"unicode"
)

// What a form puts in an answer's place before anyone answers: Excel's
// target detection reads it as a blank to write over (blankText,
// promptCell), and harvest must not read it back as an answer. One
// definition serves both, so that harvest leaves open what Excel offers
// as open. Word keeps its own patterns (formats/word blanks.go,
// placeholder.go), which find blanks inside running text.

// MaxPlaceholder bounds the text read as a placeholder: longer text is a
// sentence that happens to hold a bracket or a date mask.
const MaxPlaceholder = 120

// PlaceholderText matches text that stands for a blank: bracketed
// prompts, underscores, date masks, "enter …" instructions, a dummy
// phone number. IsPlaceholder and LeadsWithPlaceholder run it written
// out by hand (promptmatch.go); it stays the definition they are tested
// against.
var PlaceholderText = MustPattern(`(?i)<[^<>]{1,60}>|\[[^\]]{0,60}\]|\{\{[^}]*\}\}|_{3,}|\.{4,}|…|\b(mm|dd)[/.-](dd|mm)[/.-](yy|yyyy)\b|\byyyy[/.-]mm([/.-]dd)?\b|^(please )?(enter|insert|type|select|choose|click|add|fill in)\b|\b(click|tap) here\b|^see instructions?\b|^x{3,}$|\b555-\d{3}-\d{4}\b`)

// IsPlaceholder reports text that stands for a blank ("mm/dd/yyyy",
// "[Company name]", "Click or tap here to enter text.", "555-555-5555").
func IsPlaceholder(s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && len(s) <= MaxPlaceholder && matchesPlaceholder(s)
}

// LeadsWithPlaceholder reports text that opens with a placeholder
// ("[Company Name]", "mm/dd/yyyy", "<Select One>", "{{ tenant.name }}"):
// what a form left for the respondent to write over. An answer that only
// holds one further in ("Yes [see the SOC 2 report]") is an answer.
func LeadsWithPlaceholder(s string) bool {
	s = strings.TrimSpace(s)
	// The leftmost match starts at 0 when any match does.
	return s != "" && len(s) <= MaxPlaceholder && placeholderAt(s, 0)
}

// selectPrompt matches a list's entry asking for a choice ("<Select
// One>", "-- choose --", "Please select").
var selectPrompt = MustPattern(`(?i)^\W*(please )?(select|choose|pick)\b`)

// IsSelectPrompt reports a list entry that asks for a choice instead of
// being one: a list left at it is unanswered.
func IsSelectPrompt(s string) bool { return selectPrompt.MatchString(strings.TrimSpace(s)) }

// maxPromptWords bounds a prompt: a sentence repeating the question's
// words ("a. Authorize internal connections of …" under "Internal System
// Connections") answers it.
const maxPromptWords = 10

// EchoesLabel reports whether text, a few words, repeats every word of
// label (of three letters or more): a prompt the respondent overwrites
// ("Vendor Name" beside "Vendor Name", "Brief Description of the
// Product" beside "Product Description"), not an answer.
func EchoesLabel(label, text string) bool {
	if len(strings.Fields(text)) > maxPromptWords {
		return false
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), notLetter) {
		words[w] = true
	}
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(label), notLetter) {
		if len(w) < 3 {
			continue
		}
		if !words[w] {
			return false
		}
		n++
	}
	return n > 0
}

func notLetter(r rune) bool { return !unicode.IsLetter(r) }
