// Package reuse carries the answers of a previously filled document into
// a new one: it matches the new document's questions to the old one's and
// adapts each answer to the target it goes to. Matching is deterministic
// document work, in this order:
//
//  1. the question's own number ("1.4", "AIS-01.1"), when both documents
//     number it the same way and the texts still agree (a number reused
//     for another question between versions is not a match);
//  2. the normalised text: letter case, punctuation, white space, the
//     leading number and a leading framing phrase ("Verify that")
//     ignored;
//  3. the similarity of the texts: the Dice coefficient of their content
//     words' stems (stop words dropped, endings such as -s, -ed, -ing,
//     -ation stripped), each stem weighed by its inverse document
//     frequency over both documents' questions, at least Threshold.
//
// A crosswalk (Crosswalk), when given, comes before all three for the
// questions it maps: their candidates are the questions it names. The
// sheet of the same name, then the section a question sits in, break ties
// between equally good candidates.
package reuse

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Scores that decide the confidence of a match.
const (
	// Threshold is the least similarity of a near match (uncertain):
	// below it the question is left unmatched. Chosen on CAIQ v3 → v4
	// (docs/REUSE.md): at 0.4 four of twelve reworded questions are found
	// for one wrong carry; at 0.3 six, for ten wrong.
	Threshold = 0.4
	// KnownNumbered is the least similarity for a question whose number
	// matches to be known: the wording may change a little between
	// versions, its meaning may not.
	KnownNumbered = 0.8
	// NumberedFloor is the least similarity for a question whose number
	// matches to be carried at all (uncertain): below it the number was
	// given to another question.
	NumberedFloor = 0.34
	// tieMargin is how close two candidates' scores must be for the
	// match to be ambiguous.
	tieMargin = 0.02
)

// question is one question of either document, ready to compare.
type question struct {
	number  string    // normalised: upper case, no leading zeros, "." between parts
	shown   string    // the number as the document writes it, for notes
	text    string    // normalised text, its framing ("verify that") cut
	words   []string  // stems of the content words, sorted, unique
	section string    // normalised section
	part    string    // the sheet it sits in (Excel), else ""
	wts     []float64 // the weight of each of words (set by the index)
	weight  float64   // their total
}

// leadingNumber matches a number at the start of a question's text.
var leadingNumber = regexp.MustCompile(`^\(?((?:[A-Za-z&]{1,6}[-.]?)?\d+(?:[.-]\d+)*[a-z]?)[.):]?\s+`)

// newQuestion prepares a question given its number (may be "") and text.
func newQuestion(number, text, section string) question {
	text = strings.TrimSpace(text)
	if m := leadingNumber.FindStringSubmatch(text); m != nil {
		if number == "" {
			number = m[1]
		}
		text = text[len(m[0]):]
	}
	q := question{number: normNumber(number), shown: strings.TrimSpace(number), text: cutFraming(normText(text)), section: normText(section)}
	q.words = contentWords(q.text)
	return q
}

// numberPart splits a number into its parts: letters and digit runs.
var numberPart = regexp.MustCompile(`[A-Za-z&]+|\d+`)

// normNumber normalises a question number: "AIS-01.1" and "ais-1.1" are
// the same number; "1.4." is "1.4".
func normNumber(s string) string {
	parts := numberPart.FindAllString(strings.ToUpper(s), -1)
	for i, p := range parts {
		if p[0] >= '0' && p[0] <= '9' {
			if t := strings.TrimLeft(p, "0"); t != "" {
				parts[i] = t
			} else {
				parts[i] = "0"
			}
		}
	}
	return strings.Join(parts, ".")
}

// normText lowers the case and keeps letters and digits, one space apart.
func normText(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			space = false
			continue
		}
		space = true
	}
	return b.String()
}

