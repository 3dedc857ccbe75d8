package excel

import (
	"html"
	"regexp"
	"strings"

	"github.com/formfill/formfill/formats"
)

// maxListCells bounds how many cells a list validation's source range may
// name before formfill stops reading it (a whole column is 1M cells).
const maxListCells = 1000

var xmlTag = regexp.MustCompile(`</?[A-Za-z][\w:.-]*>`)

// rule is one data validation of a sheet, with list options resolved.
type rule struct {
	sqref    string
	typ      string
	rects    []rect
	options  []string // list rules only; nil when the source could not be resolved
	operator string
	formula1 string
	formula2 string
	prompt   string // the input message's title and text
	stray    []int8 // per rectangle: 0 not yet known, 1 in use, 2 stray (see listAt)
}

// rules reads the data validations of sheet (whose scan sc may be nil)
// and resolves list sources.
func (wb *workbook) rules(sheet string, sc *sheetScan) ([]rule, error) {
	dvs, err := wb.dataValidations(sheet, sc)
	if err != nil {
		return nil, err
	}
	out := make([]rule, 0, len(dvs))
	shown := map[string]*shownTexts{} // the lists' sheets, each read once
	for _, dv := range dvs {
		r := rule{sqref: dv.sqref, typ: dv.typ, operator: dv.operator, formula1: dv.formula1, formula2: dv.formula2, prompt: promptText(dv)}
		for _, part := range strings.Fields(dv.sqref) {
			if rc, ok := parseRect(part); ok {
				r.rects = append(r.rects, rc)
			}
		}
		if dv.typ == "list" {
			r.options = wb.listOptionsFrom(shown, sheet, dv.formula1, 0)
		}
		out = append(out, r)
	}
	return out, nil
}

// promptText is a validation's input message, title first.
func promptText(dv validation) string {
	var parts []string
	for _, p := range []*string{dv.promptTitle, dv.prompt} {
		if p != nil && strings.TrimSpace(*p) != "" {
			parts = append(parts, strings.TrimSpace(*p))
		}
	}
	return strings.Join(parts, ": ")
}

// listOptions resolves a list validation's formula: a literal list
// ("Yes,No"), a range (Lists!$A$1:$C$1, $A$1:$A$3 on the same sheet) or a
// defined name referring to one. depth stops name cycles.
func (wb *workbook) listOptions(sheet, formula string, depth int) []string {
	return wb.listOptionsFrom(map[string]*shownTexts{}, sheet, formula, depth)
}

// listOptionsFrom is listOptions reading the sheets' texts through shown,
// which keeps each sheet read (see shownTexts).
func (wb *workbook) listOptionsFrom(shown map[string]*shownTexts, sheet, formula string, depth int) []string {
	// Validations in the x14 extension list carry their formula wrapped
	// in <xm:f>…</xm:f>.
	f := strings.TrimPrefix(strings.TrimSpace(html.UnescapeString(xmlTag.ReplaceAllString(formula, ""))), "=")
	if strings.HasPrefix(f, `"`) && strings.HasSuffix(f, `"`) && len(f) >= 2 {
		var opts []string
		for _, o := range strings.Split(f[1:len(f)-1], ",") {
			if o = strings.TrimSpace(o); o != "" {
				opts = append(opts, o)
			}
		}
		return opts
	}
	if depth > 3 || f == "" {
		return nil
	}
	src, ref, ok := splitSheetRef(f)
	if !ok {
		src, ref = sheet, f
	}
	if rc, ok := parseRect(ref); ok {
		if idx, err := wb.sheetIndex(src); err == nil {
			src = wb.sheets[idx-1]
			t, ok := shown[src]
			if !ok {
				t = wb.readShown(src)
				shown[src] = t
			}
			return rangeValues(t, rc)
		}
		return nil
	}
	for _, dn := range wb.book.names {
		if strings.EqualFold(dn.name, f) && (dn.scope == "Workbook" || dn.scope == sheet) {
			return wb.listOptionsFrom(shown, sheet, dn.refersTo, depth+1)
		}
	}
	return nil
}

// rangeValues returns the non-empty cell texts of rc on the sheet whose
// texts t holds.
func rangeValues(t *shownTexts, rc rect) []string {
	if rc.c2-rc.c1+1 > maxListCells {
		rc.c2 = rc.c1 + maxListCells - 1
	}
	if width := rc.c2 - rc.c1 + 1; (rc.r2-rc.r1+1)*width > maxListCells {
		rc.r2 = rc.r1 + maxListCells/width - 1
	}
	var out []string
	for r := rc.r1; r <= rc.r2; r++ {
		for c := rc.c1; c <= rc.c2; c++ {
			if v := t.at(r, c); strings.TrimSpace(v) != "" {
				out = append(out, strings.TrimSpace(v))
			}
		}
	}
	return out
}

// matchOption finds value among options ignoring case and surrounding
// space, returning the option's own spelling.
func matchOption(value string, options []string) (string, bool) {
	v := formats.Normalize(value)
	for _, o := range options {
		if formats.Normalize(o) == v {
			return o, true
		}
	}
	return "", false
}

// dataValidations converts a sheet's rules for extract_structure.
func (m *sheetModel) dataValidations() []formats.DataValidation {
	out := make([]formats.DataValidation, 0, len(m.rules))
	for _, r := range m.rules {
		out = append(out, formats.DataValidation{Range: r.sqref, Type: r.typ, Options: r.options})
	}
	return out
}
