package word

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Filling a legacy form field (legacy.go reads them): a text answer goes
// into the field's result, keeping the field, its bookmark and the
// result's look; a drop-down's answer selects its entry.

// fillLegacyText writes a text answer into the one FORMTEXT or
// FORMDROPDOWN field of the target: into the field's result, which keeps
// the field, its bookmark and the result's formatting. It reports whether
// the target was such a field target, and the text the field now shows
// (the answer in the field's format).
func fillLegacyText(t target, text string, c *content) (bool, string, error) {
	fields := textFields(t.el)
	if len(fields) == 0 {
		return false, "", nil
	}
	for _, f := range fields {
		if f.end == nil && (splitFieldRuns(f.begin.Parent()) || joinFieldParagraphs(f)) {
			fields = textFields(t.el) // its parts were packed in shared runs, or its result ran over paragraphs
			break
		}
	}
	if len(fields) > 1 {
		return fillLegacyFields(t, fields, text, c)
	}
	f := fields[0]
	if f.end == nil {
		return true, "", unendedFieldError(t.id, f)
	}
	if f.kind() == "dropdown" {
		pick, err := setLegacyDropdown(t.id, f, text)
		if err != nil {
			return true, "", err
		}
		setResult(f, []*etree.Element{textRun(keptRPr(resultRPr(f)), pick)})
		return true, pick, nil
	}
	if c == nil {
		fitted, err := f.info().fitText(text)
		if err != nil {
			return true, "", formats.Wrap(formats.ErrInvalidArgument, t.id, err, "the answer does not fit the form field")
		}
		text = fitted
	}
	setResult(f, answerRunsRPr(text, c, keptRPr(resultRPr(f))))
	return true, text, nil
}

// unendedFieldError refuses a field whose result does not end in its own
// paragraph even once split runs and paragraphs are joined: its end sits in
// another cell (or past a table), so its result spans a cell boundary.
// Writing the answer there would either cut the field in two or erase
// whatever the other cell shows as part of the result; the message names
// the field, where it ends and what to do.
func unendedFieldError(id string, f legacyField) error {
	where := "past the end of its paragraph, outside it"
	if tc := ancestorW(f.begin, nil, "tc"); tc != nil {
		where = "in another cell (its result runs over the cell boundary)"
		if end := fieldEndAfter(f.begin); end != nil && ancestorW(end, nil, "tc") == tc {
			where = "further down its cell, past a nested table"
		}
	}
	return formats.Errorf(formats.ErrInvalidArgument, id,
		"form field %q does not end in its paragraph: its end is %s, so writing the answer would cut through the field; "+
			"expected a field whose begin and end sit in one paragraph: fix the field in Word (retype it in its cell) or answer the text around it with replace_text", f.name(), where)
}

// fieldNames lists fields by name for a message.
func fieldNames(fields []legacyField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = fmt.Sprintf("%q", f.name())
	}
	return strings.Join(names, ", ")
}

// resultRPr is the formatting an answer in the field takes: that of its
// first result run, else of the run that begins the field.
func resultRPr(f legacyField) *etree.Element {
	if old := f.resultRuns(); len(old) > 0 {
		if rPr := childW(old[0], "rPr"); rPr != nil {
			return rPr
		}
	}
	return childW(f.begin, "rPr")
}

// keptRPr is a copy of a result run's properties for the answer: all of
// them (the field's result keeps its look), less a placeholder style.
func keptRPr(rPr *etree.Element) *etree.Element {
	if rPr == nil {
		return nil
	}
	out := rPr.Copy()
	for _, st := range childrenW(out, "rStyle") {
		if strings.Contains(strings.ToLower(val(st)), "placeholder") {
			out.RemoveChild(st)
		}
	}
	return out
}

// setResult replaces the field's result with runs, adding the separate
// part when the field has none.
func setResult(f legacyField, runs []*etree.Element) {
	p := f.end.Parent()
	if f.separate == nil {
		sep := etree.NewElement("w:r")
		if rPr := childW(f.begin, "rPr"); rPr != nil {
			sep.AddChild(rPr.Copy())
		}
		sep.CreateElement("w:fldChar").CreateAttr("w:fldCharType", "separate")
		p.InsertChildAt(f.end.Index(), sep)
	}
	for _, e := range f.resultNodes() {
		p.RemoveChild(e)
	}
	at := f.end.Index()
	for i, r := range runs {
		p.InsertChildAt(at+i, r)
	}
}

// answerRunsRPr is the answer as runs with properties rPr.
func answerRunsRPr(text string, c *content, rPr *etree.Element) []*etree.Element {
	if c != nil {
		return c.inline(rPr)
	}
	return []*etree.Element{textRun(rPr, text)}
}

// setLegacyDropdown selects the entry matching text.
func setLegacyDropdown(id string, f legacyField, text string) (string, error) {
	opts := f.options()
	pick, ok := matchOption(opts, text)
	if !ok {
		return "", formats.Errorf(formats.ErrInvalidArgument, id, "%q is not an entry of drop-down %q; expected one of %s", text, f.name(), strings.Join(opts, " | "))
	}
	dd := childW(f.ff, "ddList")
	for _, r := range childrenW(dd, "result") {
		dd.RemoveChild(r)
	}
	for i, o := range opts {
		if o == pick {
			res := etree.NewElement("w:result")
			res.CreateAttr("w:val", strconv.Itoa(i))
			dd.InsertChildAt(0, res)
			break
		}
	}
	return pick, nil
}
