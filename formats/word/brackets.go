package word

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Bracketed text is a placeholder only when it stands where an answer
// goes: alone in its paragraph or cell, after a label ("Effective Date:
// [Insert start date of plan]"), or as a short prompt inside a sentence
// ("the Remediation Plan for [insert product/system]"). Inside running
// prose, a unit ("give a number in the unit shown, e.g. [MB]") or an
// example after "e.g." or "such as" is the instructions' own text, and
// filling it would rewrite them.

// maxProseBracket bounds a prompt inside a sentence; longer brackets are
// prompts only when they stand alone or start with an instruction.
const maxProseBracket = 80

// contactFields are lower-case bracketed field names a template asks for
// ("via [email] or [phone number]").
var contactFields = []string{"email", "e-mail", "phone", "telephone", "fax", "address", "signature", "website", "url"}

// unitWords are bracketed units of measure and currency.
var unitWords = map[string]bool{"kb": true, "mb": true, "gb": true, "tb": true, "pb": true, "kib": true, "mib": true, "gib": true,
	"tib": true, "b": true, "bytes": true, "kbps": true, "mbps": true, "gbps": true, "ms": true, "s": true, "sec": true, "h": true,
	"hrs": true, "hours": true, "min": true, "mins": true, "minutes": true, "days": true, "months": true, "years": true, "%": true,
	"usd": true, "eur": true, "gbp": true, "$": true, "€": true, "£": true, "°c": true, "°f": true, "kg": true, "km": true,
	"m": true, "cm": true, "mm": true, "iops": true, "tps": true, "rps": true, "qps": true, "vcpu": true, "vcpus": true,
	"cpu": true, "cpus": true, "cores": true, "ghz": true, "mhz": true, "users": true, "fte": true, "#": true, "qty": true, "pcs": true}

// exampleLeads introduce an example, not a blank.
var exampleLeads = []string{"e.g.", "eg.", "i.e.", "for example", "for instance", "such as", "like"}

// editorialNote starts a bracketed note of the drafter's ("[Optional: CIO
// Sign-off]", "[Drafting note: …]", "[Reserved]"), not a blank.
var editorialNote = regexp.MustCompile(`(?i)^(optional|note|drafting note|if applicable|reserved|alternative|alt\.?|placeholder for|tbd)\b`)

// bracketBlank decides a bracketed match of blankPattern at loc in text.
func bracketBlank(text string, loc []int) bool {
	if loc[0] > 0 && text[loc[0]-1] == '[' || loc[1] < len(text) && text[loc[1]] == ']' {
		return false // a [[…]] tag: scanMarkers reads it
	}
	inner := strings.TrimSpace(text[loc[0]+1 : loc[1]-1])
	if !(isPromptBracket(inner) || contactField(inner)) || quoted(text, loc) || editorialNote.MatchString(inner) {
		return false
	}
	if standsAlone(text, loc) {
		return true
	}
	if utf8.RuneCountInString(inner) > maxProseBracket && !promptWord.MatchString(inner) {
		return false
	}
	return !unitOrExample(text[:loc[0]], inner)
}

// contactField reports a lower-case bracketed contact field ("[email]",
// "[phone number]").
func contactField(inner string) bool {
	l := strings.ToLower(inner)
	for _, f := range contactFields {
		if l == f || strings.HasPrefix(l, f+" ") {
			return true
		}
	}
	return false
}

// standsAlone reports a bracket that is all its line holds, or all after
// a label's colon: the answer's place.
func standsAlone(text string, loc []int) bool {
	before := strings.TrimSpace(lineAround(text[:loc[0]], false))
	after := strings.TrimSpace(lineAround(text[loc[1]:], true))
	if strings.Trim(after, ".;,") != "" {
		return false
	}
	return before == "" || strings.HasSuffix(before, ":") || strings.HasSuffix(before, "：") || isBulletGlyph(before)
}

// lineAround cuts s to the line next to the bracket: the tail of s when
// the bracket follows it, the head when it comes first.
func lineAround(s string, head bool) string {
	if head {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			return s[:i]
		}
		return s
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// isBulletGlyph reports a typed bullet before a bracket ("• [List …]").
func isBulletGlyph(s string) bool {
	return s == "•" || s == "-" || s == "–" || s == "*" || s == "·" || s == "○"
}

// unitOrExample reports a bracket in prose that is a unit ("[MB]") or an
// example after "e.g." or "such as".
func unitOrExample(before, inner string) bool {
	if unitWords[strings.ToLower(inner)] {
		return true
	}
	b := before
	if len(b) > exampleReach && isASCII(b) {
		// Lower-casing ASCII keeps every byte in place, so its tail is the
		// tail's lower case: a long paragraph is not copied whole.
		b = b[len(b)-exampleReach:]
	}
	b = strings.ToLower(b)
	if len(b) > exampleReach {
		b = b[len(b)-exampleReach:]
	}
	for _, lead := range exampleLeads {
		i := strings.LastIndex(b, lead)
		if i < 0 || i > 0 && isWordByte(b[i-1]) || i+len(lead) < len(b) && isWordByte(b[i+len(lead)]) {
			continue
		}
		if rest := b[i+len(lead):]; !strings.ContainsAny(rest, ";:") && !strings.Contains(rest, ". ") {
			return true // the bracket is in the example's clause ("such as [A] or [B]")
		}
	}
	return false
}

// exampleReach is how far before a bracket an example's lead is looked for.
const exampleReach = 60

// isWordByte reports an ASCII letter or digit.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// longPromptSpan finds a bracketed prompt the writer's placeholder pattern
// does not reach (longer than it reads) that hasBlank accepts, so that an
// answer replaces the prompt instead of following it; nil when none.
func longPromptSpan(text string) []int {
	for _, loc := range blankScan.spans(text) {
		if text[loc[0]] == '[' && utf8.RuneCountInString(text[loc[0]:loc[1]])-2 > maxProseBracket && bracketBlank(text, loc) {
			return loc
		}
	}
	return nil
}
