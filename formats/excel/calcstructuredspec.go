package excel

import "strings"

// A structured reference's specifier (what its outer brackets hold) is
// read here into the rows and columns of its table it names.

// tableRows are the row items a specifier names.
type tableRows uint8

const (
	rowsData tableRows = 1 << iota
	rowsHeaders
	rowsTotals
	rowsAll
	rowsThis
)

// specialItems are the special items by upper-cased spelling.
var specialItems = map[string]tableRows{
	"#DATA": rowsData, "#HEADERS": rowsHeaders, "#TOTALS": rowsTotals, "#ALL": rowsAll, "#THIS ROW": rowsThis,
}

// tableSpec is a specifier read: its row items (none: the data rows) and
// its columns, by name (both empty: every column).
type tableSpec struct {
	rows       tableRows
	col1, col2 string
	cols       bool // a column or a span of columns is named
}

// resolveStructured is the cells a structured reference of table name
// ("" for the table holding the formula) and specifier spec, in the
// formula at at, reads.
func resolveStructured(name, spec string, at cell, tables map[string]*tableDef) (sheetRect, bool) {
	t := tableNamed(name, at, tables)
	if t == nil {
		return sheetRect{}, false
	}
	s, ok := readSpec(spec)
	if !ok {
		return sheetRect{}, false
	}
	r1, r2, ok := t.rowsOf(s.rows, at)
	if !ok {
		return sheetRect{}, false
	}
	c1, c2 := t.ref.c1, t.ref.c2
	if s.cols {
		a, b := t.colIndex(s.col1), t.colIndex(s.col2)
		if a < 0 || b < 0 {
			return sheetRect{}, false
		}
		c1, c2 = t.ref.c1+min(a, b), t.ref.c1+max(a, b)
	}
	return sheetRect{t.sheet, rect{r1, c1, r2, c2}}, true
}

// tableNamed is the table name names, case-insensitively; without a name,
// the table whose range holds at.
func tableNamed(name string, at cell, tables map[string]*tableDef) *tableDef {
	if name != "" {
		return tables[strings.ToUpper(name)]
	}
	for _, t := range tables {
		if t.sheet == at.sheet && t.ref.contains(at.row, at.col) {
			return t
		}
	}
	return nil
}

// colIndex is the index of the column named name, case-insensitively,
// -1 for none.
func (t *tableDef) colIndex(name string) int {
	for i, c := range t.cols {
		if strings.EqualFold(c, name) {
			return i
		}
	}
	return -1
}

// rowsOf is the rows the row items rows read, for a formula at at; false
// for a combination Excel refuses (#REF! or #VALUE!): headers or totals
// the table lacks, a this-row reference off the data rows.
func (t *tableDef) rowsOf(rows tableRows, at cell) (r1, r2 int, ok bool) {
	first, last := t.ref.r1+t.headers, t.ref.r2-t.totals // the data rows
	if first > last {
		return 0, 0, false
	}
	switch rows {
	case 0, rowsData:
		return first, last, true
	case rowsAll:
		return t.ref.r1, t.ref.r2, true
	case rowsHeaders:
		return t.ref.r1, t.ref.r1, t.headers > 0
	case rowsTotals:
		return t.ref.r2, t.ref.r2, t.totals > 0
	case rowsHeaders | rowsData:
		return t.ref.r1, last, t.headers > 0
	case rowsData | rowsTotals:
		return first, t.ref.r2, t.totals > 0
	case rowsThis:
		return at.row, at.row, at.row >= first && at.row <= last
	}
	return 0, 0, false
}

// readSpec reads a specifier: "", a column name (escaped), a special
// item, "@" and a column or a span, or a list of bracketed items.
func readSpec(spec string) (tableSpec, bool) {
	s := strings.TrimSpace(spec)
	switch {
	case s == "":
		return tableSpec{}, true
	case s[0] == '#':
		r, ok := specialItems[strings.ToUpper(s)]
		return tableSpec{rows: r}, ok
	case s[0] == '@':
		out := tableSpec{rows: rowsThis}
		rest := strings.TrimSpace(s[1:])
		switch {
		case rest == "":
			return out, true
		case rest[0] == '[':
			cols, ok := readItems(rest)
			if !ok || cols.rows != 0 {
				return tableSpec{}, false
			}
			cols.rows = rowsThis
			return cols, true
		}
		name, ok := unescapeColumn(rest)
		out.col1, out.col2, out.cols = name, name, true
		return out, ok
	case s[0] == '[':
		return readItems(s)
	}
	name, ok := unescapeColumn(spec)
	return tableSpec{col1: name, col2: name, cols: true}, ok
}

// readItems reads a list of bracketed items: special items, and at most
// one column or span of columns ([Col1]:[Col2]), separated by commas.
func readItems(s string) (tableSpec, bool) {
	var out tableSpec
	for i := 0; ; {
		item, next, ok := nextItem(s, i)
		if !ok {
			return tableSpec{}, false
		}
		if r, special := specialItems[strings.ToUpper(item)]; special && strings.HasPrefix(item, "#") {
			if out.rows&r != 0 {
				return tableSpec{}, false
			}
			out.rows |= r
		} else {
			if out.cols {
				return tableSpec{}, false
			}
			out.cols = true
			out.col1, out.col2 = item, item
			if rest := strings.TrimLeft(s[next:], " "); strings.HasPrefix(rest, ":") {
				next = len(s) - len(rest) + 1
				if out.col2, next, ok = nextItem(s, next); !ok {
					return tableSpec{}, false
				}
			}
		}
		rest := strings.TrimLeft(s[next:], " ")
		if rest == "" {
			return out, true
		}
		if rest[0] != ',' {
			return tableSpec{}, false
		}
		i = len(s) - len(rest) + 1
	}
}

// nextItem reads the bracketed item at or after spaces from i: its text
// unescaped (a special item's as written), and the index after it.
func nextItem(s string, i int) (string, int, bool) {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) || s[i] != '[' {
		return "", 0, false
	}
	end, ok := bracketEnd(s, i)
	if !ok {
		return "", 0, false
	}
	inner := s[i+1 : end-1]
	if strings.HasPrefix(inner, "#") {
		return inner, end, true
	}
	name, ok := unescapeColumn(inner)
	return name, end, ok
}

// unescapeColumn is a column name as a formula writes it with Excel's
// escapes undone: an apostrophe before [ ] # or ' is dropped; a bracket
// unescaped is refused.
func unescapeColumn(s string) (string, bool) {
	if !strings.ContainsAny(s, "'[]") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'':
			if i+1 >= len(s) {
				return "", false
			}
			i++
			b.WriteByte(s[i])
		case '[', ']':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
