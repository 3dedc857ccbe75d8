package word

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// What a legacy form field's w:ffData says about the answer it takes, read
// once from untrusted markup: every value is optional, and a value that
// does not parse counts as absent.

// formFieldInfo is a legacy field's settings.
type formFieldInfo struct {
	name, help, status string // bookmark name, F1 help text, status-bar text
	kind               string // "text", "checkbox" or "dropdown"
	textType           string // "regular", "number", "date", "currentDate", "currentTime", "calculated"
	format             string // the date picture, number picture or case rule ("UPPERCASE" …)
	defaultText        string // textInput's default
	maxLength          int    // 0 for no limit
	entries            []string
	selected           int // the drop-down's w:result, -1 when absent or out of range
}

// readFormField reads w:ffData. It never fails: markup it does not know is
// left out.
func readFormField(ff *etree.Element) formFieldInfo {
	info := formFieldInfo{kind: "text", textType: "regular", selected: -1}
	if ff == nil {
		return info
	}
	info.name = val(childW(ff, "name"))
	info.help = textHint(childW(ff, "helpText"))
	info.status = textHint(childW(ff, "statusText"))
	switch {
	case childW(ff, "checkBox") != nil:
		info.kind = "checkbox"
	case childW(ff, "ddList") != nil:
		info.kind = "dropdown"
		dd := childW(ff, "ddList")
		for _, e := range childrenW(dd, "listEntry") {
			info.entries = append(info.entries, val(e))
		}
		if i, err := strconv.Atoi(val(childW(dd, "result"))); err == nil && i >= 0 && i < len(info.entries) {
			info.selected = i
		} else if len(info.entries) > 0 && childW(dd, "result") == nil {
			info.selected = 0 // Word shows the first entry when none is chosen
		}
	default:
		in := childW(ff, "textInput")
		if t := val(childW(in, "type")); t != "" {
			info.textType = t
		}
		info.format = val(childW(in, "format"))
		info.defaultText = val(childW(in, "default"))
		if n, err := strconv.Atoi(val(childW(in, "maxLength"))); err == nil && n > 0 {
			info.maxLength = n
		}
	}
	return info
}

// textHint is a help or status text given as text; one that names an
// AutoText entry (w:type="autoText") is not the text itself.
func textHint(e *etree.Element) string {
	if e == nil {
		return ""
	}
	if typ, _ := attr(e, "w", "type"); typ == "autoText" {
		return ""
	}
	return strings.TrimSpace(val(e))
}

