package word

import (
	"regexp"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// placeholderPattern finds the blanks questionnaires leave for answers:
// bracketed prompts, runs of underscores, empty ballot boxes and Word's
// stock placeholder texts.
var placeholderPattern = regexp.MustCompile(`\[[^\[\]\n]{0,80}\]|_{3,}|☐|Click or tap here to enter text\.|Click here to enter text\.|Click or tap to enter a date\.|Click here to enter a date\.|Choose an item\.`)

// hasPlaceholder reports whether text shows a blank to fill. The cheap
// test first: most text has none of the characters a blank needs.
func hasPlaceholder(text string) bool {
	if !strings.ContainsAny(text, "[_") && !strings.Contains(text, "☐") && !strings.Contains(text, "Click") && !strings.Contains(text, "Choose") {
		return false
	}
	return placeholderScan.first(text) != nil
}

// defaultMode picks the mode of an answer given without one: fill the
// placeholder when there is one, replace an empty target, append to a
// target that already has text.
func (d *document) defaultMode(el *etree.Element) formats.Mode {
	text := d.textOf(el)
	switch {
	case hasPlaceholder(text) || otherPlaceholder(text) != nil:
		return formats.ReplacePlaceholder
	case strings.TrimSpace(text) == "":
		return formats.ReplaceContent
	}
	return formats.Append
}

// answerMode is the mode of an answer at t that names none: the one the
// map names for a plain answer there (namedMode: replace_content over a
// hint cell's options or a prompt such as "<m/d/yyyy>", append after
// several controls), else defaultMode; named reports the first. Appending
// after a prompt the map said to replace left the prompt standing beside
// the answer. f keeps the tables read for the call's answers; it reads
// one only for a cell whose lines could be options (writeHints), so a
// write pays for nothing else.
func (d *document) answerMode(t target, f *finder) (_ formats.Mode, named bool, _ error) {
	if t.node == nil || !textTarget(t.el) {
		return d.defaultMode(t.el), false, nil
	}
	hints, err := f.writeHints(t.node)
	if err != nil {
		return "", false, err
	}
	if m := d.namedMode(t.el, hints); m != "" {
		return m, true, nil
	}
	return d.defaultMode(t.el), false, nil
}

// replaceKeepsAnchors reports whether replace_content at el keeps every
// field, note reference and bookmark, as the writer requires without
// force: a prompt that is a REF field ("<Insert CSP Name>" repeating the
// cover page's) would be refused, so a plain answer goes after it. It
// replaces a copy of el, which only prompt-only targets pay for.
func replaceKeepsAnchors(el *etree.Element) bool {
	had := anchorsIn(el)
	if len(had) == 0 {
		return true
	}
	if !isW(el, "tc") && !isW(el, "p") && !isW(el, "sdt") {
		return false // a run: replacing it removes whatever it holds
	}
	cp := el.Copy()
	if err := replaceContent(target{el: cp}, "x", nil); err != nil {
		return false
	}
	return len(lostAnchors(had, anchorsIn(cp))) == 0
}

// segment is one w:t of a paragraph and where its text sits in the
// paragraph's concatenated text.
type segment struct {
	t, r       *etree.Element
	start, end int
}

// segments lists a paragraph's w:t in order, skipping nested paragraphs
// (text boxes) and fallback copies.
func segments(p *etree.Element) ([]segment, string) {
	var segs []segment
	var b strings.Builder
	descend(p, func(e *etree.Element) bool {
		if e != p && (isW(e, "p") || isW(e, "txbxContent")) || e.Space == "mc" && e.Tag == "Fallback" {
			return false
		}
		if isW(e, "t") && isW(e.Parent(), "r") {
			s := b.Len()
			b.WriteString(e.Text())
			segs = append(segs, segment{t: e, r: e.Parent(), start: s, end: b.Len()})
		}
		return true
	})
	return segs, b.String()
}

// replacePlaceholderIn fills the first placeholder of the target.
func replacePlaceholderIn(t target, text string, c *content) error {
	paras := findW(t.el, "p")
	if isW(t.el, "r") {
		paras = []*etree.Element{t.el.Parent()}
	}
	for _, p := range paras {
		if p != t.el && ancestorW(p, t.el, "tbl") != nil {
			continue
		}
		segs, full := segments(p)
		loc := firstPlaceholder(full)
		if loc == nil {
			continue
		}
		if full[loc[0]:loc[1]] == "☐" && c == nil {
			if on, err := formats.ParseBool(text); err == nil {
				text = glyph(on)
			}
		}
		return splice(t.id, p, segs, loc[0], loc[1], text, c)
	}
	return formats.Errorf(formats.ErrInvalidArgument, t.id,
		"no placeholder ([…], ___, ☐, \"Click or tap here to enter text.\") in the target; use mode replace_content or append")
}

// splice replaces full[a:b] of a paragraph with the answer. The answer
// takes the formatting of the run where the placeholder starts, as text
// typed over it in Word does, less the marks of a blank (inheritRPr):
// templates are made for that (a "[" in capitals asks for block
// capitals), and emphasis on the placeholder's words alone is its own
// marking, which the answer does not take. Text around the placeholder
// keeps its runs; runs emptied are removed.
func splice(id string, p *etree.Element, segs []segment, a, b int, text string, c *content) error {
	first, last := -1, -1
	for i, s := range segs {
		if s.end > a && s.start < b {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		return formats.Errorf(formats.ErrInvalidArgument, id, "placeholder not found in the paragraph's runs")
	}
	if err := checkRunsFieldFree(id, p, segs[first].r, segs[last].r); err != nil {
		return err
	}
	fs := segs[first]
	ft := fs.t.Text()
	prefix := ft[:a-fs.start]
	var suffix string
	if first == last {
		suffix = ft[b-fs.start:]
	}
	setText(fs.t, prefix)
	for _, s := range segs[first+1 : last+1] {
		st := s.t.Text()
		if s.end > b {
			setText(s.t, st[b-s.start:])
		} else {
			setText(s.t, "")
		}
	}
	tail := splitRunAfter(fs.r, fs.t)
	if suffix != "" {
		if tail == nil {
			tail = etree.NewElement("w:r")
			if rpr := childW(fs.r, "rPr"); rpr != nil {
				tail.AddChild(rpr.Copy())
			}
			insertAfter(fs.r, []*etree.Element{tail})
		}
		st := etree.NewElement("w:t")
		setText(st, suffix)
		tail.InsertChildAt(len(childrenW(tail, "rPr")), st)
	}
	rPr := inheritRPr(childW(fs.r, "rPr"))
	var runs []*etree.Element
	if c != nil {
		runs = c.inline(rPr)
	} else {
		runs = []*etree.Element{textRun(rPr, text)}
	}
	insertAfter(fs.r, runs)
	return nil
}

// checkRunsFieldFree refuses a splice whose runs, from first to last,
// include field characters or instructions.
func checkRunsFieldFree(id string, p, first, last *etree.Element) error {
	in := false
	for _, r := range findW(p, "r") {
		if r == first {
			in = true
		}
		if in && (childW(r, "fldChar") != nil || childW(r, "instrText") != nil) {
			return formats.Errorf(formats.ErrInvalidArgument, id,
				"the placeholder spans a field (w:fldChar); replacing it would cut through the field")
		}
		if r == last {
			return nil
		}
	}
	return nil
}

// splitRunAfter moves whatever follows child t inside run r into a new run
// with the same properties, placed right after r, and returns it (nil when
// nothing follows).
func splitRunAfter(r, t *etree.Element) *etree.Element {
	var rest []etree.Token
	for i := t.Index() + 1; i < len(r.Child); i++ {
		if _, ok := r.Child[i].(*etree.Element); ok {
			rest = append(rest, r.Child[i])
		}
	}
	if len(rest) == 0 {
		return nil
	}
	nr := etree.NewElement("w:r")
	if rpr := childW(r, "rPr"); rpr != nil {
		nr.AddChild(rpr.Copy())
	}
	for _, tok := range rest {
		r.RemoveChild(tok)
		nr.AddChild(tok)
	}
	insertAfter(r, []*etree.Element{nr})
	return nr
}

// setText sets a w:t's text, preserving spaces at its ends.
func setText(t *etree.Element, s string) {
	t.SetText(s)
	if s != strings.TrimSpace(s) {
		if _, ok := attr(t, "xml", "space"); !ok {
			t.CreateAttr("xml:space", "preserve")
		}
	}
}
