package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// Option hints: cells listing the choices their answer takes ("Low, medium
// or high", one option per line), and prompts in answer columns ("If
// yes:") that the respondent completes or replaces.

// hintSplit separates the options of a one-line hint, which says "or" or
// "/" somewhere ("Low, medium or high"; a list of places is no hint); a
// comma before "or" ("Low, Moderate, or High") is one separator.
var (
	hintSplit = regexp.MustCompile(`\s*(?:,\s*(?:\bor\b)?|/|\bor\b)\s*`)
	orWord    = regexp.MustCompile(`(?i)\bor\b`)
	// writeVerb opens a hint that asks the respondent to write something
	// ("<Enter Suite/Room/Building>", "<Insert Company/Organization>"):
	// what follows names the value, its slashes join the names of one
	// value rather than separate choices. Only verbs that ask for writing:
	// "Select" and "Choose" introduce choices, and "Type", "Add" or
	// "Write" begin options too ("Type A/Type B", "Add/Remove"). The verb
	// must be followed by a word, so "Insert/Delete" stays options.
	writeVerb = regexp.MustCompile(`(?i)^[<\[]?\s*(?:enter|insert|provide|describe|specify)\s+\w`)
)

// dateField is one field of a date format written out in letters: d, dd,
// m, mm, mmm, yy or yyyy, in either case.
var dateField = regexp.MustCompile(`(?i)^(?:d{1,2}|m{1,3}|yy|yyyy)$`)

// isOptionHint reports a one-line cell listing the choices its answer
// takes ("Low, medium or high", "Yes/no", "Low medium high"): the
// respondent overwrites it with one of them.
func isOptionHint(ci *cellInfo) bool {
	return len(optionHints(ci)) >= 2
}

// optionHints splits a hint cell into its options; nil when the cell is
// not one. A hint is one short line: options separated by commas, "/" or
// "or" ("Low, medium or high", "Yes/no"), or a few single words of which
// only the first is capitalised ("Eliminated reduced accepted"). A hint
// that opens with a verb asking to write ("<Enter Suite/Room/Building>")
// is a prompt, not options. A bracketed prompt is read inside its
// brackets (placeholderOptions): they belong to no option.
func optionHints(ci *cellInfo) []string {
	text := strings.TrimSpace(ci.text)
	if inner, ok := enclosed(text); ok {
		return placeholderOptions(inner)
	}
	return lineOptions(text)
}

// lineOptions splits one short line into its options; nil when it lists
// none (see optionHints).
func lineOptions(text string) []string {
	if utf8.RuneCountInString(text) > maxHintRunes || strings.ContainsAny(text, ".:;?()") || strings.Contains(text, "\n") || writeVerb.MatchString(text) {
		return nil
	}
	var parts []string
	switch words := strings.Fields(text); {
	case strings.Contains(text, "/") || orWord.MatchString(text):
		parts = hintSplit.Split(text, -1)
	case len(words) >= 2 && len(words) <= 4 && lowerAfterFirst(words):
		parts = words
	}
	if len(parts) < 2 || dateFormat(parts) {
		return nil
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || utf8.RuneCountInString(p) > maxHintWord || len(strings.Fields(p)) > 2 {
			return nil
		}
		out = append(out, p)
	}
	return out
}

// dateFormat reports split parts of which two or more are the fields of
// a date format ("m/d/yyyy", "<Insert MM/DD/YYYY>", "dd/mm/yy"; and
// "m/d/yyyy/Pending", a date or "Pending"): the hint asks for a date
// written so, not for one of its parts. One such part is no format:
// "M/F", "S/M/L".
func dateFormat(parts []string) bool {
	n := 0
	for _, p := range parts {
		if dateField.MatchString(strings.Trim(p, "<>[]() ")) {
			n++
		}
	}
	return n >= 2
}

