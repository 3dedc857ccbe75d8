package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options inside a bracketed prompt. A template's prompt mostly names
// what to type ("<First Service or Feature Name>", "<Port/Circuit
// Numbers>", "[Base salary or hourly amount]"): its "or" and "/" join the
// words of one description, not choices. It lists choices when a lead-in
// says so ("<Choose one: High, Moderate, Low>") or when it is a short
// run of single words that do not repeat the field's own label
// ("<Satisfied/Other-Than-Satisfied/Pending>" under "Outcome", not
// "<Suite/Room/Building>" beside "Suite/Room/Building").

const (
	maxLeadInRunes  = 120 // a lead-in list ("<Choose one: …>") is explicit: longer than a hint
	maxLeadInOption = 60  // one of its options ("Joint Authorization Board Provisional Authorization")
	maxLeadInWords  = 6
)

var (
	// choiceLeadIn opens a prompt that introduces its options: "Choose
	// one:", "Select:", "Pick one", "One of:". Without a colon the verb
	// must be followed by what it offers ("<Select Yes/No>").
	choiceLeadIn = regexp.MustCompile(`(?i)^(?:(?:choose|select|pick)(?:\s+one)?(?:\s*:\s*|\s+)|one\s+of\s*:\s*)`)
	// leadInSplit separates the options of a lead-in list that has commas
	// or "or": "High, Moderate, or Low", "IAL3/FAL3/AAL3, IAL2/FAL2/AAL2"
	// (the slashes are inside options), "Yes or No".
	leadInSplit = regexp.MustCompile(`(?i)\s*(?:,\s*(?:(?:or|and)\s+)?|\s+or\s+)\s*`)
)

// enclosed returns the text inside a prompt that is one bracketed span,
// "<…>" or "[…]", and reports whether text is one; "<A> <B>" is two.
func enclosed(text string) (string, bool) {
	if len(text) < 2 {
		return "", false
	}
	open, end := text[0], text[len(text)-1]
	if !(open == '<' && end == '>' || open == '[' && end == ']') {
		return "", false
	}
	inner := text[1 : len(text)-1]
	if strings.IndexByte(inner, open) >= 0 || strings.IndexByte(inner, end) >= 0 {
		return "", false
	}
	return strings.TrimSpace(inner), true
}

// placeholderOptions lists the options a bracketed prompt's inner text
// offers; nil when it names a value to type. After a lead-in the list is
// explicit (leadInOptions); otherwise it must say "/" or "or" between
// options of one word each: "First Service or Feature Name" is the name
// of a service or feature, not "First Service" or "Feature Name", and
// "[Legal name of employer]" is no run of options.
func placeholderOptions(inner string) []string {
	if loc := choiceLeadIn.FindStringIndex(inner); loc != nil {
		return leadInOptions(inner[loc[1]:])
	}
	if !strings.Contains(inner, "/") && !orWord.MatchString(inner) {
		return nil
	}
	opts := lineOptions(inner)
	for _, o := range opts {
		if len(strings.Fields(o)) > 1 {
			return nil
		}
	}
	return opts
}

// leadInOptions splits the list after a lead-in: at commas and "or" when
// it has them, else at slashes ("High/Moderate/ Low").
func leadInOptions(list string) []string {
	list = strings.TrimSpace(list)
	if utf8.RuneCountInString(list) > maxLeadInRunes || strings.ContainsAny(list, ".:;?\n") {
		return nil
	}
	var parts []string
	if strings.Contains(list, ",") || orWord.MatchString(list) {
		parts = leadInSplit.Split(list, -1)
	} else {
		parts = strings.Split(list, "/")
	}
	if len(parts) < 2 || dateFormat(parts) {
		return nil
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || utf8.RuneCountInString(p) > maxLeadInOption || len(strings.Fields(p)) > maxLeadInWords {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// asksLabelCheck reports a hint read from a bracketed prompt without a
// lead-in: whether it lists choices depends on the field's label
// (repeatsLabel), which only the cell's table knows.
func asksLabelCheck(text string) bool {
	inner, ok := enclosed(strings.TrimSpace(text))
	return ok && !choiceLeadIn.MatchString(inner)
}

// repeatsLabel reports options of which one is a word of the field's
// labels: "<Suite/Room/Building>" beside "Suite/Room/Building",
// "<Company/Organization>" beside "Company / Organization" name the field,
// while "<Satisfied/Pending>" under "Outcome" lists its values.
func repeatsLabel(opts, labels []string) bool {
	words := map[string]bool{}
	for _, l := range labels {
		for _, w := range strings.FieldsFunc(strings.ToLower(l), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			words[w] = true
		}
	}
	for _, o := range opts {
		if words[strings.ToLower(o)] {
			return true
		}
	}
	return false
}

// fieldLabels are the texts naming the field of cell ci: its row's
// question and its column's header.
func (ti *tableInfo) fieldLabels(ci *cellInfo) []string {
	var out []string
	if q := ti.rowQuestion(ci.row, ci); q != nil {
		out = append(out, q.text)
	}
	if h := ti.headerText(ci); h != "" {
		out = append(out, h)
	}
	return out
}
