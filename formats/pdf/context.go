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
	for _, f := range fields {
		if f.Page == 0 {
			continue
		}
		rs := pt.of(f.Page)
		if f.Kind == kindRadio {
			f.Context = groupText(rs, groupRect(f), f.Options)
		} else {
			f.Context = nearText(rs, f.rect, f.Kind == kindCheckbox)
		}
		if !f.tipped && letters(f.Context) >= 2 {
			f.Label = clipLabel(f.Context)
		}
	}
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
// (llx, lly, urx, ury): a caption printed inside the box, else the nearest
// run on its row to the left, or for a
// button one close on its right, else the nearest on the right, else the
// nearest caption just above it. "" when none is near enough.
func nearText(rs []run, r [4]float64, button bool) string {
	onRow := func(t run) bool { return t.y >= r[1]-rowSlack && t.y <= r[3]+rowSlack }
	left, right, above, inside, below := -1, -1, -1, -1, -1
	dl, dr, da, db := maxLeft, maxRight, maxAbove, maxBelow
	for i, t := range rs {
		switch {
		case !button && onRow(t) && t.x >= r[0]-edgeOverlap && t.x < r[2]-edgeOverlap && t.end > r[0]+edgeOverlap:
			// A caption printed inside the box (tax forms put "Last name"
			// at its top-left): it names this field, where the text to
			// its left or right is the neighbouring boxes' caption. The
			// top-most, then left-most, is the caption.
			if inside < 0 || t.y > rs[inside].y+1 || math.Abs(t.y-rs[inside].y) <= 1 && t.x < rs[inside].x {
				inside = i
			}
		case onRow(t) && t.end <= r[0]+edgeOverlap && r[0]-t.end < dl:
			left, dl = i, r[0]-t.end
		case onRow(t) && t.x >= r[2]-edgeOverlap && t.x-r[2] < dr:
			right, dr = i, t.x-r[2]
		case t.y-r[3] >= -rowSlack && t.y-r[3] < da && t.x < r[2] && t.end > r[0]-aboveIndent:
			above, da = i, t.y-r[3]
		case !button && r[1]-t.y > 0 && r[1]-t.y < db && t.x < r[2] && t.end > r[0]:
			below, db = i, r[1]-t.y
		}
	}
	best := left
	switch {
	case inside >= 0:
		best = inside
	case button && right >= 0 && dr < buttonRight, best < 0 && right >= 0 && (button || above < 0):
		// A text box's caption sits above it far more often than on its
		// right, where a margin note column starts.
		best = right
	case best < 0 && above >= 0:
		best = above
	case best < 0:
		best = below
	}
	if best < 0 {
		return ""
	}
	s := strings.Join(strings.Fields(rs[best].text), " ")
	if r := []rune(s); len(r) > maxContext {
		s = string(r[:maxContext]) + "…"
	}
	return s
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
	return out
}
