package excel

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// maxCellChars is Excel's limit on the characters of one cell: Excel
// refuses longer text, so a write refuses it rather than cut it.
const maxCellChars = 32767

// placeholder matches the blanks replace_placeholder fills.
var placeholder = regexp.MustCompile(`\[[^\]]*\]|\{\{[^}]*\}\}|<[^<>]*>|_{3,}|\.{4,}|…`)

// writer applies answers to one open workbook, caching per-sheet facts.
type writer struct {
	wb       *workbook
	sheets   map[string]bool // sheets written
	merges   map[string][]mergeRange
	rules    map[string][]rule
	written  map[cell]string // cell → pair_id that wrote it
	scans    map[string]*sheetScan
	numeric  map[string]*numericReads // per sheet, see checkNumeric
	date1904 bool
	// edits are what the patching save writes, by sheet name and [row,
	// col]; styled are the styles extendGrid gave cells. The write's reads
	// see them laid over the sheet's scan (see cellAt).
	edits  map[string]map[[2]int]cellEdit
	styled map[cell]int
	// dvCopies are, by sheet name, the cells whose validations extendGrid
	// gave another cell: from, to. xfs are the cell formats dates added.
	dvCopies map[string][][2]cell
	xfs      *xfAppender
	noXFs    bool           // the styles part cannot take new cell formats
	cells    *cellFormatter // formats the cells it reads, made when first asked
	// dataScans are the scans of irregular sheets' cells (see cellScan).
	dataScans map[string]*sheetScan
	// prepared is the formula graph built before the answers were put,
	// nil when none was (see prepareRecalc); keep are the sheets (by
	// index) whose scans it keeps while it is built.
	prepared *preparedGraph
	keep     map[int]bool
}

func newWriter(wb *workbook) *writer {
	w := &writer{wb: wb, sheets: map[string]bool{}, merges: map[string][]mergeRange{}, rules: map[string][]rule{},
		written: map[cell]string{}, scans: map[string]*sheetScan{}, numeric: map[string]*numericReads{},
		edits: map[string]map[[2]int]cellEdit{}, styled: map[cell]int{}, dvCopies: map[string][][2]cell{}, dataScans: map[string]*sheetScan{}}
	w.date1904 = wb.book.date1904
	return w
}

