package excel

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/formfill/formfill/formats"
)

// What target detection asks of single cells: can a person type there, and
// does the text there look like a blank to fill.

// blanketRows is how far past the sheet's last row a list validation may
// reach before it counts as applied to whole columns: formatting, not a
// sign that its cells are answer slots.
const blanketRows = 100

var (
	// dateLike matches written dates, which number nothing.
	dateLike = regexp.MustCompile(`^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$`)
	// noEntryPrompt matches input messages that tell the user not to type
	// in a cell ("This cell should be left blank", "Editing this cell can
	// break the tool", "populated from the START HERE tab").
	noEntryPrompt = formats.MustPattern(`(?i)\b(left blank|leave (it |this cell )?blank|do not (edit|enter|type|change|modify|complete|fill)|don't (edit|enter|type|change)|cannot be (made|edited|changed)|can break|not need to be (re-?)?entered|(is|are|has been|will be) (populated|calculated|filled) (automatically|from))`)
)

// locked reports a cell a person cannot type into: on a protected sheet,
// every cell whose style does not unlock it.
func (m *sheetModel) locked(row, col int) bool {
	if !m.scan.protected {
		return false
	}
	s := m.style(row, col)
	return s == nil || s.locked
}

// hiddenCol reports a hidden column.
func (m *sheetModel) hiddenCol(col int) bool { return m.scan.hiddenCol(col) }

// noEntry reports a cell whose input message asks the user not to type.
func (m *sheetModel) noEntry(row, col int) bool {
	if m.noEntryRules == nil { // asked of every candidate cell: match each prompt once
		m.noEntryRules = make([]bool, len(m.rules))
		for i := range m.rules {
			m.noEntryRules[i] = m.rules[i].prompt != "" && noEntryPrompt.MatchString(m.rules[i].prompt)
		}
	}
	for i := range m.rules {
		if !m.noEntryRules[i] {
			continue
		}
		for _, r := range m.rules[i].rects {
			if r.contains(row, col) {
				return true
			}
		}
	}
	return false
}

// listAt returns the list validation of a cell, nil when it has none or
// when the list is stray: applied to whole columns, or to cells that
// mostly hold text other than its options (a validation left behind by a
// copy).
func (m *sheetModel) listAt(row, col int) *rule {
	r := m.ruleAt(row, col)
	if r == nil || r.typ != "list" {
		return nil
	}
	for i, rc := range r.rects {
		if rc.contains(row, col) {
			if m.strayRect(r, i) {
				return nil
			}
			break
		}
	}
	return r
}

// strayRect reports whether rectangle i of list r is stray; the answer is
// remembered on the rule.
func (m *sheetModel) strayRect(r *rule, i int) bool {
	if r.stray == nil {
		r.stray = make([]int8, len(r.rects))
	}
	if r.stray[i] == 0 {
		r.stray[i] = 1
		if m.isStray(r, r.rects[i]) {
			r.stray[i] = 2
		}
	}
	return r.stray[i] == 2
}

func (m *sheetModel) isStray(r *rule, rc rect) bool {
	if rc.r2 > m.maxRow()+blanketRows {
		return true
	}
	if len(r.options) == 0 {
		return false
	}
	other, cells := 0, 0
	for row := rc.r1; row <= min(rc.r2, m.maxRow()); row++ {
		for col := rc.c1; col <= min(rc.c2, rc.c1+maxListCols-1); col++ {
			cells++
			if v := strings.TrimSpace(m.text(row, col)); v != "" && !m.formulas[[2]int{row, col}] && !r.isOption(v) {
				other++
			}
		}
	}
	return other*2 > cells
}

// isOption reports whether text is one of the list's options.
func (r *rule) isOption(text string) bool {
	_, ok := matchOption(text, r.options)
	return ok
}

// matches reports whether p matches s, remembered per pattern and text
// for the sheet: the header and section rules ask the same few header
// texts again and again (FFIEC's column-name patterns four times in five
// about a text they were asked already).
func (m *sheetModel) matches(p *formats.Pattern, s string) bool {
	k := patternText{p, s}
	if b, ok := m.matched[k]; ok {
		return b
	}
	if m.matched == nil {
		m.matched = map[patternText]bool{}
	}
	b := p.MatchString(s)
	m.matched[k] = b
	return b
}

// patternText is a pattern asked about a text.
type patternText struct {
	p *formats.Pattern
	s string
}

// blank is blankText. It is not remembered per text: the matcher reads
// the text about as fast as a map hashes it (a memo was a tenth of
// classifyColumn, asked of every cell of the candidate columns).
func (m *sheetModel) blank(s string) bool { return s == "" || blankText(s) }

// blankText reports text that leaves an answer slot open: nothing, white
// space, or a placeholder.
func blankText(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || formats.IsPlaceholder(s)
}

// isIDLike reports a question number or identifier: "1", "1.2.3", "A&A-01.1",
// "GEN-01", "MSTG-ARCH-1", "Q4", "V1", "a)". It has a digit, few words and
// no lower-case word (which would make it text).
func isIDLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 24 || !strings.ContainsFunc(s, unicode.IsDigit) {
		return false
	}
	if strings.Count(s, " ") > 2 || dateLike.MatchString(s) {
		return false
	}
	lower := 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			if lower++; lower >= 3 {
				return false
			}
		case unicode.IsLetter(r), unicode.IsDigit(r):
			lower = 0
		case strings.ContainsRune(" .-‐‑–_&/()#:", r):
			lower = 0
		default:
			return false
		}
	}
	return true
}

// webValue matches a cell that holds only a web address or an e-mail
// address.
var webValue = regexp.MustCompile(`(?i)^(?:https?://|www\.)[^\s]+$|^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$`)

// isWebValue reports a cell holding only a web or e-mail address: a value
// (an answer given, or a template's example of one such as
// "https://www.vendor.domain/vpat"), never a label that asks for one.
// Most cells are neither, and say so in their first bytes or by having
// no @: the regular expression (3-5% of a small workbook's map when it
// ran on every cell) runs only on the rest.
func isWebValue(s string) bool {
	s = strings.TrimSpace(s)
	web := len(s) >= 4 && (strings.EqualFold(s[:4], "http") || strings.EqualFold(s[:4], "www."))
	if !web && strings.IndexByte(s, '@') < 0 {
		return false
	}
	return webValue.MatchString(s)
}

// hasWords reports text with at least three letters: something a question
// or a label could be.
func hasWords(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if n++; n >= 3 {
				return true
			}
		}
	}
	return false
}
