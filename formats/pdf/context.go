package pdf

import (
	"log/slog"
	"math"
	"sort"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// maxContext bounds the nearby text quoted for one field.
const maxContext = 80

// pageRunsOf extracts the text runs of page pageNr; a page whose content
// cannot be read has none.
func pageRunsOf(ctx *model.Context, pageNr int) []run {
	pd, _, inh, err := ctx.PageDict(pageNr, false)
	if err != nil || pd == nil {
		return nil
	}
	content := pageContent(ctx, pd)
	res := dictOf(ctx, entry(ctx, pd, "Resources"))
	if res == nil && inh != nil {
		res = inh.Resources
	}
	return pageRuns(content, pageFonts(ctx, res))
}

// maxContentBytes bounds the decoded content of one page: a compressed
// stream can inflate a thousandfold, and text extraction must not let a
// small hostile upload take a worker's memory.
const maxContentBytes = 32 << 20

// pageContent returns a page's decoded content streams, concatenated, up
// to maxContentBytes; streams that do not decode are skipped.
func pageContent(ctx *model.Context, pd types.Dict) []byte {
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
			slog.Debug("pdf: content stream skipped", "err", err)
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
func addContext(d *document) { addContextTo(d.ctx, d.fields) }

// addContextTo is addContext for some fields, reading only their pages.
func addContextTo(ctx *model.Context, fields []*field) {
	pt := newPageText(ctx)
	boxes := widgetBoxes(fields)
	for _, f := range fields {
		if f.Page == 0 {
			continue
		}
		rs := pt.of(f.Page)
		if f.Kind == kindRadio {
			f.Context = groupText(rs, groupRect(f), f.Options)
		} else {
			f.Context = findLabel(rs, boxes[f.Page], f.rect, f.Kind == kindCheckbox, bodySize(rs))
		}
		if !f.tipped && letters(f.Context) >= 2 {
			f.Label = clipQuestion(f.Context)
		}
		f.Context = clipContext(f.Context)
	}
}

// widgetBoxes are the rectangles of the fields' visible widgets by page.
func widgetBoxes(fields []*field) map[int][][4]float64 {
	out := map[int][][4]float64{}
	for _, f := range fields {
		for _, wd := range f.widgets {
			if wd.page > 0 && !wd.hidden {
				out[wd.page] = append(out[wd.page], wd.rect)
			}
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
		if !isOption[clipLabel(t.text)] {
			rest = append(rest, t)
		}
	}
	onRow := func(t run) bool { return t.y >= r[1]-rowSlack && t.y <= r[3]+rowSlack }
	left, above := -1, -1
	dl, da := maxLeft, maxAbove
	for i, t := range rest {
		switch {
		case onRow(t) && t.end <= r[0]+edgeOverlap && r[0]-t.end < dl && hasLetterOrDigit(t.text):
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
// ______, le ______", "Date ........"): the words between them become
// runs of their own, placed in proportion to their characters, so a box
// drawn over a leader finds the words before it on its left. Private-use
// glyphs (symbol-font check boxes) are dropped from the text.
func splitLeaders(rs []run) []run {
	out := rs[:0:0]
	for _, r := range rs {
		text := []rune(strings.Map(dropPrivateUse, r.text))
		if len(text) == 0 {
			continue
		}
		per := (r.end - r.x) / float64(len([]rune(r.text)))
		start, i := 0, 0
		emit := func(from, to int) {
			if s := strings.TrimSpace(string(text[from:to])); s != "" && hasLetterOrDigit(s) {
				out = append(out, run{x: r.x + per*float64(from), end: r.x + per*float64(to), y: r.y, size: r.size, text: string(text[from:to])})
			}
		}
		for i < len(text) {
			j := i
			for j < len(text) && isLeader(text[j], text, j) {
				j++
			}
			if j-i >= minLeader {
				emit(start, i)
				start = j
				i = j
				continue
			}
			i++
		}
		if start == 0 {
			out = append(out, run{x: r.x, end: r.end, y: r.y, size: r.size, text: string(text)})
			continue
		}
		emit(start, len(text))
	}
	return out
}

// minLeader is the shortest run of leader characters that separates
// words: "etc." and "Apt. no." keep their periods.
const minLeader = 3

// isLeader reports whether text[j] belongs to a leader: an underscore, a
// dot, an ellipsis, or a space among them.
func isLeader(c rune, text []rune, j int) bool {
	switch c {
	case '_', '.', '…':
		return true
	case ' ':
		return j > 0 && strings.ContainsRune("_.…", text[j-1])
	}
	return false
}

func dropPrivateUse(r rune) rune {
	if r >= 0xE000 && r <= 0xF8FF {
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
