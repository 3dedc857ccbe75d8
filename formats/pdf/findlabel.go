package pdf

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Limits of the label search beyond a field's own row, in points.
const (
	// maxLineGap is the largest baseline distance, in font sizes, between
	// two lines of one caption block ("If your appeal is late, … / in
	// time, explain why …").
	maxLineGap = 1.5
	// maxBlockLines bounds the lines joined into one caption.
	maxBlockLines = 4
	// maxHeaderUp is how far above a grid cell its column header may be.
	maxHeaderUp = 250.0
	// smallerType: a caption under the box wins over one above it when its
	// type is at least this much smaller (captions under a line are set
	// small: "NOM, Prénom", "Name, Vorname, ggf. Geburtsname").
	smallerType = 0.9
)

// findLabel returns the page text that labels the field with rectangle r
// (llx, lly, urx, ury) among the phrases rs, where boxes are the page's
// widget rectangles (a label is never read across another box) and body
// is the size of the page's running text (0: unknown):
//   - a caption printed inside the box (tax forms), else
//   - for a check box or radio button, the text right beside it, else
//   - the text left of the box on its row, with a line number before it
//     joined to the words further left ("1a Total amount from …"), else
//   - the caption block above the box, or the one below it when that is
//     set in smaller type (German and French forms), else
//   - the nearest text on the right, else
//   - in a grid of boxes, the column header and the row header.
//
// "" when no text is near enough.
func findLabel(rs []run, boxes [][4]float64, r [4]float64, button bool, body float64) string {
	label := labelNear(rs, boxes, r, button, body)
	// A box that goes on from the box before it on its row, parted only by
	// a sign ("HWF–[   ]–[   ]", a sort code's parts), has that box's
	// question.
	for cur, i := r, 0; label == "" && !button && i < maxChain; i++ {
		prev, ok := boxBefore(rs, boxes, cur)
		if !ok {
			break
		}
		label, cur = labelNear(rs, boxes, prev, false, body), prev
	}
	return label
}

// labelNear is findLabel without following a row of boxes back.
func labelNear(rs []run, boxes [][4]float64, r [4]float64, button bool, body float64) string {
	inside, rowNr := insideCaption(rs, r, button)
	if inside != "" {
		return inside
	}
	right := rightText(rs, boxes, r, maxRight)
	if button && right >= 0 && rs[right].x-r[2] < buttonRight {
		label := joinSpaces(rs[right].text)
		if letters(label) < 2 {
			// "☐ 8814": a form number names the box within its row's
			// question ("Check if any from Form(s):").
			if row := rowLabel(rs, r); row != "" {
				return row + " " + label
			}
		}
		return label
	}
	left, option := leftLabel(rs, boxes, r, body)
	if letters(left) >= 2 && !option {
		return left
	}
	above, aboveSize := captionAbove(rs, boxes, r, body)
	below, belowSize := "", 0.0
	if !button {
		below, belowSize = captionBelow(rs, boxes, r, body)
	}
	switch {
	case below != "" && (above == "" || belowSize < aboveSize*smallerType) && (smallType(belowSize, body) || heading(aboveSize, body)):
		return below
	case above != "":
		return above
	case right >= 0:
		return joinSpaces(rs[right].text)
	case below != "":
		return below
	}
	if grid := gridLabel(rs, boxes, r, rowNr, body); grid != "" {
		return grid
	}
	return left // "à", "$": better than nothing
}

// smallType reports whether type of size is set smaller than the page's
// running text (body), as captions under a box are; true when body is
// unknown.
func smallType(size, body float64) bool { return body == 0 || size < body*smallerType }

// heading reports whether text of size is set larger than the page's
// running text (body), as a section heading is: on a page whose running
// text is its small captions, a caption under a box still beats the
// heading over it ("A Angaben zu Ihrer Person" over a box captioned
// "Name, Vorname").
func heading(size, body float64) bool { return body > 0 && size*smallerType > body }

func joinSpaces(s string) string { return strings.Join(strings.Fields(s), " ") }

func onRowOf(t run, r [4]float64) bool { return t.y >= r[1]-rowSlack && t.y <= r[3]+rowSlack }

// insideCaption is the top-most, then left-most, caption printed inside
// the box (IRS 1040: "Last name" at a box's top-left); a caption of fewer
// than two letters is a row number, returned apart.
func insideCaption(rs []run, r [4]float64, button bool) (caption, rowNr string) {
	if button {
		return "", ""
	}
	best := -1
	for i, t := range rs {
		if !onRowOf(t, r) || t.x < r[0]-edgeOverlap || t.x >= r[2]-edgeOverlap || t.end <= r[0]+edgeOverlap {
			continue
		}
		if best < 0 || t.y > rs[best].y+1 || math.Abs(t.y-rs[best].y) <= 1 && t.x < rs[best].x {
			best = i
		}
	}
	if best < 0 {
		return "", ""
	}
	s := joinSpaces(rs[best].text)
	if letters(s) < 2 {
		return "", s
	}
	if r[3]-r[1] > tallBox*rs[best].size {
		// A text area's caption on its top edge may be the last line of
		// a paragraph above it.
		s = captionBlock(rs, lineOf(rs, best, r), +1)
	}
	return s, ""
}

// tallBox is the height, in font sizes, above which a box is a text area
// rather than a line.
const tallBox = 4.0