// lowerAfterFirst reports words all letters, lower-case after the first.
func lowerAfterFirst(words []string) bool {
	for i, w := range words {
		for j, r := range w {
			if !unicode.IsLetter(r) || (i > 0 || j > 0) && unicode.IsUpper(r) {
				return false
			}
		}
	}
	return true
}

// isPrompt reports a cell of an answer column holding what the respondent
// completes or replaces rather than an answer or a note to them: a short
// line ending in a colon ("If yes:"), an instruction to write ("Describe
// …"), a placeholder, or the options to choose from (one short line each,
// or "Low, medium or high").
func isPrompt(ci *cellInfo) bool {
	first := strings.TrimSpace(ci.text)
	if i := strings.IndexByte(first, '\n'); i >= 0 {
		first = strings.TrimSpace(first[:i])
	}
	return strings.HasSuffix(first, ":") && utf8.RuneCountInString(first) <= maxLabelRunes || promptStartWord.MatchString(first) ||
		hasPlaceholder(ci.text) || isOptionHint(ci) || len(optionLines(ci)) >= 2
}

// optionLines lists a cell's lines when each is a short option ("Yes",
// "No", "Not sure"), nil otherwise.
func optionLines(ci *cellInfo) []string {
	var out []string
	for _, p := range ci.paras() {
		t := cleanLabel(textOf(p))
		if t == "" {
			continue
		}
		if utf8.RuneCountInString(t) > maxHintWord || len(strings.Fields(t)) > 3 {
			return nil
		}
		out = append(out, t)
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// modeFinder is a finder for the writer's answerMode, which reads only
// the tables of the cells it asks about (f.table).
func (d *document) modeFinder() *finder {
	return &finder{d: d, tables: map[*etree.Element]*tableInfo{}}
}

// cellHints is the one rule for the options a hint cell lists, read by
// the map (hintsOf) and the writer (writeHints) so the two cannot drift:
// one short line of choices (optionHints) in any column, unless it is a
// bracketed prompt repeating its field's label (repeatsLabel), or lines
// that are each a short option (optionLines) in an answer column only; a
// blank cell lists none. table gives the cell's table and the cell in it
// (nil when none) and is asked last, only for such prompts and lines:
// the writer reads a cell's table for it, which no other cell pays for.
func cellHints(ci *cellInfo, table func() (*tableInfo, *cellInfo, error)) ([]string, error) {
	if strings.TrimSpace(ci.text) == "" {
		return nil, nil
	}
	if hints := optionHints(ci); hints != nil {
		if !asksLabelCheck(ci.text) {
			return hints, nil
		}
		ti, tc, err := table()
		if err != nil {
			return nil, err
		}
		if ti != nil && repeatsLabel(hints, ti.fieldLabels(tc)) {
			return nil, nil
		}
		return hints, nil
	}
	lines := optionLines(ci)
	if lines == nil {
		return nil, nil
	}
	ti, tc, err := table()
	if err != nil || ti == nil {
		return nil, err
	}
	if r, _ := ti.position(tc); !ti.answerColumn(r, tc) {
		return nil, nil
	}
	return lines, nil
}

// writeHints is hintsOf for the writer, on cell n as it now reads: the
// cell's own text, and its table only when cellHints asks for it, built
// first when a lazy write left it unbuilt.
func (f *finder) writeHints(n *node) ([]string, error) {
	if n.kind != kindCell {
		return nil, nil
	}
	own := &cellInfo{n: n, text: ownTextWith(n.el, f.d.textOf)}
	return cellHints(own, func() (*tableInfo, *cellInfo, error) {
		if n.row == nil {
			return nil, nil, nil
		}
		if tbl := ancestorW(n.row.el, nil, "tbl"); tbl != nil { // f.table's table
			if err := f.d.lazy.Build(tbl); err != nil {
				return nil, nil, err
			}
		}
		ti := f.table(n)
		if ti == nil {
			return nil, nil, nil
		}
		ci := ti.find(n)
		if ci == nil {
			return nil, nil, nil
		}
		return ti, ci, nil
	})
}
