package excel

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// ListFields implements list_form_fields: the answer targets of every
// visible sheet, with the question each answers and any list options.
func (e *Engine) ListFields(doc []byte) (fields []formats.FormField, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.fields()
}

// fields lists the answer targets of the workbook's sheets.
func (wb *workbook) fields() (fields []formats.FormField, err error) {
	fields = []formats.FormField{}
	for i := range wb.sheets {
		m, err := wb.loadSheet(i + 1)
		if err != nil {
			return nil, sheetError(wb.sheets[i], err)
		}
		for _, t := range m.findTargets().sorted() {
			fields = append(fields, m.field(t))
		}
	}
	return fields, nil
}

// field is the list_form_fields entry of a target: the same target the
// compact map marks, with the same description.
func (m *sheetModel) field(t *target) formats.FormField {
	c := cell{sheet: m.index, row: t.row, col: t.col}
	d := m.describe(t)
	return formats.FormField{FieldID: d.ID, Label: t.label, FieldType: fieldType(d), CurrentValue: m.text(t.row, t.col),
		Name: t.header, Options: d.Options, Page: m.index, XPath: m.wb.xpath(c)}
}

// Verify implements verify_output: it reads each expected answer's cell
// back and compares it with the expected text.
func (e *Engine) Verify(doc []byte, expected []formats.ExpectedAnswer) (rep *formats.VerificationReport, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	_, rep, err = e.verifyDoc(doc, expected, stop)
	return rep, err
}

// verifyDoc opens doc and verifies it, returning the workbook for a
// comparison with its source (VerifyAgainst).
func (e *Engine) verifyDoc(doc []byte, expected []formats.ExpectedAnswer, stop *formats.Stopper) (*workbook, *formats.VerificationReport, error) {
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, nil, err
	}
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, nil, err
	}
	rep, err := newWriter(wb).verify(expected, newReviewer(wb))
	return wb, rep, err
}

// verify compares expected answers with the workbook's cells, the
// writer's edits included: a fill verifies with the writer that wrote.
// Structural issues: targets that do not resolve, targets under a merged
// range, and answer cells that hold a formula. rv completes the review
// list. It fails only when the call is stopped.
func (w *writer) verify(expected []formats.ExpectedAnswer, rv *reviewer) (*formats.VerificationReport, error) {
	wb := w.wb
	var issues []string
	results := make([]formats.ContentResult, 0, len(expected))
	for _, ex := range expected {
		if err := wb.stop.Check(); err != nil {
			return nil, err
		}
		r := formats.ContentResult{PairID: ex.PairID, Expected: ex.ExpectedText}
		c, err := wb.resolve(formats.Answer{PairID: ex.PairID, XPath: ex.XPath})
		if err != nil {
			issues = append(issues, fmt.Sprintf("%s: target not found: %v", ex.PairID, err))
			r.Status = formats.ContentMissing
			results = append(results, r)
			continue
		}
		sheet := wb.sheetName(c)
		if mr := w.mergeAt(sheet, c); mr != nil && (mr.r1 != c.row || mr.c1 != c.col) {
			if v := w.storedText(sheet, c); v != "" {
				issues = append(issues, fmt.Sprintf("%s: %s holds a value under merged range %s, where Excel does not show it", ex.PairID, wb.xpath(c), mr.ref))
			}
			c = cell{sheet: c.sheet, row: mr.r1, col: mr.c1}
		}
		if f := w.formulaAt(sheet, c); f != "" {
			issues = append(issues, fmt.Sprintf("%s: %s holds the formula =%s, not a written answer", ex.PairID, wb.xpath(c), f))
		}
		r.Actual, r.Status = w.readBack(sheet, c, ex.ExpectedText)
		results = append(results, r)
	}
	rep := formats.Report(issues, results, expected)
	rep.Review = formats.ReviewList(expected, rv.place)
	return rep, nil
}

// readBack reads a cell as shown and, when that does not match, as stored
// (a number in a formatted cell) and as an ISO date (a date cell); a
// number expected in a cell that shows it as a date is no match.
func (w *writer) readBack(sheet string, c cell, expected string) (string, formats.ContentStatus) {
	r := w.cellAt(sheet, c)
	shown, _ := w.shownText(r)
	raw := r.rawShown()
	if w.numberShownAsDate(sheet, c, raw, shown, expected) {
		// 12 under a date format shows 01-12-00: the text holds 12, the
		// ISO date (1900-01-12) too, but what a reader sees is a date.
		return shown, formats.ContentMismatched
	}
	status := formats.Compare(expected, shown)
	if status == formats.ContentMatched || shown == "" && r.value == "" { // a hidden zero shows nothing
		return shown, status
	}
	cands := []string{raw}
	if n, err := strconv.ParseFloat(raw, 64); err == nil {
		want, ok := parseNumber(expected)
		if !ok {
			want, ok = parseFormatted(expected)
		}
		if ok && want == n {
			return shown, formats.ContentMatched
		}
		if w.kindAt(sheet, c) == kindDate {
			if t, err := excelize.ExcelDateToTime(n, w.date1904); err == nil {
				cands = append(cands, t.Format("2006-01-02"))
				if want, ok := parseDateIn(expected, w.dateOrderAt(sheet, c)); ok && want.Equal(t) {
					return shown, formats.ContentMatched
				}
			}
		}
	}
	for _, cand := range cands {
		if formats.Compare(expected, cand) == formats.ContentMatched {
			return shown, formats.ContentMatched
		}
	}
	return shown, status
}

// numberShownAsDate reports a number expected (not a date), plain or
// formatted (1,000, 12.5%), in a date-formatted cell holding a number,
// shown as other text than expected: readBack would otherwise match the
// number it stores.
func (w *writer) numberShownAsDate(sheet string, c cell, raw, shown, expected string) bool {
	if _, err := strconv.ParseFloat(raw, 64); err != nil || w.kindAt(sheet, c) != kindDate {
		return false
	}
	if !isNumberAnswer(expected) || strings.TrimSpace(shown) == strings.TrimSpace(expected) {
		return false
	}
	return !w.readsAsDate(sheet, c, expected)
}

// isNumberAnswer reports an answer that reads as a number, plain (12) or
// formatted (1,000, 12.5%, $5).
func isNumberAnswer(answer string) bool {
	if _, ok := parseNumber(answer); ok {
		return true
	}
	_, ok := parseFormatted(answer)
	return ok
}

// storedText is what a cell itself holds: unlike GetCellValue, which shows
// a merged range's anchor value in every cell of the range.
func (w *writer) storedText(sheet string, c cell) string {
	r := w.cellAt(sheet, c)
	if r.err != nil {
		return "" // a cell that cannot be read (a shared string past the table) stores no text
	}
	return r.rawText()
}

// formulaAt is the formula of the cell at c, as the read tools give it
// (wb.formula: a merged cell shows its range's top-left cell's); "" for a
// cell the write wrote, since a write never keeps one.
func (w *writer) formulaAt(sheet string, c cell) string {
	if _, ok := w.edits[sheet][[2]int{c.row, c.col}]; ok {
		return ""
	}
	return w.wb.formulaAt(sheet, c.row, c.col, w.scan(sheet))
}
