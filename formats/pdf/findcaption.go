package pdf

// The caption blocks above and below a box, and which box a caption
// belongs to, for findLabel.

import (
	"math"
	"sort"
	"strings"
)

// captionAbove is the caption block just above r (within maxAbove, not
// across another box), its lines joined top to bottom, and its type size.
func captionAbove(rs []run, boxes [][4]float64, r [4]float64, body float64) (string, float64) {
	best, d := -1, maxAbove
	for i, t := range rs {
		if dy := t.y - r[3]; dy >= -rowSlack && closer(dy, d, t, rs, best, r) && t.x < r[2] && t.end > r[0]-aboveIndent && hasLetterOrDigit(t.text) &&
			!blocked(boxes, r, [4]float64{r[0], r[3], r[2], t.y}) && !ownedByOther(boxes, r, t, dy, false, body) {
			best, d = i, dy
		}
	}
	if best < 0 {
		return "", 0
	}
	return captionBlock(rs, lineOf(rs, best, r), +1), rs[best].size
}

// closer reports whether text t at distance dy is a better caption for
// box r than rs[best] at distance d: nearer, or on the same line and
// overlapping the box more (captions side by side under a row of boxes).
func closer(dy, d float64, t run, rs []run, best int, r [4]float64) bool {
	if best < 0 || math.Abs(dy-d) > 1 {
		return dy < d
	}
	return overlap(t, r) > overlap(rs[best], r)
}

// overlap is how much of box r's width text t spans.
func overlap(t run, r [4]float64) float64 { return math.Min(t.end, r[2]) - math.Max(t.x, r[0]) }

// lineOf is run i with the runs on its baseline over the box's extent
// ("6.1" and "Give reasons …"), left to right.
func lineOf(rs []run, i int, r [4]float64) []run {
	var line []run
	for _, t := range rs {
		if math.Abs(t.y-rs[i].y) <= 1 && t.x < r[2] && t.end > r[0]-aboveIndent && hasLetterOrDigit(t.text) {
			line = append(line, t)
		}
	}
	sort.Slice(line, func(a, b int) bool { return line[a].x < line[b].x })
	return line
}

// captionBelow is the caption block just under r (within maxBelow,
// overlapping it, not across another box) and its type size.
func captionBelow(rs []run, boxes [][4]float64, r [4]float64, body float64) (string, float64) {
	best, d := -1, maxBelow
	for i, t := range rs {
		if dy := r[1] - t.y; dy > 0 && closer(dy, d, t, rs, best, r) && t.x < r[2] && t.end > r[0] && hasLetterOrDigit(t.text) &&
			!blocked(boxes, r, [4]float64{r[0], t.y, r[2], r[1]}) && !ownedByOther(boxes, r, t, dy-ascent*t.size, false, body) {
			best, d = i, dy
		}
	}
	if best < 0 {
		return "", 0
	}
	return joinSpaces(rs[best].text), rs[best].size
}

// tightUnder is the gap, in font sizes, from a box's bottom edge to the
// top of tiny text (at most tinyType points) that is then its caption
// whatever the page's body size: on a page of boxes captioned in 6 pt,
// the captions are the body. Text in reading sizes right under a row of
// boxes is often the next line's question (tax forms).
const (
	tightUnder = 0.5
	tinyType   = 7.0
)

// tinyCaption reports whether t, db under a box, is set tiny and tight
// under it.
func tinyCaption(t run, db float64) bool { return t.size <= tinyType && db <= tightUnder*t.size }

// ascent is the height of a line of type above its baseline, in font
// sizes: the gap from a box's bottom edge to a caption under it is to the
// caption's top, not its baseline.
const ascent = 0.7

