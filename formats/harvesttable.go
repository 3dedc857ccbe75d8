package formats

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxHeaderCell bounds a header cell: a column's name, not a question.
const maxHeaderCell = 80

// tableLayout is what harvest learns of a table or sheet from its header.
type tableLayout struct {
	headerRow   int
	questionCol int          // 0: the first text cell after the row's number
	answerCols  map[int]bool // nil: the first cell right of the question
}

// table harvests the answers of one table or sheet, given its non-empty
// cells in document order.
func (h *harvester) table(cells []cellText) {
	rows := map[int][]cellText{}
	var order []int
	for _, c := range cells {
		if !hasWordChars(c.text) {
			continue // empty, or a blank drawn with ___
		}
		if _, seen := rows[c.row]; !seen {
			order = append(order, c.row)
		}
		rows[c.row] = append(rows[c.row], c)
	}
	sort.Ints(order)
	lay := findHeader(rows, order)
	section := ""
	var pending *rowQuestion // a question answered in the row under it
	for _, r := range order {
		if r <= lay.headerRow {
			continue
		}
		row := rows[r]
		sort.Slice(row, func(i, j int) bool { return row[i].col < row[j].col })
		if len(row) == 1 {
			if pending != nil && row[0].row == pending.row+1 && !isNumberLike(row[0].text) && !row[0].formula && !h.open[pending.QuestionID] {
				a := *pending
				a.ID, a.Answer = row[0].id, row[0].text
				h.taken[a.ID] = true
				h.res.Answers = append(h.res.Answers, a.HarvestedAnswer)
			} else if hasLetters(row[0].text) && utf8.RuneCountInString(row[0].text) < maxHeaderCell {
				section = row[0].text
			}
			pending = nil
			continue
		}
		pending = h.row(row, lay, section)
	}
}

// rowQuestion is a question a row asks without answering it beside.
type rowQuestion struct {
	HarvestedAnswer
	row int
}

// findHeader finds a header row naming answer columns: a row of short
// cells, one of them an answer column's name, before the questions.
func findHeader(rows map[int][]cellText, order []int) tableLayout {
	for i, r := range order {
		if i >= 12 {
			break // a header heads the table
		}
		row := rows[r]
		if len(row) < 2 {
			continue
		}
		if lay, ok := readHeader(r, row); ok {
			return lay
		}
	}
	return tableLayout{}
}

// idColumn names a column of question numbers ("Question ID", "Control
// No.", "Ref"), not of questions.
var idColumn = regexp.MustCompile(`(?i)\b(id|ids|no|nos|number|numbers|ref|reference|#)\b|#`)

// namesQuestions is a header saying outright that its column holds the
// questions: it outranks other question words ("Control Specification").
var namesQuestions = regexp.MustCompile(`(?i)\bquestions?\b`)

// readHeader reads one candidate header row (its cells in column order):
// the question column and the answer columns. An answer column's header
// spans the header-less columns after it when another header follows
// them (a merged "Answers" over Yes | No | N/A), and a column between two
// answer columns is one too: the respondent's columns stand together.
func readHeader(r int, row []cellText) (tableLayout, bool) {
	lay := tableLayout{headerRow: r, answerCols: map[int]bool{}}
	if isNumberLike(row[0].text) {
		// A row led by a question's number is a question and its answer
		// ("GNRL-03 | Product Description | a note on the question"), not
		// a header, whatever words its cells use.
		return lay, false
	}
	strong := false
	for i, c := range row {
		if utf8.RuneCountInString(c.text) > maxHeaderCell {
			return lay, false
		}
		switch {
		case ReviewerColumn.MatchString(c.text):
		case AnswerColumn.MatchString(c.text) && !QuestionColumn.MatchString(c.text):
			lay.answerCols[c.col] = true
			if i+1 < len(row) {
				for col := c.col + 1; col < row[i+1].col; col++ {
					lay.answerCols[col] = true
				}
			}
		case QuestionColumn.MatchString(c.text) && !idColumn.MatchString(c.text):
			if s := namesQuestions.MatchString(c.text); lay.questionCol == 0 || s && !strong {
				lay.questionCol, strong = c.col, s
			}
		}
	}
	if len(lay.answerCols) == 0 || lay.questionCol == 0 {
		return lay, false
	}
	first, last := 0, 0
	for col := range lay.answerCols {
		if first == 0 || col < first {
			first = col
		}
		last = max(last, col)
	}
	for _, c := range row {
		if c.col > lay.questionCol && c.col > first && c.col < last && !ReviewerColumn.MatchString(c.text) {
			lay.answerCols[c.col] = true
		}
	}
	return lay, true
}

// row harvests one row of a table: its question and the answers beside
// it. A question with nothing beside it is returned: its answer may be in
// the row under it.
func (h *harvester) row(row []cellText, lay tableLayout, section string) *rowQuestion {
	qi := -1
	number := ""
	for i, c := range row {
		if lay.questionCol > 0 {
			if c.col == lay.questionCol {
				qi = i
			} else if c.col < lay.questionCol && isNumberLike(c.text) {
				number = c.text
			}
			continue
		}
		if isNumberLike(c.text) && qi < 0 {
			number = c.text
			continue
		}
		if hasLetters(c.text) && !lay.answerCols[c.col] {
			qi = i
			break
		}
	}
	// A question with a target still open is answered when a header's
	// answer column holds a value: one mark among Yes | No | N/A leaves
	// the other tick columns open. Without a header the first cell right
	// of it may be anything, so it stays unanswered.
	if qi < 0 {
		return nil
	}
	// Without a header, the first cell right of a question is its answer
	// only where no target of it has one: beside a target holding the
	// answer it is whatever the sheet puts there ("End Table Data").
	open := h.open[row[qi].id]
	if (open || h.given[row[qi].id]) && lay.answerCols == nil {
		return nil
	}
	q := row[qi]
	num, text := splitNumber(q.text)
	if number == "" {
		number = num
	} else {
		text = q.text
	}
	base := HarvestedAnswer{QuestionID: q.id, Number: strings.TrimSpace(number), Question: text, Kind: TargetText, Section: section}
	answered := false
	for _, c := range row[qi+1:] {
		if lay.answerCols != nil && !lay.answerCols[c.col] || c.formula {
			continue
		}
		a := base
		a.ID, a.Answer = c.id, c.text
		h.taken[c.id] = true
		h.res.Answers = append(h.res.Answers, a)
		answered = true
		if lay.answerCols == nil {
			break // the first cell right of the question
		}
	}
	if answered || open {
		return nil
	}
	return &rowQuestion{HarvestedAnswer: base, row: q.row}
}

// isNumberLike reports a question's number standing alone in its cell:
// "1.4", "AIS-01.1", "Q12", "A.1.2".
func isNumberLike(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 24 || strings.Count(s, " ") > 0 || !strings.ContainsAny(s, "0123456789") {
		return false
	}
	lower := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			lower++
		}
	}
	return lower <= 1
}
