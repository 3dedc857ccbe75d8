package excel

import (
	"strconv"
	"strings"

	"github.com/xuri/nfp"
)

// numFormat is what number formatting does with a style's cells.
type numFormat int

const (
	formatNone    numFormat = iota // no style, or an index past the cell formats: text as it is
	formatGeneral                  // General: text as it is, numbers to 15 digits
	formatText                     // another format with no text section: text as it is
	formatOther                    // the format book formats the cell
)

// formatHidesZero, added to a kind, marks a format whose zero section is
// empty ("0;;;@"): a zero shows nothing (see beforeBook).
const formatHidesZero numFormat = 1 << 3

// kind is f without formatHidesZero.
func (f numFormat) kind() numFormat { return f &^ formatHidesZero }

// leavesText reports whether number formatting leaves text in a cell of
// style index as it is: no style, an index past the cell formats,
// General, Text (@), or a custom format with no text section.
func (wb *workbook) leavesText(style int) bool { return wb.numFormat(style).kind() != formatOther }

// numFormat is the kind of style index's number format. The kinds of all
// the workbook's cell formats are worked out once, by number format: a
// sheet's cells ask for theirs from any lane (see eachSheet).
func (wb *workbook) numFormat(style int) numFormat {
	wb.readStyles()
	if style <= 0 || style >= len(wb.formats) {
		return formatNone // no style, or an index past the cell formats
	}
	return wb.formats[style]
}

// numFormats is the kind of each cell format's number format, by style
// index.
func (d *stylesDoc) numFormats() []numFormat {
	byID := map[int]numFormat{}
	kinds := make([]numFormat, len(d.xfs))
	for i, xf := range d.xfs {
		id := 0
		if xf.numFmt != nil {
			id = *xf.numFmt
		}
		k, ok := byID[id]
		if !ok {
			k = d.numFormat(id)
			byID[id] = k
		}
		kinds[i] = k
	}
	return kinds
}

// numFormat is the kind of number format id: custom if the workbook
// defines it (its Excel 2016 code first, as the format book reads it),
// else built in.
func (d *stylesDoc) numFormat(id int) numFormat {
	for _, f := range d.numFmts {
		if f.id != id {
			continue
		}
		code := f.code
		if f.code16 != "" {
			code = f.code16
		}
		k := formatText
		p := nfp.NumberFormatParser()
		for _, sec := range p.Parse(code) {
			if sec.Type == nfp.TokenSectionText {
				k = formatOther
			}
		}
		if hidesZero(code) {
			k |= formatHidesZero
		}
		return k
	}
	switch id {
	case 0:
		return formatGeneral
	case 49:
		return formatText
	}
	return formatOther
}

// numberText is the text of a number cell with no style or the General
// format: its value rewritten as a plain decimal, 15 significant digits
// at most (Excel's precision, and what openpyxl and Excel's formula bar
// show); a value that is no number as it is.
func numberText(v string) string {
	isNum, precision, number := isNumeric(v)
	if !isNum {
		return v
	}
	if precision > 15 {
		return strconv.FormatFloat(number, 'G', 15, 64)
	}
	return strconv.FormatFloat(number, 'f', -1, 64)
}

// hidesZero reports a number format code whose zero section, its third,
// is empty, and that has no conditions ([>0]), which choose sections
// otherwise.
func hidesZero(code string) bool {
	secs := codeSections(code)
	if len(secs) < 3 || secs[2] != "" {
		return false
	}
	for _, sec := range secs {
		if strings.Contains(sec, "[<") || strings.Contains(sec, "[>") || strings.Contains(sec, "[=") {
			return false
		}
	}
	return true
}

// codeSections splits a number format code at its semicolons outside
// quotes and escapes.
func codeSections(code string) []string {
	var secs []string
	start, quoted := 0, false
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '"':
			quoted = !quoted
		case c == '\\' && !quoted:
			i++
		case c == ';' && !quoted:
			secs = append(secs, code[start:i])
			start = i + 1
		}
	}
	return append(secs, code[start:])
}

// isNumeric reads v: whether it is a number (Go's syntax, but no digit
// separators: a value with an underscore is text), how many digits it has
// written out in full, and its value.
func isNumeric(v string) (bool, int, float64) {
	if strings.Contains(v, "_") {
		return false, 0, 0
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return false, 0, 0
	}
	full := strconv.FormatFloat(f, 'f', -1, 64)
	return true, len(full) - strings.Count(full, "."), f
}
