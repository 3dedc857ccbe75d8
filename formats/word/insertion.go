package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// inheritedRPr are the run properties an answer takes over from the text
// around its target, listed in schema order of CT_RPr. Placeholder styling
// is deliberately left out: highlight and vanish are not among them, and
// inheritRPr drops a character style whose ID names a placeholder
// (PlaceholderText).
var inheritedRPr = map[string]bool{
	"rStyle": true, "rFonts": true, "b": true, "bCs": true, "i": true, "iCs": true,
	"caps": true, "smallCaps": true, "strike": true, "color": true, "spacing": true,
	"sz": true, "szCs": true, "u": true, "lang": true,
}

// inheritRPr copies the inheritable properties of src (a w:rPr, or nil)
// into a new w:rPr, or returns nil when nothing is inherited.
func inheritRPr(src *etree.Element) *etree.Element {
	if src == nil {
		return nil
	}
	var out *etree.Element
	for _, c := range src.ChildElements() {
		if c.Space != "w" || !inheritedRPr[c.Tag] {
			continue
		}
		if c.Tag == "rStyle" && strings.Contains(strings.ToLower(val(c)), "placeholder") {
			continue
		}
		if out == nil {
			out = etree.NewElement("w:rPr")
		}
		out.AddChild(c.Copy())
	}
	return out
}

// contextRPr finds the run properties an answer at el should inherit: the
// first run carrying text, else the first paragraph mark's properties.
func contextRPr(el *etree.Element) *etree.Element {
	var found, mark *etree.Element
	descend(el, func(e *etree.Element) bool {
		if found != nil || (e != el && isW(e, "tbl")) {
			return false
		}
		switch {
		case isW(e, "r"):
			if strings.TrimSpace(textOf(e)) != "" {
				found = childW(e, "rPr")
				if found == nil {
					found = etree.NewElement("w:rPr")
				}
			}
			return false
		case isW(e, "pPr") && mark == nil:
			mark = childW(e, "rPr")
			return false
		}
		return true
	})
	if found != nil {
		return found
	}
	return mark
}

// cleanText removes characters XML 1.0 cannot carry (they make Word refuse
// the file) and normalises line ends to \n.
func cleanText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\t' || r == '\n':
			return r
		case r < 0x20, r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF, r > 0x10FFFF:
			return -1
		}
		return r
	}, s)
}

// textRun builds one w:r holding text with properties rPr (copied): line
// breaks become w:br, tabs w:tab.
func textRun(rPr *etree.Element, text string) *etree.Element {
	r := etree.NewElement("w:r")
	if rPr != nil && len(rPr.Child) > 0 {
		r.AddChild(rPr.Copy())
	}
	text = cleanText(text)
	var seg strings.Builder
	flush := func() {
		if seg.Len() == 0 {
			return
		}
		t := r.CreateElement("w:t")
		t.CreateAttr("xml:space", "preserve")
		t.SetText(seg.String())
		seg.Reset()
	}
	for _, c := range text {
		switch c {
		case '\n':
			flush()
			r.CreateElement("w:br")
		case '\t':
			flush()
			r.CreateElement("w:tab")
		default:
			seg.WriteRune(c)
		}
	}
	flush()
	return r
}

// BuildInsertion implements build_insertion_xml. plain_text becomes a run
// inheriting the formatting of target_context_xml; structured XML is checked
// to be well-formed OOXML made of allowed elements only.
func (*Engine) BuildInsertion(req formats.BuildInsertionRequest) (*formats.BuildInsertionResult, error) {
	switch req.AnswerType {
	case formats.Structured:
		if _, err := parseInsertion(req.AnswerText); err != nil {
			return &formats.BuildInsertionResult{InsertionXML: req.AnswerText, Valid: false, Error: err.Error()}, nil
		}
		return &formats.BuildInsertionResult{InsertionXML: req.AnswerText, Valid: true}, nil
	case formats.PlainText, "":
	default:
		return nil, formats.Errorf(formats.ErrInvalidArgument, "answer_type", "%q is not plain_text or structured", req.AnswerType)
	}
	var rPr *etree.Element
	if strings.TrimSpace(req.TargetContextXML) != "" {
		ctx, err := parseFragment(req.TargetContextXML)
		if err != nil {
			return nil, formats.Wrap(formats.ErrInvalidArgument, "target_context_xml", err, "cannot read the target context")
		}
		rPr = inheritRPr(fragmentRPr(ctx))
	}
	return &formats.BuildInsertionResult{InsertionXML: elementXML(textRun(rPr, req.AnswerText)), Valid: true}, nil
}

// fragmentRPr returns the run properties a context fragment suggests.
func fragmentRPr(els []*etree.Element) *etree.Element {
	for _, e := range els {
		if isW(e, "rPr") {
			return e
		}
		if r := contextRPr(e); r != nil {
			return r
		}
	}
	return nil
}
