package pdf

import (
	"log/slog"
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// maxContext bounds the nearby text quoted for one field.
const maxContext = 80

// pageRunsOf extracts the text runs of page pageNr; a page whose content
// cannot be read has none.
func pageRunsOf(ctx *model.Context, pageNr int, log *slog.Logger) []run {
	pd, _, inh, err := ctx.PageDict(pageNr, false)
	if err != nil || pd == nil {
		return nil
	}
	res := dictOf(ctx, entry(ctx, pd, "Resources"))
	if res == nil && inh != nil {
		res = inh.Resources
	}
	return newTextLayer(ctx, log).pageText(pd, res)
}

// maxContentBytes bounds the decoded content of one page: a compressed
// stream can inflate a thousandfold, and text extraction must not let a
// small hostile upload take a worker's memory.
const maxContentBytes = 32 << 20

// pageContent returns a page's decoded content streams, concatenated, up
// to maxContentBytes; streams that do not decode are skipped.
func pageContent(ctx *model.Context, pd types.Dict, log *slog.Logger) []byte {
	o := entry(ctx, pd, "Contents")
	streams := []types.Object{o}
	if a, ok := o.(types.Array); ok {
		streams = a
	}
	var out []byte
	for _, s := range streams {
		budget := int64(maxContentBytes - len(out))
		if budget <= 0 {
			break
		}
		sd, _, err := ctx.DereferenceStreamDict(s)
		if err != nil || sd == nil {
			continue
		}
		if err := sd.DecodeWithLimit(budget); err != nil {
			log.Debug("pdf: content stream skipped", "err", err)
			continue
		}
		out = append(out, sd.Content...)
		out = append(out, '\n')
	}
	return out
}

// addContext fills each field's Context with the page text that labels
// it: a caption inside its box, on its row to the left, else just above
// (else just below). A field without a real tooltip takes that printed
// label as its question (Label); a radio group's question is the text
// beside the group, not one option's label.
func addContext(d *document) { addContextTo(d.ctx, d.fields, d.stop.Logger()) }

// addContextTo is addContext for some fields, reading only their pages.
func addContextTo(ctx *model.Context, fields []*field, log *slog.Logger) {
	pt := newPageText(ctx, log)
	boxes := widgetBoxes(fields)
	for _, f := range fields {
		if f.Page == 0 {
			continue
		}
		rs := pt.of(f.Page)
		if f.Kind == kindRadio {
			f.Context = groupText(rs, groupRect(f), f.Options)
			if f.Context == "" && f.optHint == "" && len(f.Options) > 1 && printedOptions(f) {
				// No caption: the choices printed beside the buttons are
				// what the page asks ("DÉCLARATION INITIALE / ADHÉSION").
				f.Context = strings.Join(f.Options, " / ")
			}
		} else {
			f.Context = findLabel(rs, boxes[f.Page], f.rect, f.Kind == kindCheckbox, bodySize(rs))
		}
		if !f.tipped && letters(f.Context) >= 2 {
			f.Label = clipQuestion(f.Context)
		}
		f.Context = clipContext(f.Context)
	}
}

// maxPageBoxes bounds the boxes of one page that labels are checked
// against (a label is not read across a box, a caption belongs to its
// nearest box): each check looks at every box, so a hostile page of
// thousands of widgets would cost fields × runs × boxes. Above it labels
// are found as if the page had no other boxes.
const maxPageBoxes = 600

// widgetBoxes are the rectangles of the fields' visible widgets by page;
// a page with more than maxPageBoxes has none.
func widgetBoxes(fields []*field) map[int][][4]float64 {
	out := map[int][][4]float64{}
	for _, f := range fields {
		for _, wd := range f.widgets {
			if wd.page > 0 && !wd.hidden {
				out[wd.page] = append(out[wd.page], wd.rect)
			}
		}
	}
	for p, bs := range out {
		if len(bs) > maxPageBoxes {
			out[p] = nil
		}
	}
	return out
}

// groupText is the question of a radio group spanning r: the nearest text
// left of the group on its row, else the caption just above it, skipping
// the options' own labels.
func groupText(rs []run, r [4]float64, options []string) string {
	isOption := map[string]bool{}
	for _, o := range options {
		isOption[clipLabel(o)] = true
	}
	var rest []run
	for _, t := range rs {
		if q, opt, ok := questionAndOption(t.text); ok && isOption[clipLabel(opt)] {
			t.text = q // "Sexe : M": the question before the first option
		}
		if !isOption[clipLabel(t.text)] {
			rest = append(rest, t)
		}
	}
	onRow := func(t run) bool { return t.y >= r[1]-rowSlack && t.y <= r[3]+rowSlack }
	left, above := -1, -1
	dl, da := maxLeft, maxAbove
	for i, t := range rest {
		switch {
		case onRow(t) && t.end <= r[0]+groupOverlap && r[0]-t.end < dl && hasLetterOrDigit(t.text):
			left, dl = i, r[0]-t.end
		case t.y-r[3] >= -rowSlack && t.y-r[3] < da && t.x < r[2] && t.end > r[0]-aboveIndent:
			above, da = i, t.y-r[3]
		}
	}
	best := left
	if best < 0 {
		best = above
	}
	if best < 0 {
		return ""
	}
	return clipLabel(rest[best].text)
}

// groupOverlap is how far into a radio group a label to its left may
// seem to reach: the text layer's extent of a run ending in a colon
// before a symbol-font button overshoots.
const groupOverlap = 8.0

// How far from a field its label may be, in points (1/72 inch). Forms put
// a label on the field's row to its left, sometimes to its right (check
// boxes: "☐ I agree"), or in small type just above the box.
const (
	// rowSlack widens the field's row, as a baseline sits a little below
	// the box's bottom edge or above its top.
	rowSlack = 2.0
	// edgeOverlap lets a label end (or start) a little inside the box's
	// edge, where forms draw it flush against the border.
	edgeOverlap = 4.0
	// maxLeft is the widest gap between a label and the field to its
	// right: a label column plus a dotted leader.
	maxLeft = 300.0
	// maxRight is the widest gap to a label on the right; beyond it the
	// text is more likely the next field's label.
	maxRight = 100.0
	// buttonRight is how near a label on the right must be for a check
	// box or radio button to prefer it over one on the left: such labels
	// sit right beside the box.
	buttonRight = 30.0
	// maxAbove is how far above the box a caption may sit: about two lines
	// of small type.
	maxAbove = 24.0
	// aboveIndent is how far left of the box a caption above it may start.
	aboveIndent = 20.0
	// maxBelow is how far below the box a caption may sit (German and
	// French forms print "Name, Vorname" or "Code postal" under the line).
	maxBelow = 12.0
)

// nearText returns the page text that labels the field with rectangle r
// (llx, lly, urx, ury), with no other boxes on the page to reckon with
// (see findLabel). "" when none is near enough.
func nearText(rs []run, r [4]float64, button bool) string {
	return findLabel(rs, nil, r, button, 0)
}

// phrases merges runs that continue each other on one baseline (forms
// often draw a label letter by letter) so a field's context is a whole
// label rather than its last letter.
func phrases(runs []run) []run {
	rs := append([]run(nil), runs...)
	sort.SliceStable(rs, func(i, j int) bool {
		if dy := rs[i].y - rs[j].y; math.Abs(dy) > 1 {
			return dy > 0
		}
		return rs[i].x < rs[j].x
	})
	var out []run
	for _, r := range rs {
		if n := len(out); n > 0 {
			last := &out[n-1]
			gap := r.x - last.end
			if math.Abs(r.y-last.y) <= 1 && gap > -last.size && gap < last.size*0.8 {
				if gap > last.size*0.25 {
					last.text += " "
				}
				last.text += r.text
				last.end = math.Max(last.end, r.end)
				continue
			}
		}
		out = append(out, r)
	}
	return splitLeaders(out)
}

// splitLeaders cuts runs at fill-in leaders drawn as text ("Fait à
// ______, le ______", "Date ........"), at wide spaces and at private-use
// glyphs (symbol-font check boxes: "de ☐ Perte ☐ Vol"): the words between
// become runs of their own, placed in proportion to their characters, so
// a box drawn over a leader or a glyph finds the words beside it.
func splitLeaders(rs []run) []run {
	out := rs[:0:0]
	for _, r := range rs {
		text := []rune(r.text)
		at := glyphOffsets(text, r.end-r.x)
		start := 0
		emit := func(from, to int) {
			for from < to && text[from] == ' ' {
				from++
			}
			for to > from && text[to-1] == ' ' {
				to--
			}
			s := strings.Map(dropPrivateUse, string(text[from:to]))
			if strings.TrimSpace(s) != "" {
				out = append(out, run{x: r.x + at[from], end: r.x + at[to], y: r.y, size: r.size, text: s})
			}
		}
		for i := 0; i < len(text); {
			j := i
			for j < len(text) && isSeparator(text, j) {
				j++
			}
			if j-i >= minLeader || j > i && isPrivateUse(text[i]) {
				emit(start, i)
				start, i = j, j
				continue
			}
			i++
		}
		emit(start, len(text))
	}
	return out
}

// glyphOffsets estimates where each character of a run starts (and, last,
// where the run ends), spreading its width by typical Helvetica advance
// widths: the text layer gives a run's extent, not its glyphs'.
func glyphOffsets(text []rune, width float64) []float64 {
	at := make([]float64, len(text)+1)
	for i, c := range text {
		at[i+1] = at[i] + advance(c)
	}
	if total := at[len(text)]; total > 0 {
		for i := range at {
			at[i] *= width / total
		}
	}
	return at
}

// advance is a character's typical width in a sans-serif text face, in
// ems.
func advance(c rune) float64 {
	switch {
	case c == ' ' || c == '.' || c == ',' || c == ':' || c == ';' || c == '\'' || c == 'i' || c == 'l' || c == '(' || c == ')':
		return 0.28
	case isPrivateUse(c):
		return 0.9
	case unicode.IsUpper(c):
		return 0.68
	case unicode.IsDigit(c) || c == '_':
		return 0.56
	}
	return 0.5
}

// isSeparator reports whether text[j] belongs to what separates two
// labels on one line: a leader (underscores, dots, an ellipsis), wide
// space (two spaces or more), or a private-use glyph, with the spaces
// around them.
func isSeparator(text []rune, j int) bool {
	c := text[j]
	switch {
	case c == '_' || c == '.' || c == '…' || isPrivateUse(c):
		return true
	case c == ' ':
		return j+1 < len(text) && (text[j+1] == ' ' || isSeparator(text, j+1)) ||
			j > 0 && (text[j-1] == ' ' || strings.ContainsRune("_.…", text[j-1]) || isPrivateUse(text[j-1]))
	}
	return false
}

func isPrivateUse(r rune) bool { return r >= 0xE000 && r <= 0xF8FF }

// minLeader is the shortest separator that cuts a run: "etc." and
// "Apt. no." keep their periods, "Name: John" its one space.
const minLeader = 3

func dropPrivateUse(r rune) rune {
	if isPrivateUse(r) {
		return -1
	}
	return r
}

// bodySize is the type size of most of the page's characters: its
// running text, against which small-type captions stand out.
func bodySize(rs []run) float64 {
	count := map[float64]int{}
	best, n := 0.0, 0
	for _, r := range rs {
		size := math.Round(r.size*2) / 2
		count[size] += len(r.text)
		if count[size] > n || count[size] == n && size > best {
			best, n = size, count[size]
		}
	}
	return best
}
