package excel

import (
	"fmt"
	"strings"
)

// What a number, date or length validation allows, in words: the target's
// hint ("a whole number ≥ 0", "a date after 1/1/2000"), so an agent writes
// a value the cell takes.

// operatorWords are Excel's validation operators as a reader says them.
var operatorWords = map[string]string{
	"greaterThan": "> %s", "greaterThanOrEqual": "≥ %s", "lessThan": "< %s", "lessThanOrEqual": "≤ %s",
	"equal": "= %s", "notEqual": "≠ %s", "between": "between %s and %s", "notBetween": "not between %s and %s",
}

// kindWords name what each validation type accepts.
var kindWords = map[string]string{
	"whole": "a whole number", "decimal": "a number", "date": "a date", "time": "a time",
} // a length's bound is the target's max_chars

// bounds says what the rule accepts, "" for a list, a length (max_chars
// says it) or a custom formula (whose condition formfill does not
// evaluate).
func (r *rule) bounds() string {
	kind, ok := kindWords[r.typ]
	if !ok {
		return ""
	}
	op := r.operator
	if op == "" {
		op = "between" // the schema's default
	}
	f, ok := operatorWords[op]
	if !ok {
		return kind
	}
	a, b := r.value(r.formula1), r.value(r.formula2)
	if a == "" {
		return kind
	}
	if strings.Count(f, "%s") == 2 {
		if b == "" {
			return kind
		}
		return kind + " " + fmt.Sprintf(f, a, b)
	}
	return kind + " " + fmt.Sprintf(f, a)
}

// value is a validation bound as a reader reads it: a date rule's serial
// number as a date, anything else as written.
func (r *rule) value(f string) string {
	f = strings.TrimPrefix(strings.TrimSpace(xmlTag.ReplaceAllString(f, "")), "=")
	if r.typ != "date" || f == "" {
		return f
	}
	var serial int
	if _, err := fmt.Sscanf(f, "%d", &serial); err != nil || fmt.Sprint(serial) != f {
		return f
	}
	return excelSerialDate(serial)
}

// excelSerialDate is day serial n of the 1900 date system as m/d/yyyy.
func excelSerialDate(n int) string {
	if n > 59 {
		n-- // Excel's phantom 29 Feb 1900
	}
	y, m, d := 1900, 1, 0
	d += n
	for {
		dim := daysIn(y, m)
		if d <= dim {
			break
		}
		d -= dim
		if m++; m > 12 {
			m, y = 1, y+1
		}
	}
	return fmt.Sprintf("%d/%d/%d", m, d, y)
}

func daysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// validatedTargets adds the blank cells of rows with content under a
// number, date, time, length or custom validation: like a drop-down, a
// validation marks a cell made for an answer, whatever its kind. A
// number cell holding a number its bounds allow (a score set to 0) is
// the cell's current answer, offered like a blank one.
func (m *sheetModel) validatedTargets(l *layout, s *section, qrows map[int]int) {
	for _, ru := range m.rules {
		if ru.typ == "list" || ru.typ == "" || ru.typ == "none" {
			continue
		}
		for _, rc := range ru.rects {
			if rc.r2 > m.maxRow()+blanketRows {
				continue // a validation over whole columns marks nothing
			}
			for r := max(rc.r1, s.r1); r <= min(rc.r2, s.r2, m.maxRow()); r++ {
				m.step()
				if l.bandRows[r] || !m.hasText(r) || qrows != nil && m.strayRow(s, qrows, r) {
					continue
				}
				for c := rc.c1; c <= min(rc.c2, rc.c1+maxListCols-1); c++ {
					if v := m.text(r, c); l.targets[[2]int{r, c}] != nil || !m.blank(v) && !ru.acceptsNumber(v) || !m.answerable(s, r, c) {
						continue
					}
					if qr, qc := m.rowQuestion(s, r, c); qc > 0 && qc != c {
						l.add(m, r, c, qr, qc, s.answerLabel(c))
					}
				}
			}
		}
	}
}