// blocked reports whether a box other than r lies in the strip between
// a and b (each llx, lly, urx, ury): a label is not read across a box.
func blocked(boxes [][4]float64, r, strip [4]float64) bool {
	for _, b := range boxes {
		if b == r {
			continue
		}
		cx, cy := (b[0]+b[2])/2, (b[1]+b[3])/2
		if cx > strip[0] && cx < strip[2] && cy > strip[1] && cy < strip[3] {
			return true
		}
	}
	return false
}

// rightText is the index of the nearest text on the row right of r within
// limit, not across another box; -1 when none.
func rightText(rs []run, boxes [][4]float64, r [4]float64, limit float64) int {
	best, d := -1, limit
	for i, t := range rs {
		if onRowOf(t, r) && t.x >= r[2]-edgeOverlap && t.x-r[2] < d && hasLetterOrDigit(t.text) &&
			!blocked(boxes, r, [4]float64{r[2], r[1], t.x, r[3]}) {
			best, d = i, t.x-r[2]
		}
	}
	return best
}

// leftLabel is the nearest text on the row left of r, not across another
// box and skipping dot leaders; a line number there ("1a") is joined to
// the words further left; a check box's option label there is read with
// its question (choiceDetail); option reports a bare option label ("Ja:")
// whose question was not found, which a caption of the box beats.
func leftLabel(rs []run, boxes [][4]float64, r [4]float64, body float64) (label string, option bool) {
	var left []int
	for i, t := range rs {
		if onRowOf(t, r) && t.end <= r[0]+edgeOverlap && r[0]-t.end < maxLeft && hasLetterOrDigit(t.text) &&
			!blocked(boxes, r, [4]float64{t.end, r[1], r[0], r[3]}) {
			left = append(left, i)
		}
	}
	sort.Slice(left, func(a, b int) bool { return rs[left[a]].end > rs[left[b]].end })
	if len(left) == 0 {
		return "", false
	}
	first := joinSpaces(rs[left[0]].text)
	if letterSpaced(first) {
		// A prefix printed before the box ("H W F –" before a reference
		// number's digits) is part of the answer's form, not its question:
		// the row's words further left ask it.
		if row := rowCaption(rs, [4]float64{rs[left[0]].x, r[1], rs[left[0]].x, r[3]}); row != "" {
			return row, false
		}
	}
	if letters(first) >= 2 || len([]rune(first)) > 4 {
		if _, isOption := choiceBox(boxes, r, rs[left[0]]); isOption {
			if detail := choiceDetail(rs, boxes, r, left[0], body); detail != "" {
				return detail, false
			}
			return first, true
		}
		return first, false
	}
	// A line number before the box ("16", "1a") numbers its row, whose
	// words may lie across the row's other boxes. A short word there
	// ("à" in "Né le [..] à [commune]") is not one: the box's caption
	// is looked for first.
	if !strings.ContainsFunc(first, unicode.IsDigit) {
		return first, false
	}
	if row := rowLabel(rs, [4]float64{rs[left[0]].x, r[1], rs[left[0]].x, r[3]}); row != "" {
		return first + " " + row, false
	}
	return first, false
}

// rowLabel is the nearest text with words on the row left of r, read
// across the row's boxes; "" when there is none within maxLeft.
func rowLabel(rs []run, r [4]float64) string {
	best := -1
	for i, t := range rs {
		if onRowOf(t, r) && t.end <= r[0]+edgeOverlap && r[0]-t.end < maxLeft && letters(t.text) >= 2 && (best < 0 || t.end > rs[best].end) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return trimLeaders(rs[best].text)
}

// gridLabel names a box in a grid of boxes, whose own row and column hold
// only other boxes: the header of its column (the nearest text above
// that overlaps it, read through the boxes of the same column) and the
// header of its row (the row number inside the box, else the left-most
// text on its row), "Geburtsdatum: 2".
func gridLabel(rs []run, boxes [][4]float64, r [4]float64, rowNr string, body float64) string {
	col, d := -1, maxHeaderUp
	for i, t := range rs {
		if dy := t.y - r[3]; dy >= -rowSlack && dy < d && t.x < r[2] && t.end > r[0] && hasLetterOrDigit(t.text) &&
			!blockedOffColumn(boxes, r, t) && !ownedByOther(boxes, r, t, dy, true, body) {
			col, d = i, dy
		}
	}
	if col < 0 {
		return ""
	}
	header := captionBlock(rs, []run{rs[col]}, +1)
	if rowNr == "" {
		first := -1
		for i, t := range rs {
			if onRowOf(t, r) && t.end <= r[0]+edgeOverlap && hasLetterOrDigit(t.text) && (first < 0 || t.x < rs[first].x) {
				first = i
			}
		}
		if first >= 0 {
			rowNr = joinSpaces(rs[first].text)
		}
	}
	if rowNr == "" || rowNr == header {
		return header
	}
	return header + ": " + rowNr
}

// blockedOffColumn reports whether a box that is not in r's column lies
// between r and the text t above it.
func blockedOffColumn(boxes [][4]float64, r [4]float64, t run) bool {
	for _, b := range boxes {
		// Boxes of r's column are the grid's other rows; a box far
		// smaller than r (a check box between a text area and its
		// heading) does not hide the heading either.
		if b == r || sameColumn(b, r) || smallBeside(b, r) {
			continue
		}
		cx, cy := (b[0]+b[2])/2, (b[1]+b[3])/2
		if cx > math.Max(r[0], t.x) && cx < math.Min(r[2], t.end) && cy > r[3] && cy < t.y {
			return true
		}
	}
	return false
}
