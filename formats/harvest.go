package formats

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Harvest: reading back the answers a filled document holds, where
// formfill would have written them. A filled document has lost most of its
// blanks, so its answer targets cannot be detected the way a blank form's
// are; the answers are found instead from what is left around them:
//
//   - targets that are fields (PDF fields, Word content controls, check
//     boxes, legacy form fields) keep being targets once filled: their
//     values are the answers;
//   - in a table or sheet, a row holding a question (after its number,
//     if any) is answered in the columns a header names as answer columns
//     (formats.AnswerColumn), else in the first cell right of the question;
//   - in running text, a question paragraph (numbered, or ending in ? or :)
//     is answered by the paragraphs after it, up to the next question or
//     heading, as long as they keep the first one's style (guidance set in
//     a style of its own is not an answer).
//
// A target still open in the filled document (an empty cell beside its
// question) is unanswered.

// HarvestedAnswer is one answered place of a filled document.
type HarvestedAnswer struct {
	ID         string `json:"id"`
	QuestionID string `json:"question_id,omitempty"`
	// Number is the question's own number ("1.4", "AIS-01.1"), when it has one.
	Number   string     `json:"number,omitempty"`
	Question string     `json:"question"`
	Answer   string     `json:"answer"`
	Kind     TargetKind `json:"kind"`
	Options  []string   `json:"options,omitempty"`
	// Section is the heading (or single-cell row) the question sits under.
	Section string `json:"section,omitempty"`
	// Sheet is the sheet the answer sits in (Excel): a carry-over
	// prefers the sheet of the same name, as a workbook asks the same
	// question on its Android and iOS sheets.
	Sheet string `json:"sheet,omitempty"`
}

// HarvestResult is harvest's answer: the answered places in document
// order and the targets still open.
type HarvestResult struct {
	Answers    []HarvestedAnswer `json:"answers"`
	Unanswered []Target          `json:"unanswered"`
}

// FullCompactor is implemented by engines whose compact map may leave
// cells out (Excel's per-sheet line cap keeps only targets, questions and
// headers on a large sheet). A filled sheet has lost the blanks that made
// its question column a key column, so the capped map of a large filled
// workbook can lose its questions; harvest reads ExtractCompactFull, the
// map with every cell, instead. The normal map is unchanged.
type FullCompactor interface {
	ExtractCompactFull(doc []byte) (*CompactStructure, error)
}

// HarvestCompact returns the compact map harvest reads for doc: the full
// map of a FullCompactor, else the engine's compact map.
func HarvestCompact(e Engine, doc []byte) (*CompactStructure, error) {
	if fc, ok := e.(FullCompactor); ok {
		return fc.ExtractCompactFull(doc)
	}
	return e.ExtractCompact(doc)
}

// HarvestWith reads the answers of doc, a filled document, with its
// engine e and its compact map cs (HarvestCompact's: a capped map may
// lack questions); view gives the document view, which
// Word's running-text answers are read from (callers with a cache pass
// theirs). Every caller of harvest goes through it.
func HarvestWith(e Engine, doc []byte, cs *CompactStructure, view func() ([]ViewNode, error)) (*HarvestResult, error) {
	var nodes []ViewNode
	if e.Type() == Word {
		var err error
		if nodes, err = view(); err != nil {
			return nil, err
		}
	}
	fields, err := e.ListFields(doc)
	if err != nil {
		return nil, err
	}
	return Harvest(cs, nodes, fields)
}

// Harvest reads the answers of a filled document from its compact map
// (the whole of it), its document view (for paragraph styles and list
// labels; may be nil) and its fields (list_form_fields).
func Harvest(cs *CompactStructure, nodes []ViewNode, fields []FormField) (*HarvestResult, error) {
	cs, err := cs.Whole()
	if err != nil {
		return nil, err
	}
	h := &harvester{res: &HarvestResult{Answers: []HarvestedAnswer{}, Unanswered: []Target{}}, open: map[string]bool{},
		given: map[string]bool{}, taken: map[string]bool{}, nodes: map[string]ViewNode{}}
	for _, n := range nodes {
		h.nodes[n.ID] = n
	}
	targets := cs.targetsOrMarked()
	h.fieldTargets(targets, fields)
	if err := h.numberFields(cs, targets); err != nil {
		return nil, err
	}
	if cs.index != nil {
		h.elements(cs)
	}
	sort.SliceStable(h.res.Answers, func(i, j int) bool { return h.order[h.res.Answers[i].ID] < h.order[h.res.Answers[j].ID] })
	for i, a := range h.res.Answers {
		h.res.Answers[i].Sheet = SheetOf(cs.IDToXPath[a.ID])
	}
	return h.res, nil
}

type harvester struct {
	res   *HarvestResult
	open  map[string]bool // questions with a target still open
	given map[string]bool // questions a target of which holds an answer
	taken map[string]bool // elements already harvested
	nodes map[string]ViewNode
	order map[string]int
}

