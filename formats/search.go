package formats

import (
	"fmt"
	"regexp"
	"strings"
)

// maxPattern bounds a search pattern.
const maxPattern = 1000

// searchContext is how many characters of context a match shows on each
// side.
const searchContext = 50

// SearchMatch is one element holding a match: its first match with the
// text around it, and how many matches it holds.
type SearchMatch struct {
	ID      string `json:"id"`
	Match   string `json:"match"`
	Context string `json:"context"` // …before>>>match<<<after…
	Count   int    `json:"count"`
}

// SearchResult is search_document's answer: one page of the elements that
// match, in document order.
type SearchResult struct {
	Pattern      string        `json:"pattern"`
	Matches      []SearchMatch `json:"matches"`
	TotalMatches int           `json:"total_matches"` // in the whole document
	Total        int           `json:"total"`         // elements that match, in the whole document
	NextOffset   int           `json:"next_offset,omitempty"`
	More         string        `json:"more,omitempty"`
}

// Text is the result as a person reads it: a count, then one line per
// element, "P9 (2): …the >>>Effective Date<<< of…".
func (r *SearchResult) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d matches of %q in %d elements\n", r.TotalMatches, r.Pattern, r.Total)
	for _, m := range r.Matches {
		b.WriteString(m.ID)
		if m.Count > 1 {
			fmt.Fprintf(&b, " (%d)", m.Count)
		}
		b.WriteString(": ")
		b.WriteString(m.Context)
		b.WriteByte('\n')
	}
	if r.More != "" {
		b.WriteString("(" + r.More + ")\n")
	}
	return b.String()
}

// Search finds pattern in the full text of the map's elements, ignoring
// letter case: as literal text, or as a regular expression (RE2 syntax)
// when regex is set. The page bounds the matching elements returned.
func (cs *CompactStructure) Search(pattern string, regex bool, p Page) (*SearchResult, error) {
	if cs.lazy != nil {
		whole, err := cs.Whole()
		if err != nil {
			return nil, err
		}
		return whole.Search(pattern, regex, p)
	}
	re, err := compilePattern(pattern, regex)
	if err != nil {
		return nil, err
	}
	res := &SearchResult{Pattern: pattern, Matches: []SearchMatch{}}
	var found []SearchMatch
	for _, e := range cs.Elements() {
		locs := re.FindAllStringIndex(e.Text, -1)
		if len(locs) == 0 {
			continue
		}
		res.TotalMatches += len(locs)
		found = append(found, SearchMatch{ID: e.ID, Count: len(locs), Match: e.Text[locs[0][0]:locs[0][1]],
			Context: matchContext(e.Text, locs[0][0], locs[0][1])})
	}
	res.Total = len(found)
	if len(found) == 0 {
		return res, p.Check()
	}
	start, end, err := p.Window(len(found), func(i int) int {
		return p.charge(found[i].ID+found[i].Context+found[i].Match, 40)
	})
	if err != nil {
		return nil, err
	}
	res.Matches = found[start:end]
	res.NextOffset = NextOffset(end, len(found))
	res.More = MoreNote("matching elements", start, end, len(found))
	return res, nil
}

// compilePattern checks and compiles a search pattern.
func compilePattern(pattern string, regex bool) (*regexp.Regexp, error) {
	switch {
	case strings.TrimSpace(pattern) == "":
		return nil, Errorf(ErrInvalidArgument, "pattern", "required: the text to find, e.g. \"Effective Date\" (or a regular expression with regex)")
	case len(pattern) > maxPattern:
		return nil, Errorf(ErrInvalidArgument, "pattern", "%d bytes long; at most %d", len(pattern), maxPattern)
	}
	expr := regexp.QuoteMeta(pattern)
	if regex {
		expr = pattern
	}
	re, err := regexp.Compile("(?i)" + expr)
	if err != nil {
		return nil, Wrap(ErrInvalidArgument, "pattern", err, "not a valid regular expression (RE2 syntax, e.g. \"Section \\\\d+\\\\.\\\\d+\")")
	}
	return re, nil
}

// matchContext shows a match with up to searchContext characters on each
// side, on one line: …before>>>match<<<after….
func matchContext(text string, from, to int) string {
	before := []rune(text[:from])
	after := []rune(text[to:])
	var b strings.Builder
	if len(before) > searchContext {
		b.WriteString("…")
		before = before[len(before)-searchContext:]
	}
	b.WriteString(string(before))
	b.WriteString(">>>" + text[from:to] + "<<<")
	if len(after) > searchContext {
		after = append(after[:searchContext:searchContext], '…')
	}
	b.WriteString(string(after))
	return oneSpaced(b.String())
}