// hint is what the map shows of a field beside its question: its help and
// status texts, each once.
func (info formFieldInfo) hint() string {
	var parts []string
	for _, s := range []string{info.help, info.status} {
		if s != "" && (len(parts) == 0 || parts[0] != s) {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " — ")
}

// question is the field's own wording of what it asks, for a cell with no
// better label: help text, else status text, else its name.
func (info formFieldInfo) question() string {
	for _, s := range []string{info.help, info.status} {
		if s != "" {
			return cleanLabel(s)
		}
	}
	return info.name
}

// isPlaceholderResult reports a result that shows no answer: empty, Word's
// five en spaces (or any run of spaces), or the field's own instruction
// ("FORMTEXT", which some producers write as the result). A default text
// ("N/A") is a value the form proposes, not a blank.
func isPlaceholderResult(result string) bool {
	t := strings.TrimFunc(result, unicode.IsSpace)
	return t == "" || strings.EqualFold(t, "FORMTEXT")
}

// fitText turns an answer into what the field holds, as Word would on
// exit from the field: a number or date checked and written in the field's
// format, text in its case. It refuses what Word refuses (too long, not a
// number, not a date), saying what is expected.
func (info formFieldInfo) fitText(answer string) (string, error) {
	out := answer
	switch info.textType {
	case "number":
		n, err := parseNumber(answer)
		if err != nil {
			return "", fmt.Errorf("form field %q takes a number; %q is not one", info.name, answer)
		}
		out = numberInPicture(n, info.format, answer)
	case "date":
		d, ok := parseDateAnswer(answer, info.format)
		if !ok {
			return "", fmt.Errorf("form field %q takes a date; %q is not one (give it as 2026-01-31 or as %s)", info.name, answer, orDefault(info.format, "the form shows it"))
		}
		if info.format != "" {
			out = d.Format(goDateLayout(info.format))
		}
	case "currentDate", "currentTime", "calculated":
		return "", fmt.Errorf("form field %q is computed by Word (%s) and takes no answer", info.name, info.textType)
	default:
		out = applyCase(answer, info.format)
	}
	if n := utf8.RuneCountInString(out); info.maxLength > 0 && n > info.maxLength {
		return "", fmt.Errorf("form field %q holds at most %d characters; the answer has %d: shorten it", info.name, info.maxLength, n)
	}
	return out, nil
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// forcedFormFieldIssues are the structural issues of form fields an answer
// removed with force: unlike other anchors, a form field is where the
// form's user writes, so losing one breaks the form even when asked for.
func forcedFormFieldIssues(forced []anchor) []string {
	var out []string
	for _, a := range forced {
		if a.kind != "field" {
			continue
		}
		switch f := strings.Fields(a.name); {
		case len(f) > 0 && (f[0] == "FORMTEXT" || f[0] == "FORMCHECKBOX" || f[0] == "FORMDROPDOWN"):
			out = append(out, "form field removed by a forced write: "+a.String()+" (the form can no longer be filled there)")
		}
	}
	return out
}

// fillBoxAndField answers a box that comes with a field of its own ("☐
// Others (specify): [field]") with text: the box is ticked and the text
// written into the field. It reports whether the target is such a pair.
func fillBoxAndField(t target, box checkbox, answer string) (bool, error) {
	if box.ff == nil || len(textFields(t.el)) != 1 {
		return false, nil
	}
	done, _, err := fillLegacyText(t, answer, nil)
	if !done || err != nil {
		return done, err
	}
	box.set(true)
	return true, nil
}

// splitFieldRuns splits each run of parent that holds a field character
// beside other content (begin, instruction, separate, result and end all
// in one run, as some producers write a field) into runs of one piece
// each, with the run's properties: a field's parts must be runs of their
// own for its result to be replaced. The first piece stays in the run. It
// reports whether anything was split.
func splitFieldRuns(parent *etree.Element) bool {
	split := false
	for _, r := range childrenW(parent, "r") {
		var pieces []*etree.Element
		hasFldChar := false
		for _, c := range r.ChildElements() {
			if isW(c, "rPr") {
				continue
			}
			hasFldChar = hasFldChar || isW(c, "fldChar")
			pieces = append(pieces, c)
		}
		if !hasFldChar || len(pieces) < 2 {
			continue
		}
		rPr := childW(r, "rPr")
		at := r.Index() + 1
		for _, c := range pieces[1:] {
			r.RemoveChild(c)
			nr := etree.NewElement("w:r")
			if rPr != nil {
				nr.AddChild(rPr.Copy())
			}
			nr.AddChild(c)
			parent.InsertChildAt(at, nr)
			at++
		}
		split = true
	}
	return split
}

// maxFieldParagraphs bounds how far a field's result is followed into the
// paragraphs after its own.
const maxFieldParagraphs = 50

// joinFieldParagraphs brings back into one paragraph a field whose result
// runs over the paragraphs after its own (a multi-line answer typed with
// Enter): the content of those paragraphs, up to and with the field's end
// and what follows it, moves into the field's paragraph and the emptied
// paragraphs go. The answer written then replaces the whole result, its
// lines as line breaks. It reports whether it joined anything; a field
// ending in another container (the next cell) is left alone.
func joinFieldParagraphs(f legacyField) bool {
	p := f.begin.Parent()
	if p == nil || !isW(p, "p") || p.Parent() == nil {
		return false
	}
	depth := fieldDepthAfter(p, f.begin)
	var follow []*etree.Element
	for q, n := nextSiblingElement(p), 0; q != nil && n < maxFieldParagraphs; q, n = nextSiblingElement(q), n+1 {
		if blockMarker[q.Tag] && q.Space == "w" {
			continue // a bookmark or comment edge between the paragraphs stays where it is
		}
		if !isW(q, "p") {
			return false
		}
		follow = append(follow, q)
		if depth = fieldDepthIn(q, depth); depth <= 0 {
			for _, m := range follow {
				for _, c := range m.ChildElements() {
					if isW(c, "pPr") {
						continue
					}
					m.RemoveChild(c)
					p.AddChild(c)
				}
				m.Parent().RemoveChild(m)
			}
			return true
		}
	}
	return false
}

// blockMarker names the range marks that sit between paragraphs.
var blockMarker = map[string]bool{"bookmarkStart": true, "bookmarkEnd": true, "commentRangeStart": true, "commentRangeEnd": true, "permStart": true, "permEnd": true, "proofErr": true}

// fieldDepthAfter is how many fields are open at the end of paragraph p,
// counting from the begin run (which opens one).
func fieldDepthAfter(p, begin *etree.Element) int {
	depth := 0
	for i := begin.Index(); i < len(p.Child); i++ {
		if r, ok := p.Child[i].(*etree.Element); ok && isW(r, "r") {
			depth = stepDepth(r, depth)
		}
	}
	return depth
}

// fieldDepthIn is the open-field count after paragraph q, from depth; it
// stops at the run that closes the last one (0).
func fieldDepthIn(q *etree.Element, depth int) int {
	for _, r := range childrenW(q, "r") {
		if depth = stepDepth(r, depth); depth <= 0 {
			return 0
		}
	}
	return depth
}

// stepDepth applies a run's field characters to an open-field count.
func stepDepth(r *etree.Element, depth int) int {
	for _, fc := range childrenW(r, "fldChar") {
		switch typ, _ := attr(fc, "w", "fldCharType"); typ {
		case "begin":
			depth++
		case "end":
			depth--
		}
	}
	return depth
}

// nextSiblingElement is the element after el in its parent, nil at the end.
func nextSiblingElement(el *etree.Element) *etree.Element {
	p := el.Parent()
	for i := el.Index() + 1; i < len(p.Child); i++ {
		if e, ok := p.Child[i].(*etree.Element); ok {
			return e
		}
	}
	return nil
}
