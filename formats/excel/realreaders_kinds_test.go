package excel

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/formfill/formfill/internal/readers"
	"github.com/xuri/excelize/v2"
)

// The comparisons of TestRealWorkbooksReadAsOpenpyxlReads, one kind of
// what a sheet holds each.

// cells compares every cell openpyxl reads a value or a formula in with
// the cell as formfill's model holds it (the scan's cell, as a write
// reads it): its value and type, its number format, and as a text its
// shown text in the rows too.
func (s *sheetCompare) cells() {
	dim, hasDim := parseRect(strings.ReplaceAll(s.parts.Dimension, "$", ""))
	inline, rich := setOf(s.parts.Inline...), setOf(s.parts.Rich...)
	for ref, oc := range s.values {
		col, row, err := excelize.CellNameToCoordinates(ref)
		if err != nil {
			s.t.Fatalf("openpyxl's cell %q: %v", ref, err)
		}
		r := s.w.cellAt(s.m.name, cell{sheet: s.m.index, row: row, col: col})
		if hasDim && !dim.contains(row, col) {
			s.n["outside dimension"]++
		}
		switch oc.Type {
		case "f":
			s.formula(ref, r, oc)
		case "s":
			s.text(ref, r, oc, inline[ref], rich[ref])
		default:
			s.value(ref, r, oc)
		}
		s.format(ref, r, oc)
	}
}

// formula compares a formula cell's formula (spaces aside, see squeeze)
// and its cached result.
func (s *sheetCompare) formula(ref string, r cellRead, oc readers.XLSXCell) {
	s.n["formula"]++
	got, want := s.formulas[ref], s.parts.Formulas[ref]
	if got != want && squeeze(got) != squeeze(want) {
		s.errorf("formula", ref, "%q, openpyxl %q", got, want)
	}
	if oc.Cached {
		s.n["cached result"]++
		if !sameStored(r.rawText(), oc) {
			s.errorf("cached result", ref, "%q (t=%q), openpyxl %q", r.rawText(), r.t, oc.Value)
		}
	}
}

// text compares a text cell: the text the model holds and the rows show.
// openpyxl leaves an inline string's _xHHHH_ escapes; Excel decodes them
// as in shared strings, and so does formfill (unescapeInline).
func (s *sheetCompare) text(ref string, r cellRead, oc readers.XLSXCell, inline, rich bool) {
	kind, want := "text", oc.Value
	switch {
	case inline:
		kind, want = "inline", unescapeInline(want)
	case rich:
		kind = "rich"
	}
	s.n[kind]++
	if r.t != "s" && r.t != "str" && r.t != "inlineStr" {
		s.errorf(kind, ref, "held as t=%q, openpyxl reads text %q", r.t, want)
	}
	if got := r.rawText(); got != want {
		s.errorf(kind, ref, "holds %q, openpyxl %q", got, want)
	}
	col, row, _ := excelize.CellNameToCoordinates(ref)
	if got := s.m.text(row, col); got != want {
		s.errorf(kind, ref, "rows show %q, openpyxl %q", got, want)
	}
}

// value compares a number, date, boolean or error cell: its type, and the
// value stored (a date as its serial number, a boolean as 1 or 0).
func (s *sheetCompare) value(ref string, r cellRead, oc readers.XLSXCell) {
	date := numberKind(s.w.wb.cellFormat(r.style)) == kindDate
	var kind string
	var same bool
	switch oc.Type {
	case "b":
		kind, same = "boolean", r.t == "b"
	case "e":
		kind, same = "error", r.t == "e"
	case "d":
		kind, same = "date", r.t == "d" || r.holdsNumber() && date
	case "n":
		kind, same = "number", r.holdsNumber() && !date
	default:
		kind = "type " + oc.Type
	}
	s.n[kind]++
	if !same {
		s.errorf(kind, ref, "held as t=%q (a date format: %v), openpyxl reads a %s", r.t, date, kind)
	}
	if !sameStored(r.rawText(), oc) {
		s.errorf(kind, ref, "holds %q, openpyxl %q", r.rawText(), oc.Value)
	}
}

// format compares a cell's number format: a custom format's code, else
// the built-in format's ID.
func (s *sheetCompare) format(ref string, r cellRead, oc readers.XLSXCell) {
	s.n["format"]++
	f := s.w.wb.cellFormat(r.style)
	if f != nil && f.CustomNumFmt != nil {
		if *f.CustomNumFmt != oc.Format {
			s.errorf("format", ref, "code %q, openpyxl %q", *f.CustomNumFmt, oc.Format)
		}
		return
	}
	id := 0
	if f != nil {
		id = f.NumFmt
	}
	if want := s.parts.NumFmtIDs[ref]; id != want {
		s.errorf("format", ref, "built-in format %d, openpyxl's cell has %d (%q)", id, want, oc.Format)
	}
}

