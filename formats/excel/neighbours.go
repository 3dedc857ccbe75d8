package excel

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/formfill/formfill/formats"
)

// Forms without answer columns: the answer goes in the blank beside a
// question or label ("Company name: | ____"), or under it when nothing is
// beside it.

// maxLabel bounds a label that is not itself a question ("Company Name");
// longText is where a question starts being long.
const (
	maxLabel = 100
	longText = 40
)

// fieldWord names what a form asks for beside a label: a label using one
// ("Tester name", "Report date") needs no drawn box to be believed.
var fieldWord = formats.MustPattern(`(?i)\b(names?|dates?|titles?|e-?mails?|phones?|telephone|fax|address(es)?|versions?|url|websites?|links?|company|organi[sz]ation|department|agency|products?|vendor|supplier|contact|signature|signed|location|country|city|state|zip|postcode|role|position|reference|scope|tester|assessor|owner|manager|applicant)\b`)

var promptStart = formats.MustPattern(`(?i)^(please|describe|explain|provide|list|specify|indicate|state|identify|confirm|outline|detail)\b`)

// instructionProse is a line telling the filler what to do with the
// workbook (send it, save it, read the guide), not asking for an answer
// beside it.
var instructionProse = formats.MustPattern(`(?i)^((please|kindly)\s+(e-?mail|send|return|submit|forward|upload|contact|refer to|note|read|save|print|delete|remove|do not|see|click|complete (this|the|all)|fill (in|out) (this|the|all)|answer (all|each|every))|do not|don't|note that|refer to|see (the|section|tab|sheet))\b.{12,}`)

// mayInstruct is instructionProse's cheap filter: false only for text it
// cannot match, whose words start with p, k, d, n, r or s.
func mayInstruct(v string) bool { return mayStart(v, "pkdnrs") }

// mayStart is the cheap filter of a case-insensitive expression anchored
// at the start of the text, whose words start with one of the ASCII
// letters firsts: false only for text starting otherwise. Under (?i) the
// Kelvin sign and the long s fold to k and s, so text starting with a
// byte that is not ASCII is let through. Most cells skip the memo and the
// expression.
func mayStart(v, firsts string) bool {
	if v == "" {
		return false
	}
	if v[0] >= 0x80 {
		return true
	}
	return strings.IndexByte(firsts, v[0]|0x20) >= 0
}

// isQuestionLike reports text that asks for an answer next to it.
func isQuestionLike(s string) bool {
	s = strings.TrimSpace(s)
	switch {
	case len(s) < 3:
		return false
	case strings.HasSuffix(s, "?"):
		return true
	case strings.HasSuffix(s, ":"):
		// An upper-case line ending in a colon is a section heading.
		return changesInUpper(s)
	case strings.Contains(s, "?") && len(s) > 15:
		return true
	}
	return len(s) >= 20 && isPrompt(s)
}

// promptVerbs are promptStart's words.
var promptVerbs = []string{"please", "describe", "explain", "provide", "list", "specify", "indicate", "state", "identify", "confirm", "outline", "detail"}

// isPrompt is promptStart.MatchString, written out (asked of every cell
// of a question row, the expression was a tenth of a large workbook's
// target finding); FuzzIsPrompt holds it to the expression.
func isPrompt(s string) bool {
	_, ok := formats.FoldWordAt(s, 0, promptVerbs...)
	return ok
}

// changesInUpper reports strings.ToUpper(s) != s without making the copy
// for ASCII text: a lower-case ASCII letter changes, nothing else does.
func changesInUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= 'a' && b <= 'z':
			return true
		case b >= 0x80:
			return strings.ToUpper(s) != s
		}
	}
	return false
}

// pair is a label or question and the blank that answers it.
type pair struct {
	r, c     int // the label
	vr, vc   int // the blank
	strong   bool
	rightOf  bool // the blank is beside the label, not under it
	labelEnd int  // last column of the label (its merge)
}

// neighbourTargets pairs each question with the blank beside it (or under
// it). A question-like text or one numbered on its left stands alone; a
// short label counts only in a block of labels one above the other, whose
// blanks then line up in the block's most common column.
func (m *sheetModel) neighbourTargets(l *layout, s *section) {
	var pairs []pair
	for _, r := range s.rows {
		m.step()
		if !l.bandRows[r] {
			pairs = append(pairs, m.rowPairs(s, r)...)
		}
	}
	for _, blk := range blocks(pairs) {
		col := majorityColumn(blk)
		for _, p := range blk {
			if len(blk) < 2 && !p.strong {
				continue
			}
			if p.rightOf && col > 0 && p.vc != col && col > p.labelEnd {
				switch {
				case m.answerable(s, p.r, col):
					p.vc = col
				case !p.strong:
					continue
				}
			}
			l.add(m, p.vr, p.vc, p.r, p.c, "")
		}
	}
}

