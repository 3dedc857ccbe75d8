package excel

import (
	"strings"
	"time"
)

// A date the agent writes as the map shows the cell's format. parseDate
// takes only spellings no reader can misread (2026-11-28, 28 November
// 2026): 01/02/2026 is January to some and February to others. But a cell
// whose format is m/d/yyyy, and whose map line says so, tells which: there
// 11/28/2026 is the 28th of November, and was written as text into the
// date cell (or refused, where a formula reads the cell as a number).

// dateOrder is the order of month and day the date format s shows: 'm'
// for month first (m/d/yyyy), 'd' for day first (d/m/yyyy), 0 when it
// shows no numeric day and month in either order (yyyy-mm-dd, mmm-yy, a
// time, a number format). A built-in format is read as the map shows it
// (builtinDates).
func dateOrder(s *cellFormat) byte {
	switch {
	case s == nil:
		return 0
	case s.CustomNumFmt != nil:
		return codeDateOrder(*s.CustomNumFmt)
	}
	return codeDateOrder(builtinDates[s.NumFmt])
}

// codeDateOrder is dateOrder of a format code: of its first section
// (codeSections), literals and [brackets] left out, whichever of d and m
// comes first, when both come before any y. An m after h is minutes, and
// stops the search.
func codeDateOrder(code string) byte {
	c := strings.ToLower(quoted.ReplaceAllString(codeSections(code)[0], ""))
	d, m := strings.IndexByte(c, 'd'), strings.IndexByte(c, 'm')
	if h := strings.IndexByte(c, 'h'); h >= 0 && (m < 0 || h < m) {
		return 0
	}
	if d < 0 || m < 0 {
		return 0
	}
	if y := strings.IndexByte(c, 'y'); y >= 0 && y < min(d, m) {
		return 0 // year first: parseDate's ISO spellings
	}
	if m < d {
		return 'm'
	}
	return 'd'
}

// orderLayouts are the numeric spellings of a date, month first and day
// first, with the separators a date format shows.
var orderLayouts = map[byte][]string{
	'm': {"1/2/2006", "1-2-2006", "1.2.2006"},
	'd': {"2/1/2006", "2-1-2006", "2.1.2006"},
}

// parseDateIn reads answer as a date for a cell whose format shows order
// (dateOrder): parseDate's spellings, then the numeric ones in that order.
func parseDateIn(answer string, order byte) (time.Time, bool) {
	if t, ok := parseDate(answer); ok {
		return t, true
	}
	s := strings.TrimSpace(answer)
	for _, l := range orderLayouts[order] {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// dateOrderAt is dateOrder of the cell's shown format.
func (w *writer) dateOrderAt(sheet string, c cell) byte {
	return dateOrder(w.format(w.shownStyle(sheet, c)))
}
