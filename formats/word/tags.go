package word

import (
	"regexp"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Inline tags let an answer say how parts of its text are formatted:
// <b>, <i> and <u> directly, <definition> and <header> (or <RunInHeader>)
// through the role models the document itself shows (roles.go). Tags nest
// and must be closed; any other tag-like text is refused, never written
// literally. Inside tagged text &lt; &gt; &amp; &quot; and &apos; stand
// for the characters they name.

// style is a set of inline roles and formats a character of an answer has.
type style uint8

const (
	styleBold style = 1 << iota
	styleItalic
	styleUnderline
	styleDefinition
	styleHeader
)

// span is a stretch of answer text sharing one style.
type span struct {
	text  string
	style style
}

// tagStyles maps the inline tags (lower-cased) to the style they give.
var tagStyles = map[string]style{
	"b": styleBold, "i": styleItalic, "u": styleUnderline,
	"definition": styleDefinition, "header": styleHeader, "runinheader": styleHeader,
}

// tagLike matches anything that looks like markup: a < followed by a
// letter (or / ! ?) and running to the next > with no < between: <name>,
// </name>, <name attr="v">, <br/>, <!-- -->, <a@b.c>.
var tagLike = regexp.MustCompile(`^</?[A-Za-z!?][^<>]*>`)

// inlineTag matches exactly one inline tag, capturing its name.
var inlineTag = regexp.MustCompile(`(?i)^</?(b|i|u|definition|header|runinheader)>$`)

// knownTag finds an inline tag, to tell tagged answers from plain text that
// happens to hold a "<".
var knownTag = regexp.MustCompile(`(?i)</?(?:b|i|u|definition|header|runinheader)>`)

// hasInlineTags reports whether text holds at least one inline tag.
func hasInlineTags(text string) bool {
	return strings.IndexByte(text, '<') >= 0 && knownTag.MatchString(text)
}

// entities are the character references tagged text may use.
var entities = map[string]string{"&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": `"`, "&apos;": "'"}

// parseTagged splits tagged text into styled spans. It fails, naming the
// tag, on a tag it does not know, a closing tag that does not match the
// open one, or a tag left open.
func parseTagged(field, text string) ([]span, error) {
	tp := &tagParser{field: field}
	for i := 0; i < len(text); {
		switch text[i] {
		case '<':
			n, err := tp.tag(text[i:])
			if err != nil {
				return nil, err
			}
			i += n
		case '&':
			i += tp.entity(text[i:])
		default:
			tp.b.WriteByte(text[i])
			i++
		}
	}
	if n := len(tp.stack); n > 0 {
		return nil, formats.Errorf(formats.ErrInvalidArgument, field, "<%s> in answer_text is never closed; close it with </%s>", tp.stack[n-1], tp.stack[n-1])
	}
	tp.flush()
	return tp.out, nil
}

// tagParser is parseTagged's state: the spans so far, the open tags and
// the text of the current span.
type tagParser struct {
	field string
	out   []span
	stack []string
	cur   style
	b     strings.Builder
}

func (tp *tagParser) flush() {
	if tp.b.Len() > 0 {
		tp.out = append(tp.out, span{text: tp.b.String(), style: tp.cur})
		tp.b.Reset()
	}
}

// tag reads the markup at the start of s (which starts with "<") and
// returns how many bytes it took: a literal "<" takes one.
func (tp *tagParser) tag(s string) (int, error) {
	tag := tagLike.FindString(s)
	if tag == "" {
		tp.b.WriteByte('<')
		return 1, nil
	}
	m := inlineTag.FindStringSubmatch(tag)
	if m == nil {
		return 0, formats.Errorf(formats.ErrInvalidArgument, tp.field,
			"%s in answer_text is not an inline tag formfill renders; use <b>, <i>, <u>, <definition>, <header> (or <RunInHeader>), without attributes, and write a literal < as &lt;", tag)
	}
	name := strings.ToLower(m[1])
	tp.flush()
	if strings.HasPrefix(tag, "</") {
		if len(tp.stack) == 0 || tp.stack[len(tp.stack)-1] != name {
			return 0, formats.Errorf(formats.ErrInvalidArgument, tp.field, "%s in answer_text closes no open tag%s", tag, openHint(tp.stack))
		}
		tp.stack = tp.stack[:len(tp.stack)-1]
	} else {
		tp.stack = append(tp.stack, name)
	}
	tp.cur = 0
	for _, n := range tp.stack {
		tp.cur |= tagStyles[n]
	}
	return len(tag), nil
}

// entity reads the character reference at the start of s (which starts
// with "&") and returns how many bytes it took: a lone "&" takes one.
func (tp *tagParser) entity(s string) int {
	for ref, ch := range entities {
		if strings.HasPrefix(s, ref) {
			tp.b.WriteString(ch)
			return len(ref)
		}
	}
	tp.b.WriteByte('&')
	return 1
}

func openHint(stack []string) string {
	if len(stack) == 0 {
		return ""
	}
	return " (the open tag is <" + stack[len(stack)-1] + ">)"
}

// spansText is the text of spans without their styles.
func spansText(spans []span) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.text)
	}
	return b.String()
}

// styled reports whether any span carries a style.
func styled(spans []span) bool {
	for _, s := range spans {
		if s.style != 0 {
			return true
		}
	}
	return false
}

// styledText is answer text with a style per byte, for the passes that
// add quotes and punctuation and find definitions (render.go).
type styledText struct {
	text   string
	styles []style
}

func flatten(spans []span) styledText {
	var st styledText
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(s.text)
		for range len(s.text) {
			st.styles = append(st.styles, s.style)
		}
	}
	st.text = b.String()
	return st
}

// spans regroups the text into spans of equal style.
func (st styledText) spans() []span {
	var out []span
	for i := 0; i < len(st.text); {
		j := i + 1
		for j < len(st.text) && st.styles[j] == st.styles[i] {
			j++
		}
		out = append(out, span{text: st.text[i:j], style: st.styles[i]})
		i = j
	}
	return out
}

// insert puts s with style at byte offset at.
func (st *styledText) insert(at int, s string, sty style) {
	st.text = st.text[:at] + s + st.text[at:]
	add := make([]style, len(s))
	for i := range add {
		add[i] = sty
	}
	st.styles = append(st.styles[:at], append(add, st.styles[at:]...)...)
}

// replace puts s in place of bytes [from, to), in the style of byte from.
func (st *styledText) replace(from, to int, s string) {
	sty := st.styles[from]
	st.text = st.text[:from] + st.text[to:]
	st.styles = append(st.styles[:from], st.styles[to:]...)
	st.insert(from, s, sty)
}

// ranges returns the maximal [start, end) stretches having role r.
func (st styledText) ranges(r style) [][2]int {
	var out [][2]int
	for i := 0; i < len(st.text); {
		if st.styles[i]&r == 0 {
			i++
			continue
		}
		j := i
		for j < len(st.text) && st.styles[j]&r != 0 {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

// blankLine is a line holding only white space, with the line ends around it.
var blankLine = regexp.MustCompile(`\n[ \t]*\n\s*`)

// paragraphsOf splits an insertion's text into paragraphs at blank lines.
func paragraphsOf(text string) []string {
	text = strings.Trim(cleanText(text), "\n")
	var out []string
	for _, p := range blankLine.Split(text, -1) {
		if p = strings.Trim(p, "\n"); strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}
