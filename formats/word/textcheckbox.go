package word

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Typed check boxes: a checklist line that starts with a box typed as text
// ("[ ] Right to audit clause", "☐ Breach notification", "[x] …", "□ …"),
// or a cell holding nothing but such a box. The box is the answer: it is
// ticked or cleared in place, and the rest of the line stays as it was.

// typedBoxPattern is a typed box at the start of a line: brackets holding
// spaces or a tick mark, or a ballot-box glyph.
var typedBoxPattern = regexp.MustCompile(`^[ \t\x{00A0}]*(\[[ \x{00A0}\x{2002}]*\]|\[[ ]?[xX✓✔][ ]?\]|[☐☒☑□■])`)

// typedBox is one typed box: its paragraph, where its mark sits in the
// paragraph's text, the mark and its state.
type typedBox struct {
	p          *etree.Element
	start, end int
	mark       string
	on         bool
}

// label is the line's text after the box: the question it answers.
func (b typedBox) label() string {
	_, full := segments(b.p)
	return cleanLabel(full[b.end:])
}

// typedBoxAt reads the typed box at the start of paragraph p.
func typedBoxAt(p *etree.Element) (typedBox, bool) {
	if !mayStartWithBox(p) {
		return typedBox{}, false
	}
	_, full := segments(p)
	loc := typedBoxPattern.FindStringSubmatchIndex(full)
	if loc == nil {
		return typedBox{}, false
	}
	mark := full[loc[2]:loc[3]]
	on := strings.ContainsAny(mark, "xX✓✔☒☑■")
	return typedBox{p: p, start: loc[2], end: loc[3], mark: mark, on: on}, true
}

// mayStartWithBox reports whether the text segments reads from p starts,
// after spaces, tabs and no-break spaces, with '[' or a box glyph: what
// typedBoxPattern needs. Most paragraphs start otherwise, and it tells so
// from their first characters, where building the text was most of the
// test.
func mayStartWithBox(p *etree.Element) bool {
	verdict := 0 // 1 may start with a box, -1 does not, 0 not known yet
	descend(p, func(e *etree.Element) bool {
		if verdict != 0 || e != p && (isW(e, "p") || isW(e, "txbxContent")) || e.Space == "mc" && e.Tag == "Fallback" {
			return false // as segments reads
		}
		if isW(e, "t") && isW(e.Parent(), "r") {
			if t := strings.TrimLeft(e.Text(), " \t\u00a0"); t != "" {
				verdict = -1
				if r, _ := utf8.DecodeRuneInString(t); r == '[' || strings.ContainsRune("☐☒☑□■", r) {
					verdict = 1
				}
			}
		}
		return true
	})
	return verdict == 1
}

// soleTypedBox returns the one typed box of a target element — a paragraph
// starting with one, or a cell whose only line does — when the element
// holds no other box or field: a line with boxes in the middle ("Yes ☐
// No ☐") offers options instead, and a form field is the answer itself.
func soleTypedBox(el *etree.Element) (typedBox, bool) {
	var paras []*etree.Element
	switch {
	case isW(el, "p"):
		paras = []*etree.Element{el}
	case isW(el, "tc"):
		for _, p := range paragraphsOfCell(el) {
			if strings.TrimSpace(textOf(p)) != "" {
				paras = append(paras, p)
			}
		}
	}
	if len(paras) != 1 {
		return typedBox{}, false
	}
	b, ok := typedBoxAt(paras[0])
	if !ok {
		return typedBox{}, false
	}
	c := countBlanks(el)
	glyphs := countBoxes(textOf(el), "")
	if len(checkboxesIn(el)) > 0 || c.controls+c.fields > 0 || c.boxes > glyphs || glyphs > 1 || strings.Count(textOf(el), "[") > 1 {
		return typedBox{}, false
	}
	return b, true
}

// tickedMark is the mark a box shows in a state, in the box's own style:
// [x] and [ ] for brackets, ☒ and ☐ for glyphs.
func (b typedBox) tickedMark(on bool) string {
	if strings.HasPrefix(b.mark, "[") {
		if on {
			return "[x]"
		}
		return "[ ]"
	}
	if b.mark == "□" || b.mark == "■" {
		if on {
			return "■"
		}
		return "□"
	}
	return glyph(on)
}

// fillTypedBox ticks or clears the typed box of a target from a yes/no
// answer (or the line's own label, which ticks it). It reports whether
// the target was a typed box.
func fillTypedBox(t target, answer string) (bool, error) {
	b, ok := soleTypedBox(t.el)
	if !ok {
		return false, nil
	}
	on, err := formats.ParseBool(answer)
	if err != nil {
		if l := b.label(); l == "" || formats.Normalize(l) != formats.Normalize(answer) {
			return true, formats.Wrap(formats.ErrInvalidArgument, t.id, err, "the target is the check box typed at the start of %q", oneLineHead(textOf(b.p), 60))
		}
		on = true
	}
	mark := b.tickedMark(on)
	if mark == b.mark {
		return true, nil
	}
	segs, _ := segments(b.p)
	return true, splice(t.id, b.p, segs, b.start, b.end, mark, nil)
}