// rowPairs finds the labels of row r and their blanks, left to right.
func (m *sheetModel) rowPairs(s *section, r int) []pair {
	var out []pair
	idLeft, sawLong, first := false, false, true
	for c := 1; c <= len(m.rows[r-1]); c++ {
		v := strings.TrimSpace(m.text(r, c))
		if v == "" || m.hiddenCol(c) || m.covered(r, c) {
			continue
		}
		if isIDLike(v) {
			// The row's own number, typed, numbers the text after it; a
			// computed number or an identifier further in does not.
			idLeft = first && !m.isFormula(r, c)
			first = false
			continue
		}
		first = false
		if isWebValue(v) {
			idLeft = false
			continue // an address is a value: the answer beside its label, asking nothing
		}
		if s.narrow.has(c) && utf8.RuneCountInString(v) > 2 {
			// Text in a spacer column shows by spilling over the cells right
			// of it (a section title): they carry its words, no blank.
			idLeft = false
			continue
		}
		if mayInstruct(v) && m.matches(instructionProse, v) {
			continue // "Please email the completed template to …": tells what to do, asks nothing here
		}
		// Only the row's first long text asks: later ones explain it.
		strong := hasWords(v) && (isQuestionLike(v) && !sawLong && !m.introduces(r, c, v) || idLeft)
		weak := !strong && m.labelLike(r, c, v)
		idLeft, sawLong = false, sawLong || utf8.RuneCountInString(v) > longText
		if !strong && !weak {
			continue
		}
		end := m.mergeEnd(r, c)
		if m.hintUnder(r, c, end) {
			continue
		}
		if end > c && m.pastSheet(end+1) {
			continue // merged across the sheet's width: a heading, nothing beside it
		}
		vc := end + 1
		for vc < end+4 && (m.hiddenCol(vc) || s.narrow.has(vc)) {
			vc++
		}
		p := pair{r: r, c: c, strong: strong, labelEnd: end}
		switch {
		case m.answerable(s, r, vc) && (strong || m.looksLikeInput(r, vc) || m.fieldLabel(r, c, v)), m.promptCell(s, r, vc, v):
			p.vr, p.vc, p.rightOf = r, vc, true
			c = vc
		case strong && m.blankBelow(s, r, c):
			p.vr, p.vc = m.mergeBottom(r, c)+1, c
		default:
			continue
		}
		out = append(out, p)
	}
	return out
}

// introduces reports a label ending in a colon that heads the text under
// it ("Instructions for use:" over a paragraph), not a blank.
func (m *sheetModel) introduces(r, c int, v string) bool {
	if !strings.HasSuffix(v, ":") {
		return false
	}
	br := m.mergeBottom(r, c) + 1
	below := strings.TrimSpace(m.text(br, c))
	if m.hintUnder(br, c, m.mergeEnd(br, c)) && m.labelLike(m.mergeBottom(br, c)+1, c, strings.TrimSpace(m.text(m.mergeBottom(br, c)+1, c))) {
		return false // a hint under the label, and the form goes on below it
	}
	return utf8.RuneCountInString(below) > longText || strings.HasPrefix(below, "•")
}

// hintUnder reports text at (r, c), merged to column end, spread under a
// label and over the blank beside it: a hint about that answer ("List
// all individuals holding 25% or more" under "Beneficial owners:"), not a
// question of its own.
func (m *sheetModel) hintUnder(r, c, end int) bool {
	if end <= c || r < 2 {
		return false
	}
	if v := strings.TrimSpace(m.text(r, c)); utf8.RuneCountInString(v) <= longText && !isPrompt(v) {
		return false // a short label merged wide ("Google Play Store Link"): a field of its own
	}
	label := strings.TrimSpace(m.text(r-1, c))
	if label == "" || m.covered(r-1, c) {
		return false
	}
	for cc := m.mergeEnd(r-1, c) + 1; cc <= end; cc++ {
		if m.blank(m.text(r-1, cc)) && !m.covered(r-1, cc) && !m.isFormula(r-1, cc) {
			return true
		}
	}
	return false
}

