package word

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// Blanks: what in a paragraph asks to be filled. These predicates read; the
// writer keeps its own notion of a placeholder (placeholderPattern).

// Bounds of a label that takes its answer after its colon ("Name:").
const (
	maxLabelRunes = 60
	maxLabelWords = 10
	// A paragraph this long after a colon line is what the line introduces.
	introRunes = 80
)

var (
	// blankPattern finds blanks that stand for an answer: underscores,
	// Word's stock prompts, bracketed or angled prompts (template tags are
	// read by scanMarkers). Brackets holding a citation ([OMB M-04-04]), a
	// unit or an example are weeded out by bracketBlank.
	blankPattern = regexp.MustCompile(`_{3,}|\[[^\[\]\n]{0,300}\]|<[^<>\n]{1,80}>|Click or tap here to enter text\.|Click here to enter text\.|Click or tap to enter a date\.|Click here to enter a date\.|Choose an item\.`)
	// promptWord starts a bracketed instruction even when it has digits.
	promptWord = regexp.MustCompile(`(?i)^\s*(insert|enter|type|add|provide|describe|specify|select|choose|list|include|identify|name|date|x)\b`)
	// leadIn marks a colon line that leads into what follows instead of
	// asking for something.
	leadIn = regexp.MustCompile(`(?i)\b(following|as follows|below)\b|^(if|when|where|unless|example|for example|e\.g\.|note|see|select|check|choose|tick|mark|circle)\b|\((choose|select|check|tick|mark)\b`)
	// writeHere is an instruction standing where its answer goes
	// ("Include your company legal disclaimer here").
	writeHere = regexp.MustCompile(`(?i)^(insert|enter|type|include|add|provide|list|describe|place)\b[^.]{0,80}\bhere\b[^.]{0,40}\.?$`)
	// promptStartWord starts an instruction to write something.
	promptStartWord = regexp.MustCompile(`(?i)^(please|describe|explain|provide|list|specify|indicate|state|identify|confirm|outline)\b`)
	// choiceLine is a line offering fixed choices to mark: "(Yes / No )".
	choiceLine = regexp.MustCompile(`(?i)\(\s*yes\s*/\s*no\s*\)|\byes\s*/\s*no\b\s*\)?\s*$`)
)

// boxGlyphs are the Unicode characters drawn as check boxes.
var boxGlyphs = map[rune]bool{'☐': true, '☑': true, '☒': true, '□': true, '▢': true, '❏': true, '❑': true}

// symbolBoxes are the codes of the check boxes of symbol fonts, which map
// their glyphs to private-use code points (U+F0xx) or give them by code in
// w:sym. The same code is another glyph in another font (Symbol's A8 is a
// diamond), so the font decides.
var symbolBoxes = map[string]map[rune]bool{
	"wingdings":   {0x6F: true, 0x71: true, 0x72: true, 0xA8: true, 0xFD: true, 0xFE: true, 0x78: true},
	"wingdings 2": {0x2A: true, 0xA3: true, 0x50: true, 0x51: true, 0x52: true, 0x53: true, 0x54: true},
}

// isBox reports whether r, shown in font, is a check box.
func isBox(r rune, font string) bool {
	if r < '□' { // below every glyph and symbol code: most text
		return false
	}
	if boxGlyphs[r] {
		return true
	}
	if r >= 0xF000 && r <= 0xF0FF {
		return symbolBoxes[strings.ToLower(font)][r-0xF000]
	}
	return false
}

// runFont is the font a run shows its characters in, for symbol lookups.
func runFont(r *etree.Element) string {
	f := pathW(r, "rPr", "rFonts")
	for _, k := range []string{"ascii", "hAnsi", "cs"} {
		if v, ok := attr(f, "w", k); ok && v != "" {
			return v
		}
	}
	return ""
}

