package word

import (
	"strings"

	"github.com/beevik/etree"
)

// answerSpans reads an answer's text into styled spans. Tags are parsed
// when tagged is set (the edit modes) or the text holds an inline tag;
// otherwise the text is taken literally, as the original write modes
// always did. Explicit definitions are styled like the document's own when
// it has some; <definition> terms get the document's quotes; <header>s its
// run-in header punctuation. at is the paragraph the text goes into or
// next to: the header style followed is the one nearest to it.
func (d *document) answerSpans(id, text string, tagged bool, at *etree.Element) ([]span, error) {
	spans := []span{{text: text}}
	if tagged || hasInlineTags(text) {
		var err error
		if spans, err = parseTagged(id, text); err != nil {
			return nil, err
		}
	}
	defs := findDefinitions(spansText(spans))
	if len(defs) == 0 && !styled(spans) {
		return spans, nil
	}
	st := flatten(spans)
	rm := d.roleModels()
	if rm.hasDef {
		autoDefine(&st, defs, rm.def)
	}
	quoteDefinitions(&st, rm.definitionStyle())
	if h, ok := rm.headerNear(at); ok {
		punctuateHeaders(&st, h)
	}
	return st.spans(), nil
}

// autoDefine styles explicit definitions written in plain text ("Closing
// Cash" means …) as the document styles its own. Straight quotes typed
// around the term become the document's quotes (an agent types " where
// the agreement has “ ”); other quotes are left as given. Definitions the
// answer tagged itself are left alone. defs are in text order; they are
// styled from the last so that a changed quote does not move the next.
func autoDefine(st *styledText, defs []defMatch, ds definitionStyle) {
	for k := len(defs) - 1; k >= 0; k-- {
		m := defs[k]
		end := m.termEnd + len(closeQuoteAt(st.text, m.termEnd))
		tagged := false
		for _, s := range st.styles[m.open:end] {
			tagged = tagged || s&(styleDefinition|styleHeader) != 0
		}
		if tagged {
			continue
		}
		from, to := m.termStart, m.termEnd
		if ds.QuotesStyled {
			from, to = m.open, end
		}
		for i := from; i < to; i++ {
			st.styles[i] |= styleDefinition
		}
		if st.text[m.open:m.termStart] == `"` && st.text[m.termEnd:end] == `"` && ds.Open != "" && ds.Close != "" {
			st.replace(m.termEnd, end, ds.Close)
			st.replace(m.open, m.termStart, ds.Open)
		}
	}
}

// openQuotes and closeQuotes are the characters that quote a term.
const (
	openQuotes  = `“"‘'«`
	closeQuotes = `”"’'»`
)

// quoteDefinitions gives each <definition> term the document's quotes when
// the answer has none around it, and puts the quotes inside or outside the
// term's formatting as the document does.
func quoteDefinitions(st *styledText, ds definitionStyle) {
	rs := st.ranges(styleDefinition)
	for i := len(rs) - 1; i >= 0; i-- {
		s, e := rs[i][0], rs[i][1]
		inner := st.text[s:e]
		switch {
		case startsWithAny(inner, openQuotes) && endsWithAny(inner, closeQuotes):
			if !ds.QuotesStyled {
				o, c := firstRuneLen(inner), lastRuneLen(inner)
				unstyle(st, s, s+o, styleDefinition)
				unstyle(st, e-c, e, styleDefinition)
			}
		case endsWithAny(st.text[:s], openQuotes) && startsWithAny(st.text[e:], closeQuotes):
			if ds.QuotesStyled && !autoStyled(st, s, e) {
				o, c := lastRuneLen(st.text[:s]), firstRuneLen(st.text[e:])
				restyle(st, s-o, s, styleDefinition)
				restyle(st, e, e+c, styleDefinition)
			}
		default:
			q := st.styles[s] &^ styleDefinition
			if ds.QuotesStyled {
				q |= styleDefinition
			}
			st.insert(e, ds.Close, q)
			st.insert(s, ds.Open, q)
		}
	}
}

// autoStyled reports whether the quotes around [s, e) already carry the
// definition style (autoDefine put them there).
func autoStyled(st *styledText, s, e int) bool {
	return st.styles[s-1]&styleDefinition != 0
}

