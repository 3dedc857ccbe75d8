package excel

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// What a target accepts: a list's options, a number, a date, text of
// bounded length, or any text.

// builtinDates are the display formats of Excel's built-in date formats.
var builtinDates = map[int]string{14: "m/d/yyyy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 22: "m/d/yyyy h:mm", 27: "yyyy\"年\"m\"月\"", 30: "m/d/yy", 36: "yyyy\"年\"m\"月\"", 50: "yyyy\"年\"m\"月\"", 57: "yyyy\"年\"m\"月\""}

// describe is the formats.Target of t.
func (m *sheetModel) describe(t *target) formats.Target {
	c := cell{sheet: m.index, row: t.row, col: t.col}
	out := formats.Target{ID: c.ID(), Question: t.label, Kind: formats.TargetText, Grid: t.grid, Hidden: m.hiddenRows[t.row]}
	if t.option != "" {
		out.Question += " — " + t.option
	}
	if t.qCol > 0 {
		out.QuestionID = cell{sheet: m.index, row: t.qRow, col: t.qCol}.ID()
	}
	if r := m.ruleAt(t.row, t.col); r != nil {
		switch r.typ {
		case "list":
			if len(r.options) > 0 {
				out.Kind, out.Options = formats.TargetList, r.options
				return out
			}
		case "whole", "decimal":
			out.Kind = formats.TargetNumber
		case "date":
			out.Kind = formats.TargetDate
		case "textLength":
			out.MaxChars = r.maxLength()
		}
		out.Hint = r.bounds()
	}
	if m.matches(textColumn, t.header) {
		return out // a comments column takes text whatever its cells' format
	}
	if out.Kind == formats.TargetText && out.MaxChars == 0 {
		if cs := codesNear(m.text, t.row, t.col); cs != nil {
			out.Kind, out.Options, out.Hint = formats.TargetList, codeValues(cs), codeHint(cs)
			return out
		}
		if f, ok := m.numericUse(t.row, t.col); ok {
			out.Kind, out.Hint = formats.TargetNumber, numericHint(cell{sheet: m.index, row: f[0], col: f[1]}.ID())
			return out
		}
	}
	s := m.style(t.row, t.col)
	switch numberKind(s) {
	case kindDate:
		out.Kind, out.Format = formats.TargetDate, dateFormat(s)
	case kindNumber:
		if out.Kind == formats.TargetText {
			out.Kind = formats.TargetNumber
		}
	}
	return out
}

// textColumn names a column of free text.
var textColumn = formats.MustPattern(`(?i)\b(comments?|notes?|remarks?|explanations?|explain|descriptions?|justifications?|details|additional information)\b`)

// formatNoise is what a number format code holds besides the pattern
// a reader would write: locale and colour tags, escapes, quotes, and the
// sections after the first.
var formatNoise = regexp.MustCompile(`\[[^\]]*\]|\\|"|_.|\*.|;.*$`)

// maxLength is the longest text a textLength validation allows, 0 when it
// sets no upper bound.
func (r *rule) maxLength() int {
	bound := func(f string) int {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(f), "="))
		if err != nil || n < 0 {
			return 0
		}
		return n
	}
	switch r.operator {
	case "lessThan":
		return max(bound(r.formula1)-1, 0)
	case "lessThanOrEqual", "equal":
		return bound(r.formula1)
	case "between", "":
		return bound(r.formula2)
	}
	return 0
}

// dateFormat is the display format of a date-formatted style.
func dateFormat(s *cellFormat) string {
	if s == nil {
		return ""
	}
	if s.CustomNumFmt != nil {
		return strings.TrimSpace(formatNoise.ReplaceAllString(*s.CustomNumFmt, ""))
	}
	return builtinDates[s.NumFmt]
}

// hint is how the compact line says what the target accepts.
func hint(t formats.Target) string {
	switch {
	case t.Kind == formats.TargetList:
		return "list: " + strings.Join(t.Options, "|")
	case t.Kind == formats.TargetDate && t.Format != "":
		return "date " + t.Format
	case t.Hint != "" && t.Kind != formats.TargetText:
		return t.Hint
	case t.MaxChars > 0:
		return fmt.Sprintf("max %d chars", t.MaxChars)
	case t.Kind != formats.TargetText:
		return string(t.Kind)
	}
	return ""
}

// fieldType is list_form_fields' field_type of a target.
func fieldType(t formats.Target) string { return string(t.Kind) }