// isASCII reports text of ASCII characters alone.
func isASCII(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// countBoxes counts check-box glyphs in text shown in font.
func countBoxes(text, font string) int {
	n := 0
	for _, r := range text {
		if isBox(r, font) {
			n++
		}
	}
	return n
}

// symBox reports a w:sym drawing a check box.
func symBox(sym *etree.Element) bool {
	code, _ := attr(sym, "w", "char")
	font, _ := attr(sym, "w", "font")
	r, ok := symRune(code)
	return ok && isBox(r, font)
}

// symRune reads a w:sym character code (hex, often F0xx).
func symRune(code string) (rune, bool) {
	var v rune
	if code == "" || len(code) > 4 {
		return 0, false
	}
	for _, c := range strings.ToUpper(code) {
		switch {
		case c >= '0' && c <= '9':
			v = v*16 + (c - '0')
		case c >= 'A' && c <= 'F':
			v = v*16 + (c - 'A' + 10)
		default:
			return 0, false
		}
	}
	if v < 0x100 {
		v += 0xF000
	}
	return v, true
}

// hasBlank reports a blank in text: a placeholder that is not a citation;
// angle-bracket prompts only when angles is set.
func hasBlank(text string, angles bool) bool {
	if (strings.Contains(text, "here") || strings.Contains(text, "Here") || strings.Contains(text, "HERE")) && writeHere.MatchString(strings.TrimSpace(text)) {
		return true
	}
	if !strings.ContainsAny(text, "_[<{$") && !strings.Contains(text, "«") && !strings.Contains(text, "Click") && !strings.Contains(text, "Choose") {
		return false
	}
	if hasFillInMarker(text) {
		return true
	}
	found := false
	blankScan.each(text, func(a, b int) bool {
		loc, m := []int{a, b}, text[a:b]
		switch m[0] {
		case '[':
			found = bracketBlank(text, loc)
		case '<':
			inner := m[1 : len(m)-1]
			found = angles && !inTag(text, loc) && strings.ContainsFunc(inner, unicode.IsLetter) && !strings.ContainsAny(inner, "@=\"") && !strings.HasPrefix(inner, "http") && !strings.HasPrefix(inner, "/")
		default:
			found = true
		}
		return !found
	})
	return found
}

// inTag reports an angled match that is part of a <<…>> template tag,
// which scanMarkers reads.
func inTag(text string, loc []int) bool {
	return loc[0] > 0 && text[loc[0]-1] == '<' || loc[1] < len(text) && text[loc[1]] == '>'
}

// quoted reports a match inside quotation marks: an example of the
// prompt ("the heading format of “[Company Name] …”"), not the prompt.
//
// The sets hold a curly quote, which sends IndexAny and ContainsAny rune
// by rune through the text: each quote is looked for on its own instead,
// with the same answer (a curly quote's bytes are a rune wherever they
// stand; FuzzQuoted).
func quoted(text string, loc []int) bool {
	before := text[:loc[0]]
	open := max(strings.LastIndex(before, "“"), strings.LastIndexByte(before, '"'))
	after := text[loc[1]:]
	return open >= 0 && !strings.Contains(before[open+1:], "”") && (strings.Contains(after, "”") || strings.IndexByte(after, '"') >= 0)
}

// isPromptBracket tells a bracketed blank ("[Company]", "[ ]", "[Insert
// date]") from a citation ("[PL 99-474, 18 USC 1030]") or an editorial
// insertion ("[or bullet]").
func isPromptBracket(inner string) bool {
	if inner == "" || promptWord.MatchString(inner) {
		return true
	}
	first, _ := utf8.DecodeRuneInString(inner)
	return unicode.IsUpper(first) && !strings.ContainsFunc(inner, unicode.IsDigit)
}

// isLabelLine reports a label that takes its answer after its colon:
// short, a few words, ending in a colon, nothing after it; not a lead-in
// ("as follows:", "If yes:", "Example:", "Note:").
func isLabelLine(text string) bool {
	if end := strings.TrimRightFunc(text, unicode.IsSpace); !strings.HasSuffix(end, ":") && !strings.HasSuffix(end, "：") {
		return false
	}
	t := strings.TrimSpace(glyphFree(text))
	if !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "：") {
		return false
	}
	// The expression last: it is the dearest test, and most colon lines
	// are too long to be labels.
	body := strings.TrimRight(t, ":：")
	return utf8.RuneCountInString(t) <= maxLabelRunes && fieldsAtMost(body, maxLabelWords) && strings.ContainsFunc(body, unicode.IsLetter) &&
		!leadIn.MatchString(t)
}

