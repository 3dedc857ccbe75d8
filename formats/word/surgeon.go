package word

import (
	"strings"

	"github.com/beevik/etree"
)

// The formatting surgeon edits a span of one paragraph's visible text: it
// maps the text to the w:t elements that hold it, splits runs exactly at
// the span's ends, keeps every run outside the span as it was, and refuses
// spans that would cut through something the text merely shows (a field
// result, a hyperlink, a content control) or remove something that shows
// no text (a footnote reference, a drawing).

// piece is one visible unit of a paragraph's text: a w:t, or a w:tab, w:br
// or w:cr standing for one character, with the run that holds it.
type piece struct {
	el, r      *etree.Element
	start, end int // byte offsets in paraText.text
}

// barrier is something at a point of the text that an edit must not
// remove: a footnote or comment reference, a drawing, a symbol.
type barrier struct {
	pos  int
	what string
}

// container is an inline element or field holding runs. An edit stays
// wholly inside or wholly outside it; inside only when it is enterable.
type container struct {
	start, end int
	what       string
	enterable  bool
}

// paraText is a paragraph's visible text and where each part of it lives.
// Field instructions, deleted text and the content of drawings (text
// boxes) are not part of it.
type paraText struct {
	p          *etree.Element
	text       string
	pieces     []piece
	barriers   []barrier
	containers []container
}

// openField is a complex field (w:fldChar begin … end) being read.
type openField struct {
	instr       strings.Builder
	resultStart int // -1 until w:fldChar separate
}

// paraReader builds a paraText.
type paraReader struct {
	pt     *paraText
	b      strings.Builder
	fields []*openField
}

// readPara reads p's visible text and structure.
func readPara(p *etree.Element) *paraText {
	r := &paraReader{pt: &paraText{p: p}}
	r.children(p)
	for len(r.fields) > 0 { // a field running on into the next paragraph
		r.closeField()
	}
	r.pt.text = r.b.String()
	return r.pt
}

// inlineContainers are the elements inside a paragraph that hold runs,
// named for error messages; the value says whether an edit may change
// text inside them.
var inlineContainers = map[string]bool{
	"hyperlink": true, "sdt": true, "smartTag": true, "customXml": true, "ins": true, "moveTo": true,
	"dir": true, "bdo": true, "fldSimple": false,
}

// ignoredInline are paragraph children that show nothing and stay where
// they are when the text around them changes.
var ignoredInline = map[string]bool{
	"pPr": true, "bookmarkStart": true, "bookmarkEnd": true, "commentRangeStart": true, "commentRangeEnd": true,
	"proofErr": true, "permStart": true, "permEnd": true, "moveFromRangeStart": true, "moveFromRangeEnd": true,
	"moveToRangeStart": true, "moveToRangeEnd": true, "customXmlInsRangeStart": true, "customXmlInsRangeEnd": true,
	"customXmlDelRangeStart": true, "customXmlDelRangeEnd": true, "sdtPr": true, "sdtEndPr": true,
}

func (r *paraReader) children(el *etree.Element) {
	for _, tok := range el.Child {
		e, ok := tok.(*etree.Element)
		if !ok {
			continue
		}
		r.inline(e)
	}
}

// inline reads one child of a paragraph or of an inline container.
func (r *paraReader) inline(e *etree.Element) {
	if e.Space != "w" {
		r.barrier(foreignName(e))
		return
	}
	switch {
	case e.Tag == "r":
		r.run(e)
	case ignoredInline[e.Tag]:
	case e.Tag == "del" || e.Tag == "moveFrom":
		r.barrier("tracked deletion")
	case e.Tag == "sdtContent":
		r.children(e)
	default:
		enterable, ok := inlineContainers[e.Tag]
		if !ok {
			if hasW(e, "t") || hasW(e, "drawing") {
				r.barrier("<w:" + e.Tag + ">")
			}
			return
		}
		start := r.b.Len()
		r.children(e)
		what := containerName(e)
		if e.Tag == "fldSimple" {
			instr, _ := attr(e, "w", "instr")
			what, enterable = fieldName(instr), isFormText(instr)
		}
		r.pt.containers = append(r.pt.containers, container{start: start, end: r.b.Len(), what: what, enterable: enterable})
	}
}

// run reads one w:r: its text, field characters and the things it holds
// that show no text.
func (r *paraReader) run(run *etree.Element) {
	for _, tok := range run.Child {
		c, ok := tok.(*etree.Element)
		if !ok {
			continue
		}
		if c.Space != "w" {
			r.barrier(foreignName(c))
			continue
		}
		switch c.Tag {
		case "rPr", "lastRenderedPageBreak", "softHyphen", "delText", "delInstrText", "annotationRef":
		case "fldChar":
			r.fldChar(c)
		case "instrText":
			if n := len(r.fields); n > 0 {
				r.fields[n-1].instr.WriteString(c.Text())
			}
		case "t":
			r.text(c, run, c.Text())
		case "tab":
			r.text(c, run, "\t")
		case "br", "cr":
			r.text(c, run, "\n")
		default:
			r.barrier(runChildName(c))
		}
	}
}