// punctuateHeaders ends each <header> with the punctuation of the
// document's run-in headers when the answer gave none, and puts a space
// between a header and the text after it.
func punctuateHeaders(st *styledText, h runInHeader) {
	rs := st.ranges(styleHeader)
	for i := len(rs) - 1; i >= 0; i-- {
		s, e := rs[i][0], rs[i][1]
		name := strings.TrimRight(st.text[s:e], " \t")
		end := s + len(name)
		if end == e && e < len(st.text) && strings.ContainsRune(headerPunct, rune(st.text[e])) {
			continue // the answer punctuates the header itself, after it
		}
		if r := lastRune(name); r != 0 && !strings.ContainsRune(headerPunct, r) && h.Punct != "" {
			sty := st.styles[end-1]
			if !h.PunctStyled {
				sty &^= styleHeader
			}
			st.insert(end, h.Punct, sty)
			end += len(h.Punct)
			e += len(h.Punct)
		}
		if e < len(st.text) && end == e && !strings.ContainsAny(st.text[e:e+1], " \t\n") {
			st.insert(e, " ", st.styles[e]&^styleHeader)
		}
	}
}

func startsWithAny(s, chars string) bool {
	for _, c := range chars {
		if strings.HasPrefix(s, string(c)) {
			return true
		}
	}
	return false
}

func endsWithAny(s, chars string) bool {
	for _, c := range chars {
		if strings.HasSuffix(s, string(c)) {
			return true
		}
	}
	return false
}

func firstRuneLen(s string) int {
	for i := range s {
		if i > 0 {
			return i
		}
	}
	return len(s)
}

func lastRuneLen(s string) int { return len(string(lastRune(s))) }

func unstyle(st *styledText, from, to int, s style) {
	for i := from; i < to; i++ {
		st.styles[i] &^= s
	}
}

func restyle(st *styledText, from, to int, s style) {
	for i := from; i < to; i++ {
		st.styles[i] |= s
	}
}

// renderSpans turns spans into runs: each takes base's properties (a
// w:rPr, or nil) with its style added, definitions and headers styled by
// the document's role models. at is the paragraph written to or next to.
func (d *document) renderSpans(spans []span, base, at *etree.Element) []*etree.Element {
	var rm *roleModels
	out := make([]*etree.Element, 0, len(spans))
	for _, s := range spans {
		if s.text == "" {
			continue
		}
		if s.style == 0 {
			out = append(out, textRun(base, s.text))
			continue
		}
		if rm == nil {
			rm = d.roleModels()
		}
		rPr := etree.NewElement("w:rPr")
		if base != nil {
			rPr = base.Copy()
		}
		if s.style&styleHeader != 0 {
			h, ok := rm.headerNear(at)
			if !ok {
				h = runInHeader{Format: emphasis{Bold: true}}
			}
			applyEmphasis(rPr, h.Format, h.RStyle)
		}
		if s.style&styleDefinition != 0 {
			ds := rm.definitionStyle()
			applyEmphasis(rPr, ds.Format, ds.RStyle)
		}
		applyEmphasis(rPr, emphasis{Bold: s.style&styleBold != 0, Italic: s.style&styleItalic != 0,
			Underline: s.style&styleUnderline != 0, UnderlineVal: "single"}, "")
		out = append(out, textRun(rPr, s.text))
	}
	return out
}

// applyEmphasis switches on in rPr what e sets, and the character style.
func applyEmphasis(rPr *etree.Element, e emphasis, rStyle string) {
	if rStyle != "" {
		setRPr(rPr, "rStyle", rStyle)
	}
	if e.Bold {
		setRPr(rPr, "b", "")
	}
	if e.Italic {
		setRPr(rPr, "i", "")
	}
	if e.Underline {
		v := e.UnderlineVal
		if v == "" {
			v = "single"
		}
		setRPr(rPr, "u", v)
	}
}

// rPrOrder is the order of CT_RPr's children in the schema, which Word
// holds documents to.
var rPrOrder = []string{"rStyle", "rFonts", "b", "bCs", "i", "iCs", "caps", "smallCaps", "strike", "dstrike",
	"outline", "shadow", "emboss", "imprint", "noProof", "snapToGrid", "vanish", "webHidden", "color", "spacing",
	"w", "kern", "position", "sz", "szCs", "highlight", "u", "effect", "bdr", "shd", "fitText", "vertAlign",
	"rtl", "cs", "em", "lang", "eastAsianLayout", "specVanish", "oMath"}

// setRPr sets w:tag (with w:val when v is not empty) in rPr, replacing
// what was there and keeping the schema order.
func setRPr(rPr *etree.Element, tag, v string) {
	rank := func(t string) int {
		for i, o := range rPrOrder {
			if o == t {
				return i
			}
		}
		return len(rPrOrder)
	}
	for _, c := range childrenW(rPr, tag) {
		rPr.RemoveChild(c)
	}
	el := etree.NewElement("w:" + tag)
	if v != "" {
		el.CreateAttr("w:val", v)
	}
	at := len(rPr.Child)
	for i, tok := range rPr.Child {
		if c, ok := tok.(*etree.Element); ok && rank(c.Tag) > rank(tag) {
			at = i
			break
		}
	}
	rPr.InsertChildAt(at, el)
}