// put writes value to c for the answer called name, and returns the cell
// it wrote: c, or the anchor of the merged range c lies in.
func (w *writer) put(name string, c cell, value string, a formats.Answer) (formats.Change, cell, []string, error) {
	mode := a.Mode
	sheet := w.wb.sheetName(c)
	var warns []string
	if mr := w.mergeAt(sheet, c); mr != nil && (mr.r1 != c.row || mr.c1 != c.col) {
		anchor := cell{sheet: c.sheet, row: mr.r1, col: mr.c1}
		warns = append(warns, fmt.Sprintf("%s: %s lies inside merged range %s; written to its anchor %s", name, c.name(), mr.ref, anchor.name()))
		c = anchor
	}
	ref := c.name()
	if err := w.refuseFormula(name, sheet, c); err != nil {
		return formats.Change{}, c, nil, err
	}
	before, err := w.shownText(w.cellAt(sheet, c))
	if err != nil {
		return formats.Change{}, c, nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "cell %s could not be read", w.wb.xpath(c))
	}
	final, err := combine(name, before, value, a)
	if err != nil {
		return formats.Change{}, c, nil, err
	}
	if before == "" {
		// A cell that shows something came with the document: its own
		// formatting stands, even in a row the grid never styled.
		w.extendGrid(sheet, c, final)
	}
	if final != "" || mode != formats.Delete && mode != formats.ReplaceText {
		if final, err = w.checkList(name, sheet, c, final, &warns); err != nil {
			return formats.Change{}, c, nil, err
		}
		if !w.listed(sheet, c) {
			if final, err = w.checkCode(name, sheet, c, final, &warns); err != nil {
				return formats.Change{}, c, nil, err
			}
			if warn := w.checkNumeric(name, sheet, c, final); warn != nil {
				warns = append(warns, warn.Error()) // written: the recalculation gives the formula Excel's value
			}
		}
	}
	if !w.wb.sheetVisible(sheet) {
		warns = append(warns, fmt.Sprintf("%s: sheet %q is hidden; the answer will not show until it is unhidden", name, sheet))
	} else if sc := w.scan(sheet); sc != nil && sc.hiddenRows[c.row] {
		warns = append(warns, fmt.Sprintf("%s: row %d of sheet %q is hidden; the answer will not show until it is unhidden", name, c.row, sheet))
	}
	if n := len([]rune(final)); n > maxCellChars {
		return formats.Change{}, c, nil, formats.Errorf(formats.ErrInvalidArgument, name, "the answer has %d characters; an Excel cell holds at most %d", n, maxCellChars)
	}
	if prev, dup := w.written[c]; dup {
		warns = append(warns, fmt.Sprintf("%s: %s was already written by %s; the later answer wins", name, ref, prev))
	}
	if err := w.store(sheet, c, before, final); err != nil {
		return formats.Change{}, c, nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "writing %s failed", w.wb.xpath(c))
	}
	w.written[c], w.sheets[sheet] = name, true
	after, _ := w.shownText(w.cellAt(sheet, c))
	if mode == "" {
		mode = formats.ReplaceContent
	}
	return formats.Change{PairID: name, XPath: w.wb.xpath(c), Mode: mode, Before: before, After: after}, c, warns, nil
}

// refuseFormula refuses a write into a formula cell, or into a cell of an
// array formula's range (Excel refuses changing part of an array). The
// formula named is the scan's: it shifts a shared formula's
// sheet-qualified references as Excel does.
func (w *writer) refuseFormula(name, sheet string, c cell) error {
	sc := w.scan(sheet)
	if f := w.formulaAt(sheet, c); f != "" {
		return formats.Errorf(formats.ErrInvalidArgument, name, "cell %s holds the formula =%s; formfill does not overwrite formulas: choose another cell", w.wb.xpath(c), f)
	}
	if af := sc.arrayCovering(c.row, c.col); af != nil && !af.holds(c.row, c.col) {
		master := cell{sheet: c.sheet, row: af.row, col: af.col}
		return formats.Errorf(formats.ErrInvalidArgument, name, "cell %s lies inside the array formula of %s (=%s); formfill does not overwrite formulas: choose another cell",
			w.wb.xpath(c), w.wb.xpath(master), w.wb.formulaAt(sheet, master.row, master.col, sc))
	}
	return nil
}

// combine applies the write mode to the cell's current text.
func combine(name, before, value string, a formats.Answer) (string, error) {
	switch mode := a.Mode; mode {
	case formats.ReplaceText:
		return formats.ReplaceFound(name, "cell", before, a.Find, value, a.Occurrence)
	case formats.Delete:
		if a.Find == "" {
			return "", nil
		}
		return formats.ReplaceFound(name, "cell", before, a.Find, "", a.Occurrence)
	case formats.InsertAfter, formats.InsertBefore:
		return "", formats.Errorf(formats.ErrInvalidArgument, name,
			"%s adds Word paragraphs; an Excel cell has none — use append to add text to the cell, or address a Word document", mode)
	case formats.Append:
		if strings.TrimSpace(before) == "" {
			return value, nil
		}
		return before + " " + value, nil
	case formats.ReplacePlaceholder:
		if strings.TrimSpace(before) == "" {
			return value, nil
		}
		loc := placeholder.FindStringIndex(before)
		if loc == nil {
			return "", formats.Errorf(formats.ErrInvalidArgument, name, "replace_placeholder: the cell text %q has no placeholder ([…], {{…}}, <…>, ___ or ....); use replace_content or append", clip(before, 80))
		}
		return before[:loc[0]] + value + before[loc[1]:], nil
	}
	return value, nil
}