// stopWords carry no meaning of a question's own.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the of and or to in on for by with at from as is are be been was were do does did
		you your yours we our us it its this that these those which what who whom how when where why if any all
		have has had can could should would will shall may must not no yes please provide describe explain list
		detail details state specify indicate confirm there their they them such other than into per via e g i`) {
		stopWords[w] = true
	}
}

// contentWords are the stems of a normalised text's words that carry
// meaning, sorted and unique.
func contentWords(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range strings.Fields(text) {
		if stopWords[w] {
			continue
		}
		w = canonical(w)
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// similarity is how alike two questions' texts are, 0 to 1: 1 for the
// same normalised text, else the Dice coefficient of their stems, each
// stem weighed by its rarity (weights).
func similarity(a, b question) float64 {
	if a.text == b.text && a.text != "" {
		return 1
	}
	return dice(&a, &b)
}

// mayReach reports whether two questions' weights allow a similarity of
// Threshold: weighted Dice is at most 2·min/(wa+wb). The same text always
// may.
func mayReach(a, b question) bool {
	if a.text == b.text {
		return true
	}
	return 2*min(a.weight, b.weight) >= Threshold*(a.weight+b.weight)
}

// index finds the previous questions sharing words with a new one, so a
// workbook of a thousand questions is not compared pair by pair.
type index struct {
	qs       []question
	byWord   map[string][]int
	byNumber map[string][]int
	byText   map[string][]int
	// slot[i] is 1 + the position of previous question i among the
	// current call's candidates, when stamp[i] is the call's stamp: a
	// thousand-question workbook's candidates are found without a map.
	slot, stamp []int
	calls       int
	// x is the caller's crosswalk (nil: none), byControl the previous
	// questions under each control number ("EKM.3" for "EKM.3.4"), set
	// with it.
	x         *xwalk
	byControl map[string][]int
}

// newIndex indexes the previous questions qs; the stems' weights count
// the new document's questions too (news), which it sets the weight of.
func newIndex(qs, news []question) *index {
	ws := newWeights(qs, news)
	ix := &index{qs: qs, byWord: map[string][]int{}, byNumber: map[string][]int{},
		byText: map[string][]int{}, slot: make([]int, len(qs)), stamp: make([]int, len(qs))}
	for i := range news {
		ws.weigh(&news[i])
	}
	for i := range qs {
		ws.weigh(&qs[i])
		q := qs[i]
		for _, w := range q.words {
			ix.byWord[w] = append(ix.byWord[w], i)
		}
		if q.number != "" {
			ix.byNumber[q.number] = append(ix.byNumber[q.number], i)
		}
		ix.byText[q.text] = append(ix.byText[q.text], i)
	}
	return ix
}

// candidate is a previous question and its score against a new one.
type candidate struct {
	i      int
	score  float64
	number bool // the numbers match
	cross  crossKind
}

// crossKind is what the caller's crosswalk says of a candidate.
type crossKind int8

const (
	crossNone     crossKind = iota
	crossControl            // the crosswalk maps the new question's control to this question's
	crossQuestion           // the crosswalk maps the new question to this one
)

// numberWeight is what a matching number adds to a candidate whose
// wording agrees only in part (below KnownNumbered): enough to break a
// near tie, not to beat another question asking the same thing in other
// words. New versions renumber (HECVAT 4, CAIQ v4), so a number with
// half its words is weak evidence.
const numberWeight = 0.2

// rank orders candidates: a matching number whose wording agrees beats
// any match of the words alone; one whose wording agrees in part is
// weighed with them.
func (c candidate) rank() float64 {
	switch {
	case c.cross == crossQuestion:
		return c.score + 3
	case c.number && c.score >= KnownNumbered:
		return c.score + 1
	case c.number && c.score >= NumberedFloor:
		return c.score + numberWeight
	}
	return c.score
}

// best returns the previous questions best matching q, best first: those
// with its number, its text, or a similarity of at least Threshold.
func (ix *index) best(q question) []candidate {
	if cs := ix.crossCandidates(q); len(cs) > 0 {
		return cs
	}
	ix.calls++
	var all []candidate
	add := func(i int, number bool) {
		if ix.stamp[i] == ix.calls {
			if s := ix.slot[i]; s > 0 {
				all[s-1].number = all[s-1].number || number
			}
			return
		}
		ix.stamp[i], ix.slot[i] = ix.calls, 0
		if !number && !mayReach(q, ix.qs[i]) {
			return // too few words in common could not reach Threshold
		}
		all = append(all, candidate{i: i, score: similarity(q, ix.qs[i]), number: number})
		ix.slot[i] = len(all)
	}
	if q.number != "" {
		for _, i := range ix.byNumber[q.number] {
			add(i, true)
		}
	}
	for _, i := range ix.byText[q.text] {
		add(i, false)
	}
	// The heaviest words first: a question sharing none of them shares
	// at most the weight left, and once that is below Threshold·w(q)/2
	// it cannot reach Threshold (2·common ≥ Threshold·(w(q)+w(p))).
	left := q.weight
	for _, k := range heaviestFirst(q) {
		if left < Threshold*q.weight/2 {
			break
		}
		left -= q.wts[k]
		w := q.words[k]
		if len(ix.byWord[w]) > len(ix.qs)/4+8 {
			continue // a word most questions share says little
		}
		for _, i := range ix.byWord[w] {
			add(i, false)
		}
	}
	out := make([]candidate, 0, len(all))
	for _, c := range all {
		if c.score >= Threshold || c.number {
			out = append(out, c)
		}
	}
	ix.sortCandidates(q, out)
	return out
}

// sortCandidates orders q's candidates best first: by rank, then the
// same sheet, the same section, a matching number, document order.
func (ix *index) sortCandidates(q question, out []candidate) {
	sort.Slice(out, func(a, b int) bool {
		ca, cb := out[a], out[b]
		if ca.rank() != cb.rank() {
			return ca.rank() > cb.rank()
		}
		if sa, sb := ix.qs[ca.i].part == q.part, ix.qs[cb.i].part == q.part; sa != sb {
			return sa // the same sheet breaks a tie
		}
		if sa, sb := ix.qs[ca.i].section == q.section, ix.qs[cb.i].section == q.section; sa != sb && q.section != "" {
			return sa // so does the same section, when q has one (a target has none)
		}
		if ca.number != cb.number {
			return ca.number
		}
		return ca.i < cb.i
	})
}

// heaviestFirst returns the positions of q's words, heaviest first (ties
// in word order).
func heaviestFirst(q question) []int {
	order := make([]int, len(q.words))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return q.wts[order[a]] > q.wts[order[b]] })
	return order
}