// isFormula reports whether element i's line says "formula" among its
// attributes (S1-R5-C3: "0" [formula]): the workbook computes the cell,
// and a formula's result is not what a respondent answered (a scoring or
// report sheet repeats the questions with computed cells beside them).
func isFormula(cs *CompactStructure, i int) bool {
	text, _, _ := cs.span(i, i+1)
	line, _, _ := strings.Cut(text, "\n")
	at := strings.LastIndex(line, "\" [")
	if at < 0 {
		return false
	}
	attrs, _, _ := strings.Cut(line[at+3:], "]")
	for _, a := range strings.Split(attrs, ", ") {
		if a == "formula" {
			return true
		}
	}
	return false
}

// fieldTargets harvests the targets that keep being targets when filled.
func (h *harvester) fieldTargets(targets []Target, fields []FormField) {
	byID := make(map[string]FormField, len(fields))
	for _, f := range fields {
		byID[f.FieldID] = f
	}
	h.order = map[string]int{}
	for i, t := range targets {
		h.order[t.ID] = i
		f, ok := byID[t.ID]
		v := fieldAnswer(f, t)
		if !ok || v == "" {
			h.res.Unanswered = append(h.res.Unanswered, t)
			if t.QuestionID != "" {
				h.open[t.QuestionID] = true
			}
			continue
		}
		h.taken[t.ID] = true
		if t.QuestionID != "" {
			h.given[t.QuestionID] = true
		}
		num, q := splitNumber(t.Question)
		h.res.Answers = append(h.res.Answers, HarvestedAnswer{ID: t.ID, QuestionID: t.QuestionID, Number: num, Question: q,
			Answer: v, Kind: t.Kind, Options: t.Options})
	}
}

// numberFields gives the field answers whose question text holds no
// number the number standing in a cell of its own left of the question
// (a filled list cell stays a target; its number is in column A).
func (h *harvester) numberFields(cs *CompactStructure, targets []Target) error {
	nums, err := cs.QuestionNumbers(targets)
	if err != nil {
		return err
	}
	for i := range h.res.Answers {
		if a := &h.res.Answers[i]; a.Number == "" {
			a.Number = nums[a.QuestionID]
		}
	}
	return nil
}

// fieldAnswer is the answer target t's field holds: "" for an unticked
// box, and for text still holding what the form put there for the
// respondent to write over (a drawn blank, a placeholder, a prompt
// repeating the question), which target detection offers as open.
func fieldAnswer(f FormField, t Target) string {
	v := strings.TrimSpace(f.CurrentValue)
	if t.Kind == TargetCheckbox || f.FieldType == "checkbox" {
		switch strings.ToLower(v) {
		case "", "off", "false", "0", "no", "☐", "unchecked":
			return ""
		}
		return "Yes"
	}
	if slices.Contains(t.Options, v) {
		// A choice made ("Practically impossible [1]"), unless it is the
		// list's "<Select One>".
		if IsSelectPrompt(v) {
			return ""
		}
		return v
	}
	if !hasWordChars(v) || LeadsWithPlaceholder(v) {
		return "" // the blank itself (___, ……, mm/dd/yyyy), left as the form drew it
	}
	if _, q := splitNumber(t.Question); EchoesLabel(q, v) {
		return "" // "Vendor Name" under "Vendor Name": the template's prompt
	}
	return v
}

// elements harvests the answers of tables, sheets and running text, in
// one pass over the map's elements.
func (h *harvester) elements(cs *CompactStructure) {
	elems := cs.index.elems
	tables := map[string][]cellText{}
	var tableOrder []string
	section := ""
	var q *paraQuestion
	for i, e := range elems {
		if _, seen := h.order[e.id]; !seen {
			h.order[e.id] = len(h.order) + i
		}
		if e.target || h.taken[e.id] {
			continue
		}
		if c, ok := parseCell(e.id, e.full); ok {
			c.formula = isFormula(cs, i)
			if _, seen := tables[c.table]; !seen {
				tableOrder = append(tableOrder, c.table)
			}
			tables[c.table] = append(tables[c.table], c)
			continue
		}
		section, q = h.paragraph(e, section, q)
	}
	for _, t := range tableOrder {
		h.table(tables[t])
	}
}

// paraQuestion is the question paragraph whose answer is being read.
type paraQuestion struct {
	id, number, text, section string
	answer                    *HarvestedAnswer
	style                     string
}