// checkList holds a value for a list-validated cell to the list, returning
// the option's own spelling.
func (w *writer) checkList(name, sheet string, c cell, value string, warns *[]string) (string, error) {
	rules, ok := w.rules[sheet]
	if !ok {
		var err error
		if rules, err = w.wb.rules(sheet, w.scan(sheet)); err != nil {
			return "", formats.Wrap(formats.ErrInvalidDocument, name, err, "the validations of sheet %q could not be read", sheet)
		}
		w.rules[sheet] = rules
	}
	for _, r := range rules {
		if r.typ != "list" || !inRects(r.rects, c) {
			continue
		}
		if r.options == nil {
			*warns = append(*warns, fmt.Sprintf("%s: the list validating %s draws on a source formfill cannot resolve; the value was not checked against it", name, w.wb.xpath(c)))
			return value, nil
		}
		if opt, ok := matchOption(value, r.options); ok {
			return opt, nil
		}
		return "", formats.Errorf(formats.ErrInvalidArgument, name, "%q is not an option of the list validating %s; choose one of: %s", clip(value, 80), w.wb.xpath(c), strings.Join(r.options, " | "))
	}
	return value, nil
}

// listed reports a cell under a list validation (checkList has read the
// sheet's rules).
func (w *writer) listed(sheet string, c cell) bool {
	for _, r := range w.rules[sheet] {
		if r.typ == "list" && inRects(r.rects, c) {
			return true
		}
	}
	return false
}

func inRects(rs []rect, c cell) bool {
	for _, r := range rs {
		if r.contains(c.row, c.col) {
			return true
		}
	}
	return false
}

// store sets the cell: a date-formatted cell takes a date as a date, a
// number goes in as a number when the cell is number-formatted, empty or
// holds a number, and everything else as a string, never as a formula, whatever it starts
// with. All three keep the cell's style.
func (w *writer) store(sheet string, c cell, before, value string) error {
	kind, text, numFmt := w.storedAs(sheet, c, before, value)
	var err error
	e := cellEdit{row: c.row, col: c.col, kind: kind, text: text, style: noStyle}
	if s, ok := w.styled[c]; ok {
		e.style = s
	} else if prev, ok := w.edits[sheet][[2]int{c.row, c.col}]; ok {
		e.style = prev.style // a date format an earlier answer gave the cell stays
	}
	if numFmt != 0 {
		if e.style, err = w.dateStyle(sheet, c, numFmt); err != nil {
			return err
		}
	}
	m := w.edits[sheet]
	if m == nil {
		m = map[[2]int]cellEdit{}
		w.edits[sheet] = m
	}
	m[[2]int{c.row, c.col}] = e
	return nil
}