// fieldsAtMost reports len(strings.Fields(s)) <= n without making the
// fields: a word is a run of runes that are not unicode.IsSpace.
func fieldsAtMost(s string, n int) bool {
	words, in := 0, false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if !space && !in {
			if words++; words > n {
				return false
			}
		}
		in = !space
	}
	return words <= n
}

// introduces reports a colon line heading what follows it rather than
// asking: the next text is long, a list item, or an instruction in
// parentheses.
func introduces(next *etree.Element) bool {
	if next == nil || !isW(next, "p") {
		return false
	}
	text := strings.TrimSpace(textOf(next))
	return utf8.RuneCountInString(text) > introRunes || isListItem(next) || strings.HasPrefix(text, "(")
}

// isListItem reports a numbered or bulleted paragraph.
func isListItem(p *etree.Element) bool {
	if pathW(p, "pPr", "numPr") != nil {
		return true
	}
	st := val(pathW(p, "pPr", "pStyle"))
	return strings.HasPrefix(st, "List")
}

// boxCount counts the check boxes of el: content-control and legacy
// boxes, and glyph boxes (typed or w:sym) outside content controls, whose
// glyph is their own drawing.
func boxCount(el *etree.Element) int { return countBlanks(el).boxes }

// blankCounts is what countBlanks finds.
type blankCounts struct {
	controls int // content controls taking an answer (not pictures, not bound to the document's properties)
	fields   int // legacy text and drop-down fields
	boxes    int // check boxes of every kind
}

// countBlanks walks el once, outside nested tables, for the fields,
// controls and boxes it holds.
func countBlanks(el *etree.Element) blankCounts {
	var c blankCounts
	descend(el, func(e *etree.Element) bool {
		switch {
		case e != el && isW(e, "tbl"), e.Space == "mc" && e.Tag == "Fallback", isW(e, "footnoteReference"), isW(e, "endnoteReference"):
			return false
		case isW(e, "rPr"), isW(e, "pPr"):
			return false // run and paragraph formatting hold no text, control or field
		case isW(e, "sdt"):
			switch {
			case sdtCheckbox(e) != nil:
				c.boxes++
				return false
			case childW(e, "sdtContent") != nil && !hasW(e, "tc"):
				if answerControl(e) {
					c.controls++
				}
				return false
			}
		case isW(e, "ffData"):
			if childW(e, "checkBox") != nil {
				c.boxes++
			} else {
				c.fields++
			}
		case isW(e, "t"):
			// Every box is a non-ASCII glyph: plain text needs no font.
			if t := e.Text(); !isASCII(t) {
				c.boxes += countBoxes(t, runFont(e.Parent()))
			}
		case isW(e, "sym"):
			if symBox(e) && childW(e.Parent(), "footnoteReference") == nil {
				c.boxes++
			}
		}
		return true
	})
	return c
}

// answerControl reports a content control that takes an answer: not a
// picture, not one bound to the document's own properties (its title).
func answerControl(sdt *etree.Element) bool {
	pr := childW(sdt, "sdtPr")
	xp, _ := attr(childW(pr, "dataBinding"), "w", "xpath")
	return childW(pr, "picture") == nil && !strings.Contains(xp, "coreProperties")
}

// isEmptyPara reports a paragraph showing nothing: no text, no box, no
// field, no control.
func (d *document) isEmptyPara(p *etree.Element) bool {
	return strings.TrimSpace(d.textOf(p)) == "" && boxCount(p) == 0 && !hasFormControl(p)
}

// isPromptOnly reports text made of blanks alone ("<m/d/yyyy>",
// "<Appendix A> <Appendix B>"): the prompt is the whole answer slot.
func isPromptOnly(text string, angles bool) bool {
	return hasBlank(text, angles) && strings.TrimSpace(markerText(blankScan.strip(text))) == ""
}