// text adds a piece, unless it sits in a field's instructions.
func (r *paraReader) text(el, run *etree.Element, s string) {
	if n := len(r.fields); n > 0 && r.fields[n-1].resultStart < 0 {
		return
	}
	start := r.b.Len()
	r.b.WriteString(s)
	r.pt.pieces = append(r.pt.pieces, piece{el: el, r: run, start: start, end: r.b.Len()})
}

func (r *paraReader) barrier(what string) {
	r.pt.barriers = append(r.pt.barriers, barrier{pos: r.b.Len(), what: what})
}

// fldChar follows a complex field: its result becomes a container. A
// field begun in an earlier paragraph counts from this one's start.
func (r *paraReader) fldChar(c *etree.Element) {
	typ, _ := attr(c, "w", "fldCharType")
	switch typ {
	case "begin":
		r.fields = append(r.fields, &openField{resultStart: -1})
	case "separate":
		if len(r.fields) == 0 {
			r.fields = append(r.fields, &openField{resultStart: 0})
			r.fields[0].instr.WriteString("(begun in an earlier paragraph)")
			return
		}
		r.fields[len(r.fields)-1].resultStart = r.b.Len()
	case "end":
		if len(r.fields) == 0 {
			r.pt.containers = append(r.pt.containers, container{start: 0, end: r.b.Len(), what: "a field begun in an earlier paragraph"})
			return
		}
		r.closeField()
	}
}

func (r *paraReader) closeField() {
	f := r.fields[len(r.fields)-1]
	r.fields = r.fields[:len(r.fields)-1]
	start := f.resultStart
	if start < 0 {
		start = r.b.Len()
	}
	instr := strings.TrimSpace(f.instr.String())
	r.pt.containers = append(r.pt.containers, container{start: start, end: r.b.Len(), what: fieldName(instr), enterable: isFormText(instr)})
}

// fieldName names a field by its instruction: `REF field "REF _Ref12 \h"`.
func fieldName(instr string) string {
	instr = strings.Join(strings.Fields(instr), " ")
	if instr == "" {
		return "a field"
	}
	return strings.ToUpper(strings.Fields(instr)[0]) + " field \"" + shorten(instr, 60) + "\""
}

// isFormText reports whether a field is a legacy text form field, whose
// result is the value a user typed (other fields' results are computed by
// Word and would come back on the next update).
func isFormText(instr string) bool {
	f := strings.Fields(instr)
	return len(f) > 0 && strings.EqualFold(f[0], "FORMTEXT")
}

// containerName names an inline container for error messages.
func containerName(e *etree.Element) string {
	switch e.Tag {
	case "hyperlink":
		return "a hyperlink"
	case "sdt":
		if n := controlName(e); n != "" {
			return "content control \"" + n + "\""
		}
		return "a content control"
	case "ins", "moveTo":
		return "a tracked insertion"
	}
	return "<w:" + e.Tag + ">"
}

// controlName is a content control's alias, else its tag.
func controlName(sdt *etree.Element) string {
	pr := childW(sdt, "sdtPr")
	if pr == nil {
		return ""
	}
	if n := val(childW(pr, "alias")); n != "" {
		return n
	}
	return val(childW(pr, "tag"))
}

// runChildName names what a run holds besides text, for error messages.
func runChildName(c *etree.Element) string {
	switch c.Tag {
	case "footnoteReference":
		v, _ := attr(c, "w", "id")
		return "footnote reference " + v
	case "endnoteReference":
		v, _ := attr(c, "w", "id")
		return "endnote reference " + v
	case "commentReference":
		v, _ := attr(c, "w", "id")
		return "the anchor of comment " + v
	case "drawing", "pict":
		return "a drawing"
	case "object":
		return "an embedded object"
	case "sym":
		return "a symbol character"
	case "noBreakHyphen":
		return "a non-breaking hyphen"
	case "ptab":
		return "a positional tab"
	}
	return "<w:" + c.Tag + ">"
}

// foreignName names an element outside the w namespace.
func foreignName(e *etree.Element) string {
	if e.Space == "mc" {
		return "a drawing or object (mc:AlternateContent)"
	}
	if e.Tag == "oMath" || e.Tag == "oMathPara" {
		return "an equation"
	}
	return "<" + e.FullTag() + ">"
}

// crossing returns what the span [a, b) of the text cuts through or would
// remove, or "" when it is safe to edit. An empty span is an insertion
// point: it must not fall inside a container it may not enter.
func (pt *paraText) crossing(a, b int) string {
	for _, br := range pt.barriers {
		if a < br.pos && br.pos < b {
			return br.what
		}
	}
	for _, c := range pt.containers {
		inside := c.start <= a && b <= c.end
		switch {
		case a < b && b <= c.start, a < b && a >= c.end: // wholly outside
		case a == b && (a <= c.start || a >= c.end):
		case inside && c.enterable:
		case inside && c.start < c.end:
			return "the result of " + c.what + ", which Word computes (edit what the field shows instead)"
		default:
			return c.what
		}
	}
	return ""
}