// storedAs is how the cell takes value: a date-formatted cell takes a date
// as a date (its serial number), as does an empty General cell an ISO
// date (as Excel does when one is typed: numFmt is then the date format
// the cell needs); a number goes in as a number when the cell is
// number-formatted, empty, or holds a number (a General cell holding text
// keeps text); a boolean cell takes TRUE or FALSE as a
// boolean; everything else goes in as a string, never as a formula,
// whatever it starts with; an empty value clears the cell. A number's
// text is the shortest plain decimal, without an exponent, that reads
// back as the same float.
func (w *writer) storedAs(sheet string, c cell, before, value string) (kind editKind, text string, numFmt int) {
	fk := w.kindAt(sheet, c)
	num := func(n float64, f int) (editKind, string, int) {
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return editString, value, 0
		}
		return editNumber, strconv.FormatFloat(n, 'f', -1, 64), f
	}
	empty := strings.TrimSpace(before) == ""
	if fk == kindDate {
		if t, ok := parseDateIn(value, w.dateOrderAt(sheet, c)); ok {
			return num(excelSerial(t, w.date1904), 0)
		}
	}
	if t, ok := parseDate(value); ok && fk == "" && empty && isoDate(value) && w.canAddStyles() {
		f := numFmtDate
		if t.Hour() != 0 || t.Minute() != 0 || t.Second() != 0 {
			f = numFmtDateTime
		}
		return num(excelSerial(t, w.date1904), f)
	}
	if v := strings.TrimSpace(value); strings.EqualFold(v, "TRUE") || strings.EqualFold(v, "FALSE") {
		if w.cellAt(sheet, c).isBool() {
			return editBool, boolDigit(v), 0
		}
	}
	if n, ok := parseNumber(value); ok && fk != kindText && (fk != "" || empty || w.holdsNumber(sheet, c)) {
		return num(n, 0)
	}
	if n, ok := parseFormatted(value); ok && fk == kindNumber {
		return num(n, 0)
	}
	if fk == "" && (empty || w.holdsNumber(sheet, c)) {
		if k, t, f, ok := w.storedAsTyped(value); ok {
			return k, t, f // "50%" as 0.5 shown 0%, as a plain number goes in (storenumeric.go)
		}
	}
	if k, t, f, ok := w.storedAsRead(sheet, c, value); ok {
		return k, t, f // a number or date a formula reads (storenumeric.go)
	}
	if value == "" {
		// Cleared by a delete: no value at all, not an empty string.
		return editClear, "", 0
	}
	return editString, value, 0
}

// holdsNumber reports whether the cell holds a number now (no t, or
// t="n", and a value): a number written over it stays a number, as
// typing one over it in Excel does, where a General cell holding text
// keeps a number written over it as text.
func (w *writer) holdsNumber(sheet string, c cell) bool {
	return w.cellAt(sheet, c).holdsNumber()
}

// isoDate reports a date written year first (2024-03-31, with or without
// a time): what an agent writes for a date, never a number or a code.
func isoDate(s string) bool {
	s = strings.TrimSpace(s)
	return len(s) >= 10 && s[4] == '-' && s[7] == '-'
}

// canAddStyles reports whether the workbook's styles part takes new cell
// formats (it has cellXfs to copy), reading it once.
func (w *writer) canAddStyles() bool {
	if w.xfs == nil && !w.noXFs {
		var err error
		if w.xfs, err = w.wb.newXFAppender(); err != nil {
			w.noXFs = true
		}
	}
	return w.xfs != nil
}

// dateStyle is the style index of a copy of c's cell format with the date
// format numFmt (see patchstyles.go): the cell reads back as a date.
func (w *writer) dateStyle(sheet string, c cell, numFmt int) (int, error) {
	if !w.canAddStyles() {
		return 0, fmt.Errorf("the styles part takes no new cell format")
	}
	return w.xfs.indexOf(w.shownStyle(sheet, c), numFmt), nil
}

// mergeAt returns the merged range of sheet covering c, or nil.
func (w *writer) mergeAt(sheet string, c cell) *mergeRange {
	ms, ok := w.merges[sheet]
	if !ok {
		// The scan's merge list, read once a write: looking a cell up
		// in it does not compare every pair of ranges.
		if sc := w.scan(sheet); sc != nil {
			for _, ref := range sc.merges {
				if r, ok := parseRect(ref); ok {
					ms = append(ms, mergeRange{ref: ref, rect: r})
				}
			}
		}
		w.merges[sheet] = ms
	}
	for i := range ms {
		if ms[i].contains(c.row, c.col) {
			return &ms[i]
		}
	}
	return nil
}

// scan returns the sheet's scan, nil when it cannot be read.
func (w *writer) scan(sheet string) *sheetScan {
	sc, ok := w.scans[sheet]
	if !ok {
		sc, _ = w.wb.scanSheet(sheet)
		w.scans[sheet] = sc
	}
	return sc
}
