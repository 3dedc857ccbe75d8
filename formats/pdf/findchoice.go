package pdf

import "strings"

// choiceBox is the check box that text t is the printed option label of:
// a check box (checkBoxLike) on t's row just left of it, other than r; ok
// false when t labels no such box.
func choiceBox(boxes [][4]float64, r [4]float64, t run) ([4]float64, bool) {
	for _, b := range boxes {
		if b == r || !checkBoxLike(b) || !onRowOf(t, b) {
			continue
		}
		if gap := t.x - b[2]; gap >= -edgeOverlap && gap < buttonRight {
			return b, true
		}
	}
	return [4]float64{}, false
}

// maxCheckBox is the largest side, in points, of a box drawn as a check
// box.
const maxCheckBox = 24.0

// checkBoxLike reports whether rectangle b is shaped like a check box:
// small and about square (a narrow number box beside a question is not).
func checkBoxLike(b [4]float64) bool {
	w, h := b[2]-b[0], b[3]-b[1]
	return w <= maxCheckBox && h <= maxCheckBox && w <= 1.4*h && h <= 1.4*w
}

// choiceDetail names a box that follows a check box's option label on its
// row ("Unterhalt?  ☐ Nein  ☐ Ja: [amount]"): the box details that choice,
// so its question is the choice's question with the option, "Unterhalt?
// Ja". The choice's question is the nearest text left of the check box
// that is not itself another option's label, else the caption above it.
// "" when the left text labels no check box or no question is found.
func choiceDetail(rs []run, boxes [][4]float64, r [4]float64, left int, body float64) string {
	b, ok := choiceBox(boxes, r, rs[left])
	if !ok {
		return ""
	}
	option := strings.TrimRight(joinSpaces(rs[left].text), ":")
	best := -1
	for i, t := range rs {
		if !onRowOf(t, b) || t.end > b[0]+edgeOverlap || b[0]-t.end >= maxLeft || letters(t.text) < 2 {
			continue
		}
		if _, isOption := choiceBox(boxes, r, t); isOption {
			continue
		}
		if best < 0 || t.end > rs[best].end {
			best = i
		}
	}
	question := ""
	if best >= 0 {
		// A question may wrap under its first line ("Nichtselbständiger
		// / Arbeit?").
		question = captionBlock(rs, []run{rs[best]}, -1)
	} else {
		question, _ = captionAbove(rs, boxes, b, body)
	}
	if letters(question) < 2 {
		return ""
	}
	return question + " " + option
}
