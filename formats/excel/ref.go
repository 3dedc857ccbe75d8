package excel

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Excel's sheet bounds (XFD1048576).
const (
	maxCols = 16384
	maxRows = 1048576
)

// cell is one resolved cell position.
type cell struct {
	sheet    int // 1-based sheet index
	row, col int // 1-based
}

// rowColLess orders cells in a sheet's reading order: by row, then
// column. Every ordering of cells within a sheet uses it, so all agree.
func rowColLess(r1, c1, r2, c2 int) bool { return r1 < r2 || r1 == r2 && c1 < c2 }

// ID is the cell's element ID, S1-R5-C3.
func (c cell) ID() string {
	// A map writes one per line: strconv rather than fmt's reflection.
	b := make([]byte, 0, 24)
	b = strconv.AppendInt(append(b, 'S'), int64(c.sheet), 10)
	b = strconv.AppendInt(append(b, "-R"...), int64(c.row), 10)
	b = strconv.AppendInt(append(b, "-C"...), int64(c.col), 10)
	return string(b)
}

// name is the cell's A1 name without sheet, C5.
func (c cell) name() string {
	n, _ := excelize.CoordinatesToCellName(c.col, c.row)
	return n
}

var (
	idPattern  = regexp.MustCompile(`^[Ss](\d{1,6})-[Rr](\d{1,7})-[Cc](\d{1,5})$`)
	a1Pattern  = regexp.MustCompile(`^\$?([A-Za-z]{1,3})\$?(\d{1,7})$`)
	errNoMatch = fmt.Errorf("expected an element ID such as S1-R5-C3 or a reference such as Sheet1!C5 or 'Sheet name'!C5")
)

// parseRef reads an element ID or a Sheet!A1 reference against wb. A bare
// A1 reference is accepted when the workbook has one sheet only.
func (wb *workbook) parseRef(s string) (cell, error) {
	s = strings.TrimSpace(s)
	if m := idPattern.FindStringSubmatch(s); m != nil {
		sh, _ := strconv.Atoi(m[1])
		row, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		c := cell{sheet: sh, row: row, col: col}
		if sh < 1 || sh > len(wb.sheets) {
			return cell{}, fmt.Errorf("%s: no sheet %d; the workbook has %d sheet(s): %s", s, sh, len(wb.sheets), quoteList(wb.sheets))
		}
		return c, checkBounds(s, c)
	}
	sheet, ref, ok := splitSheetRef(s)
	if !ok {
		if a1Pattern.MatchString(s) && len(wb.sheets) == 1 {
			sheet, ref = wb.sheets[0], s
		} else {
			return cell{}, fmt.Errorf("%q: %w", s, errNoMatch)
		}
	}
	idx, err := wb.sheetIndex(sheet)
	if err != nil {
		return cell{}, fmt.Errorf("%s: %w", s, err)
	}
	m := a1Pattern.FindStringSubmatch(ref)
	if m == nil {
		return cell{}, fmt.Errorf("%q: %q is not a cell reference such as C5", s, ref)
	}
	col, err := excelize.ColumnNameToNumber(m[1])
	if err != nil {
		return cell{}, fmt.Errorf("%q: column %q is beyond XFD", s, m[1])
	}
	row, _ := strconv.Atoi(m[2])
	c := cell{sheet: idx, row: row, col: col}
	return c, checkBounds(s, c)
}

func checkBounds(s string, c cell) error {
	if c.row < 1 || c.row > maxRows || c.col < 1 || c.col > maxCols {
		return fmt.Errorf("%s: row %d, column %d is outside the sheet (A1:XFD1048576)", s, c.row, c.col)
	}
	return nil
}

// splitSheetRef splits Sheet!C5 or a quoted 'Sheet name'!C5 (a quote
// inside the name doubled) into sheet and cell.
func splitSheetRef(s string) (sheet, ref string, ok bool) {
	if strings.HasPrefix(s, "'") {
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] != '\'' {
				b.WriteByte(s[i])
				continue
			}
			if i+1 < len(s) && s[i+1] == '\'' {
				b.WriteByte('\'')
				i++
				continue
			}
			if i+1 < len(s) && s[i+1] == '!' {
				return b.String(), s[i+2:], true
			}
			return "", "", false
		}
		return "", "", false
	}
	i := strings.LastIndexByte(s, '!')
	if i <= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// quoteSheet writes a sheet name as Excel formulas do: quoted when it holds
// anything but letters, digits, underscores and dots.
func quoteSheet(name string) string {
	plain := name != ""
	for _, r := range name {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if plain && !(name[0] >= '0' && name[0] <= '9') {
		return name
	}
	return "'" + strings.ReplaceAll(name, "'", "''") + "'"
}

// xpath is the cell's Excel reference with its sheet, Sheet!C5.
func (wb *workbook) xpath(c cell) string {
	return quoteSheet(wb.sheets[c.sheet-1]) + "!" + c.name()
}

// sheetName is the name of the cell's sheet.
func (wb *workbook) sheetName(c cell) string { return wb.sheets[c.sheet-1] }
