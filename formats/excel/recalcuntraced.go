package excel

import "strings"

// untraced is how a formula reads cells that none of its references
// names, so that the graph cannot tell whether it reads a written cell:
// recalc counts it a dependent of every write (see dependents) and, as it
// cannot compute it either, removes its cached value and says why, rather
// than leave a value that may be stale. The larger kind wins in a formula
// with several, for the reason given.
type untraced uint8

const (
	tracedFully     untraced = iota
	untracedRef              // a reference or name formfill cannot resolve: a 3D range (Sheet1:Sheet3!A1), a name defined by a formula
	untracedTable            // a structured reference structuredA1 cannot resolve (an unknown table or column, a form it does not read)
	untracedDynamic          // INDIRECT or OFFSET: the cells read are computed
)

// dynamicRef are the functions whose result names the cells read.
var dynamicRef = map[string]bool{"INDIRECT": true, "OFFSET": true}

// reason is why a formula of kind u cannot be computed. A dynamic one
// calls a volatile function, which uncomputable names first.
func (u untraced) reason() string {
	switch u {
	case untracedRef:
		return "it reads a reference or name formfill cannot resolve (a 3D range, or a name defined by a formula)"
	case untracedTable:
		return "it reads a table by a structured reference (Table[Column]) formfill cannot resolve to cells"
	}
	return "the cells it reads cannot be traced"
}

// externalRef reports whether a reference token holding "[" reads another
// workbook ([1]Sheet!A1, '[Book.xlsx]Sheet 1'!A1, [1]!Name): the bracket
// opens it and a "!" follows the closing one. Anything else with a
// bracket is a structured reference to a table of this workbook.
func externalRef(tok string) bool {
	tok = strings.TrimPrefix(tok, "'")
	if !strings.HasPrefix(tok, "[") {
		return false
	}
	end := strings.IndexByte(tok, ']')
	return end > 0 && strings.Contains(tok[end:], "!")
}