// strays reports the cells whose text formfill's rows show where openpyxl
// reads nothing (a merged range's covered cells aside, which openpyxl
// empties).
func (s *sheetCompare) strays() {
	for r, row := range s.m.rows {
		for c, v := range row {
			ref := cellName(r+1, c+1)
			if _, read := s.values[ref]; v == "" || read || s.m.covered(r+1, c+1) {
				continue
			}
			s.errorf("stray cell", ref, "rows show %q, openpyxl reads no value", v)
		}
	}
}

// merges compares the merged ranges, as sets of rectangles: openpyxl
// writes a range of one cell as the cell ("I13" for I13:I13).
func (s *sheetCompare) merges() {
	got := make([]string, 0, len(s.m.merged))
	for _, mr := range s.m.merged {
		got = append(got, rectName(mr.rect))
	}
	want := make([]string, 0, len(s.parts.Merges))
	for _, ref := range s.parts.Merges {
		r, ok := parseRect(ref)
		if !ok {
			s.t.Fatalf("openpyxl's merge %q", ref)
		}
		want = append(want, rectName(r))
	}
	slices.Sort(got)
	slices.Sort(want)
	s.n["merge"] += len(want)
	if !slices.Equal(got, want) {
		s.errorf("merge", "", "%v, openpyxl %v", got, want)
	}
}

// validations compares the data validations, in order: those of
// <dataValidations>, then the x14 extension's.
func (s *sheetCompare) validations() {
	vs, err := s.w.wb.dataValidations(s.m.name, s.m.scan)
	must(s.t, err)
	got := make([]string, 0, len(vs))
	for _, v := range vs {
		got = append(got, validationLine(readers.Validation{Sqref: v.sqref, Type: v.typ, Operator: v.operator,
			Formula1: v.formula1, Formula2: v.formula2, Prompt: v.prompt, PromptTitle: v.promptTitle, X14: v.x14}))
	}
	want := make([]string, 0, len(s.parts.Validations))
	for _, v := range s.parts.Validations {
		want = append(want, validationLine(v))
		if v.X14 {
			s.n["x14 validation"]++
		} else {
			s.n["validation"]++
		}
	}
	if !slices.Equal(got, want) {
		s.errorf("validation", "", "\n got %q\nwant %q", got, want)
	}
}

// validationLine is a rule as one comparable line, its ranges in a fixed
// order (openpyxl keeps them as a set).
func validationLine(v readers.Validation) string {
	str := func(p *string) string {
		if p == nil {
			return "<none>"
		}
		return fmt.Sprintf("%q", *p)
	}
	return fmt.Sprintf("x14=%v %s %s op=%s f1=%q f2=%q prompt=%s title=%s", v.X14, ranges(v.Sqref), v.Type,
		v.Operator, v.Formula1, v.Formula2, str(v.Prompt), str(v.PromptTitle))
}

// notes compares the cells' notes, text and author.
func (s *sheetCompare) notes() {
	cs, err := s.w.wb.sheetComments(s.m.name)
	must(s.t, err)
	got := map[string]readers.Note{}
	for _, c := range cs {
		author := c.author
		if author == "" {
			author = "None" // openpyxl's name for an empty <author/> (HECVAT 4.14's C11)
		}
		got[strings.ToUpper(c.ref)] = readers.Note{Text: c.text, Author: author}
	}
	s.n["note"] += len(s.parts.Notes)
	if !maps.Equal(got, s.parts.Notes) {
		s.errorf("note", "", "\n got %v\nwant %v", got, s.parts.Notes)
	}
}

// links compares each cell's hyperlink: where it goes (its target and
// location), what it says it shows and its tip.
func (s *sheetCompare) links() {
	for ref, want := range s.parts.Links {
		s.n["hyperlink"]++
		col, row, _ := excelize.CellNameToCoordinates(ref)
		l := s.m.linkAt(row, col)
		if l == nil {
			s.errorf("hyperlink", ref, "none read, openpyxl %+v", want)
			continue
		}
		if got := (readers.Hyperlink{Target: l.target, Location: l.location, Display: l.display, Tooltip: l.tooltip}); got != want {
			s.errorf("hyperlink", ref, "%+v, openpyxl %+v", got, want)
		}
	}
	for at := range s.m.linkCells {
		if ref := cellName(at[0], at[1]); s.parts.Links[ref] == (readers.Hyperlink{}) {
			s.errorf("hyperlink", ref, "read %+v, openpyxl none", *s.m.linkAt(at[0], at[1]))
		}
	}
}