// paragraph reads one paragraph of running text.
func (h *harvester) paragraph(e compactElement, section string, q *paraQuestion) (string, *paraQuestion) {
	text := strings.TrimSpace(e.full)
	if !hasWordChars(text) {
		return section, q // empty, or a blank drawn with ___ or dots
	}
	n := h.nodes[e.id]
	label := strings.TrimSpace(n.ListLabel)
	switch {
	case isHeading(n.Style, text):
		return text, nil
	case isQuestionText(label, text):
		num, qt := splitNumber(text)
		if label != "" {
			num = strings.TrimRight(label, ".)")
		}
		return section, &paraQuestion{id: e.id, number: num, text: qt, section: section}
	case q == nil || h.open[q.id]:
		return section, q
	case q.answer == nil:
		h.res.Answers = append(h.res.Answers, HarvestedAnswer{ID: e.id, QuestionID: q.id, Number: q.number, Question: q.text,
			Answer: text, Kind: TargetText, Section: q.section})
		q.answer, q.style = &h.res.Answers[len(h.res.Answers)-1], n.Style
		return section, q
	case n.Style == q.style:
		a := &h.res.Answers[len(h.res.Answers)-1]
		a.Answer += "\n" + text
		return section, q
	}
	return section, nil // guidance or other text: the answer has ended
}

// questionStart numbers a question: "1.4", "2.", "A.1", "AIS-01.1", "Q12".
var questionStart = regexp.MustCompile(`^\(?((?:[A-Z]{1,6}[-.]?)?\d+(?:[.-]\d+)*[a-z]?)[.):]?\s+(\S.*)$`)

// splitNumber splits a question's leading number from its text.
func splitNumber(s string) (string, string) {
	s = strings.TrimSpace(s)
	if m := questionStart.FindStringSubmatch(s); m != nil {
		return strings.TrimRight(m[1], "."), m[2]
	}
	return "", s
}

// numberedParagraph is a paragraph starting with a question's number: a
// bare number ("25 Technology Park", "7 years") starts an answer, so the
// number has parts ("1.4"), a letter prefix ("Q12", "AIS-01") or closing
// punctuation ("3.", "2)").
var numberedParagraph = regexp.MustCompile(`^\(?(?:[A-Z]{1,6}[-.]?\d+|\d+[.-]\d+|\d+[.)])`)

// maxQuestionText bounds a question paragraph: longer text answers.
const maxQuestionText = 300

// isQuestionText reports a paragraph that asks: numbered, or ending in a
// question mark or a colon.
func isQuestionText(label, s string) bool {
	if len(s) > maxQuestionText {
		return false // an answer, numbered as a list
	}
	if label != "" || numberedParagraph.MatchString(s) && questionStart.MatchString(s) {
		return hasLetters(s)
	}
	return strings.HasSuffix(s, "?") || strings.HasSuffix(s, ":") && len(s) < 200
}

// isHeading reports a heading: a heading style, or short upper-case text.
func isHeading(style, s string) bool {
	if strings.HasPrefix(style, "heading") || strings.HasPrefix(style, "title") {
		return true
	}
	return len(s) < 120 && hasLetters(s) && strings.ToUpper(s) == s
}

func hasLetters(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// hasWordChars reports text holding a letter or digit: not a blank drawn
// with underscores, dots or brackets.
func hasWordChars(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// cellText is one cell of a table or sheet.
type cellText struct {
	table, id, text string
	row, col        int
	formula         bool // computed by the workbook: never an answer
}

var cellParts = regexp.MustCompile(`^(.*)-R(\d+)-C(\d+)$`)

// parseCell reads a cell's table, row and column from its ID
// (S1-R5-C3, T2-R3-C2).
func parseCell(id, text string) (cellText, bool) {
	m := cellParts.FindStringSubmatch(id)
	if m == nil {
		return cellText{}, false
	}
	r, _ := strconv.Atoi(m[2])
	c, _ := strconv.Atoi(m[3])
	return cellText{table: m[1], id: id, text: strings.TrimSpace(text), row: r, col: c}, true
}

// QuestionNumbers returns the number of each target's question that
// stands in a cell of its own left of the question ("1.4" | "Years in
// operation" | blank), by the question's element ID: carry_over matches
// numbers first. Of several (a control's "AIS-01" and its question's
// "AIS-01.1"), the one nearest the question is its own.
func (cs *CompactStructure) QuestionNumbers(targets []Target) (map[string]string, error) {
	cs, err := cs.Whole()
	if err != nil || cs.index == nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, t := range targets {
		if row, ok := rowOf(t.QuestionID); ok {
			want[row] = true
		}
	}
	numbers := map[string][]cellText{} // a row's number-like cells, in map order
	for _, e := range cs.index.elems {
		row, ok := rowOf(e.id)
		if !ok || !want[row] || !isNumberLike(e.full) {
			continue
		}
		if c, ok := parseCell(e.id, e.full); ok {
			numbers[row] = append(numbers[row], c)
		}
	}
	out := map[string]string{}
	for _, t := range targets {
		row, _ := rowOf(t.QuestionID)
		q, isCell := parseCell(t.QuestionID, "")
		if !isCell {
			continue
		}
		best := 0
		for _, c := range numbers[row] {
			if c.col < q.col && c.col > best {
				out[t.QuestionID], best = c.text, c.col
			}
		}
	}
	return out, nil
}