// ownedByOther reports whether text t, at distance d from box r, sits
// nearer another box: closer above or below it, or on its row right
// beside it (a check box's label) when r reaches under that box; a box
// indented under a check box's label ("☐ I want HMRC to repay" over an
// amount box) shares the label. Text under a box is its caption only in
// small type (see smallType). A caption belongs to one box. In a grid
// (inColumn) the other cells of r's column do not own its header.
func ownedByOther(boxes [][4]float64, r [4]float64, t run, d float64, inColumn bool, body float64) bool {
	for _, b := range boxes {
		if b == r || inColumn && sameColumn(b, r) {
			continue
		}
		db, ok := distanceTo(b, t)
		if !ok || db >= d-0.5 || t.y < b[1] && !smallType(t.size, body) && !tinyCaption(t, db) {
			// Only small type under a box is its caption, or tiny type
			// set right under it (a page whose running text is its
			// captions).
			continue
		}
		if db == 0 && onRowOf(t, b) && (b[2] <= r[0] || b[0] >= r[2]) {
			continue
		}
		if inColumn && db > 0 && smallBeside(b, r) {
			continue // a heading over check boxes and a text area heads both
		}
		return true
	}
	return false
}

// smallBeside reports whether box b is far smaller than r both ways (a
// check box near a text area).
func smallBeside(b, r [4]float64) bool { return (b[2]-b[0])*4 < r[2]-r[0] && (b[3]-b[1])*4 < r[3]-r[1] }

func sameColumn(b, r [4]float64) bool { return math.Abs(b[0]-r[0]) < 3 && math.Abs(b[2]-r[2]) < 3 }

// distanceTo is how far text t is from box b as its label: 0 right beside
// it on its row, else the gap above or below it; false when t is not over
// or under b, nor beside it.
func distanceTo(b [4]float64, t run) (float64, bool) {
	if onRowOf(t, b) {
		if gap := t.x - b[2]; gap >= -edgeOverlap && gap < buttonRight {
			return 0, true
		}
		if gap := b[0] - t.end; gap >= -edgeOverlap && gap < buttonRight {
			return 0, true
		}
		return 0, false
	}
	if t.x >= b[2] || t.end <= b[0] {
		return 0, false
	}
	if t.y > b[3] {
		return t.y - b[3], true
	}
	return b[1] - t.y - ascent*t.size, true
}

// captionBlock joins the runs of one line with the lines of its
// paragraph further up (dir +1) or down (-1): lines in similar type, close
// together and overlapping its extent, in reading order.
func captionBlock(rs []run, first []run, dir float64) string {
	lines := [][]run{first}
	x0, x1, y, size := first[0].x, first[len(first)-1].end, first[0].y, first[0].size
	for _, t := range first {
		x0, x1, size = math.Min(x0, t.x), math.Max(x1, t.end), math.Max(size, t.size)
	}
	// The block keeps to the first line's extent: a note column beside a
	// caption on the same baselines is not part of it.
	for len(lines) < maxBlockLines {
		var line []run
		next := math.Inf(1)
		for _, t := range rs {
			dy := (t.y - y) * dir
			// A line above may be set larger (a column header's title over
			// its small-type note), never smaller.
			if dy <= 1 || dy > math.Min(size, t.size)*maxLineGap || t.size < size-1.5 || dir < 0 && t.size > size+1.5 ||
				t.end <= x0 || t.x >= x1 || !hasLetterOrDigit(t.text) {
				continue
			}
			if dy < next-1 {
				line, next = nil, dy
			}
			if math.Abs(dy-next) <= 1 {
				line = append(line, t)
			}
		}
		if len(line) == 0 {
			break
		}
		sort.Slice(line, func(a, b int) bool { return line[a].x < line[b].x })
		y = line[0].y
		lines = append(lines, line)
	}
	if dir > 0 { // collected bottom-up: read top-down
		for a, b := 0, len(lines)-1; a < b; a, b = a+1, b-1 {
			lines[a], lines[b] = lines[b], lines[a]
		}
	}
	var parts []string
	for _, line := range lines {
		for _, t := range line {
			parts = append(parts, joinSpaces(t.text))
		}
	}
	return strings.Join(parts, " ")
}
