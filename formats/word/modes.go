package word

import (
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// applyEdit applies the in-place edit modes: replace_text, delete,
// insert_after and insert_before.
func (d *document) applyEdit(ap *applied, c *content) error {
	t, a := ap.t, ap.a
	switch a.Mode {
	case formats.InsertAfter, formats.InsertBefore:
		paras, err := d.insertParagraphs(t, a.AnswerText, c, a.Mode == formats.InsertBefore)
		if err != nil {
			return err
		}
		ap.created, ap.plain = paras, joinedText(paras)
		return nil
	case formats.Delete:
		ap.plain = ""
		if a.Find == "" {
			victim, err := deleteElement(t)
			ap.removed = victim
			return err
		}
		ap.findBefore = countFind(t.el, a.Find)
		n, err := d.editText(t, a, nil)
		ap.found = n
		return err
	}
	ans, err := d.answerFor(t, a.AnswerText, c)
	if err != nil {
		return err
	}
	ap.plain = ans.plain
	ap.found, err = d.editText(t, a, ans)
	return err
}

// answerText is an answer ready to put in place of a span of text.
type answerText struct {
	plain  string   // the text as it will read: tags out, entities decoded, role quotes in
	spans  []span   // the styled text
	styled bool     // some span carries a style
	tagged bool     // the styles come from inline tags, not only from definitions found in the text
	c      *content // insertion_xml, when given
}

// definesOnly reports whether the answer is styled only because it holds
// explicit definitions whose terms old already shows: a replacement then
// changes just the words that differ and the terms keep their formatting.
func (ans *answerText) definesOnly(old string) bool {
	if ans.tagged || !ans.styled {
		return false
	}
	folded := foldAll(old)
	for _, s := range ans.spans {
		if s.style&styleDefinition != 0 && !strings.Contains(folded, foldAll(s.text)) {
			return false
		}
	}
	return true
}

// foldAll folds every quote and space character of s (foldQuotes).
func foldAll(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteString(foldQuotes(string(r)))
	}
	return b.String()
}

// answerFor reads an edit's answer: insertion_xml as given, or tagged text.
func (d *document) answerFor(t target, text string, c *content) (*answerText, error) {
	if c != nil {
		return &answerText{c: c}, nil
	}
	spans, err := d.answerSpans(t.id, text, true, anchorPara(t.el))
	if err != nil {
		return nil, err
	}
	return &answerText{plain: spansText(spans), spans: spans, styled: styled(spans), tagged: hasInlineTags(text)}, nil
}

// runs renders the answer with base's run properties (a w:rPr, or nil).
func (ans *answerText) runs(d *document, base, at *etree.Element) []*etree.Element {
	if ans.c != nil {
		return ans.c.inline(base)
	}
	if ans.styled {
		return d.renderSpans(ans.spans, base, at)
	}
	return []*etree.Element{textRun(base, ans.plain)}
}

// anchorPara is the paragraph of el whose role models an answer follows:
// el itself, the paragraph el sits in, or el's first paragraph.
func anchorPara(el *etree.Element) *etree.Element {
	if isW(el, "p") {
		return el
	}
	if p := ancestorW(el, nil, "p"); p != nil {
		return p
	}
	return firstW(el, "p")
}

// styledContent reads the answer of an original write mode: nil content
// for plain text (written as before), or styled content when the text
// holds inline tags or explicit definitions. A replace_content that starts
// with the paragraph's own run-in header keeps the header's formatting.
// It also returns the text as it will read.
func (d *document) styledContent(t target, text string, mode formats.Mode) (*content, string, error) {
	at := anchorPara(t.el)
	if mode == formats.ReplaceContent && at != nil && mayStartWithHeader(at, text) && !hasInlineTags(text) {
		if h, ok := d.runInHeader(at); ok && len(text) > len(h.Text) && strings.HasPrefix(text, h.Text) {
			n := len(h.Text)
			if !h.PunctStyled {
				n = len(strings.TrimRight(strings.TrimSuffix(h.Text, h.Punct), " "))
			}
			text = "<header>" + escapeTags(text[:n]) + "</header>" + escapeTags(text[n:])
		}
	}
	spans, err := d.answerSpans(t.id, text, false, at)
	if err != nil {
		return nil, "", err
	}
	if !styled(spans) {
		return nil, spansText(spans), nil
	}
	s := &styledAnswer{d: d, spans: spans, at: at}
	if mode == formats.ReplaceContent || mode == formats.Append {
		s.base, s.own = d.bodyRPr(t.el), true
	}
	return &content{styled: s}, spansText(spans), nil
}

// mayStartWithHeader is a cheap test that text could open with paragraph
// p's run-in header: it starts like p's first text and has punctuation
// within a header's length. Most answers to questionnaires fail it, and
// skip reading the roles of their target paragraph.
func mayStartWithHeader(p *etree.Element, text string) bool {
	t := firstW(p, "t")
	if t == nil {
		return false
	}
	first := strings.TrimLeft(t.Text(), " \t")
	n := min(len(first), 4)
	return n > 0 && strings.HasPrefix(text, first[:n]) && strings.ContainsAny(text[:min(len(text), maxHeaderBytes+4)], headerPunct)
}

// escapeTags makes plain text safe to embed in tagged text.
func escapeTags(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// countFind counts the occurrences of find in el's text.
func countFind(el *etree.Element, find string) int {
	all, err := findMatches("", el, find)
	if err != nil {
		return 0
	}
	return len(all)
}

// checkApplied is Fill's verification: each answer checked at the
// elements it wrote. Insertions must show their text in the new
// paragraphs, deletions must have taken their target or text away, other
// answers must show their text at their target. Answers given only as
// insertion_xml have no text to expect and are not checked, except an
// insert_after or insert_before, whose expected text is its new
// paragraphs' own text (so it always matches).
func (d *document) checkApplied(done []*applied) ([]formats.ContentResult, []formats.ExpectedAnswer, error) {
	results := make([]formats.ContentResult, 0, len(done))
	expected := make([]formats.ExpectedAnswer, 0, len(done))
	for _, ap := range done {
		if err := d.stop.Check(); err != nil {
			return nil, nil, err
		}
		if ap.plain == "" && ap.mode != formats.Delete {
			continue
		}
		id := ap.a.PairID
		if id == "" {
			id = ap.a.XPath
		}
		r := formats.ContentResult{PairID: id, Expected: ap.plain}
		attached := rootBody(ap.t.el) != nil
		switch {
		case ap.mode == formats.Delete && ap.removed != nil:
			r.Status = formats.ContentMatched
			if rootBody(ap.removed) != nil {
				r.Status, r.Actual = formats.ContentMismatched, textOf(ap.removed)
			}
		case ap.mode == formats.Delete:
			r.Status = formats.ContentMatched
			if attached {
				r.Actual = textOf(ap.t.el)
				if countFind(ap.t.el, ap.a.Find) > ap.findBefore-ap.found {
					r.Status = formats.ContentMismatched
				}
			}
		case len(ap.created) > 0:
			r.Actual = joinedText(ap.created)
			r.Status = formats.Compare(ap.plain, r.Actual)
		case !attached:
			r.Status = formats.ContentMissing
		default:
			r.Actual, r.Status = actual(ap.t.el, ap.plain)
		}
		results = append(results, r)
		expected = append(expected, formats.ExpectedAnswer{PairID: id, XPath: ap.a.XPath, ExpectedText: ap.plain, Confidence: ap.a.Confidence, Note: ap.a.Note})
	}
	return results, expected, nil
}