// promptCell reports a value cell holding a prompt that repeats its label
// ("Vendor Name" beside "Vendor Name", "Brief description of the product"
// beside "Product description") or an address, given or an example of one
// ("https://www.vendor.domain/vpat" beside "Web Link to Accessibility
// Statement"), or an example of the answer ("e.g. Jane Smith"): the
// respondent overwrites it.
func (m *sheetModel) promptCell(s *section, r, c int, label string) bool {
	v := m.text(r, c)
	if m.blank(v) || m.isFormula(r, c) || !m.answerable(s, r, c) && !m.answerableText(s, r, c) {
		return false
	}
	return formats.EchoesLabel(label, v) && !numberedSiblings(label, v) || isWebValue(v) || m.isExampleValue(v)
}

// answerableText is answerable for a cell holding text: everything but
// the blankness.
func (m *sheetModel) answerableText(s *section, r, c int) bool {
	return r >= 1 && c >= 1 && r <= maxRows && c <= maxCols && !m.hiddenCol(c) && !s.reviewer[c] && !s.narrow.has(c) &&
		!m.covered(r, c) && !m.isFormula(r, c) && !s.locked(m, r, c) && !m.noEntry(r, c)
}

// looksLikeInput reports a cell drawn as a blank to fill: underlined or
// boxed by a bottom border, not shaded dark like a title bar; or
// validated by a list.
func (m *sheetModel) looksLikeInput(r, c int) bool {
	if m.listAt(r, c) != nil {
		return true
	}
	if s := m.style(r, c); s != nil {
		if darkFill(s) {
			return false
		}
		return s.bottomBorder
	}
	return false
}

// fieldLabel reports a short, plain label naming a form field ("Tester
// name"): not bold like a section title.
func (m *sheetModel) fieldLabel(r, c int, v string) bool {
	if utf8.RuneCountInString(v) > longText || !fieldWord.MatchString(v) {
		return false
	}
	s := m.style(r, c)
	return s == nil || !s.bold
}

// labelLike reports a short label such as "Company Name": typed text, not a
// sentence.
func (m *sheetModel) labelLike(r, c int, v string) bool {
	return hasWords(v) && !m.isFormula(r, c) && utf8.RuneCountInString(v) <= maxLabel &&
		!strings.HasSuffix(v, ".") && !strings.Contains(v, ". ")
}

// blankBelow reports an answerable cell under a label that ends its row,
// in a row with no other text.
func (m *sheetModel) blankBelow(s *section, r, c int) bool {
	for cc := m.mergeEnd(r, c) + 1; cc <= len(m.rows[r-1]); cc++ {
		if !m.blank(m.text(r, cc)) || m.isFormula(r, cc) {
			return false
		}
	}
	below := m.mergeBottom(r, c) + 1
	if below > m.maxRow()+1 || !m.answerable(s, below, c) {
		return false
	}
	for cc := 1; cc <= len(m.rows[min(below, m.maxRow())-1]); cc++ {
		if below <= m.maxRow() && cc != c && !m.blank(m.text(below, cc)) {
			return false
		}
	}
	return true
}

// mergeBottom is the last row of the merge anchored at (r, c), or r.
func (m *sheetModel) mergeBottom(r, c int) int {
	if mr := m.mergeAt(r, c); mr != nil {
		return mr.r2
	}
	return r
}

// blocks groups pairs whose labels sit in one column on consecutive rows.
func blocks(pairs []pair) [][]pair {
	var out [][]pair
	open := map[int]int{} // label column → index of its current block in out
	for _, p := range pairs {
		if i, ok := open[p.c]; ok {
			blk := out[i]
			if p.r-blk[len(blk)-1].r <= 1 {
				out[i] = append(blk, p)
				continue
			}
		}
		open[p.c] = len(out)
		out = append(out, []pair{p})
	}
	return out
}

// majorityColumn is the most common column of the blanks beside the labels
// of a block, 0 when none is beside.
func majorityColumn(blk []pair) int {
	count := map[int]int{}
	best := 0
	for _, p := range blk {
		if !p.rightOf {
			continue
		}
		count[p.vc]++
		if best == 0 || count[p.vc] > count[best] || count[p.vc] == count[best] && p.vc < best {
			best = p.vc
		}
	}
	return best
}

// darkFill reports a solid fill darker than a light tint: title bars,
// not input boxes.
func darkFill(s *cellFormat) bool {
	if !s.solidFill {
		return false
	}
	hex := s.fillColor
	if len(hex) == 8 {
		hex = hex[2:]
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || len(hex) != 6 {
		return false
	}
	r, g, b := float64(v>>16&0xff), float64(v>>8&0xff), float64(v&0xff)
	return (0.299*r+0.587*g+0.114*b)/255 < 0.7
}
