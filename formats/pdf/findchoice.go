package pdf

import (
	"math"
	"strings"
	"unicode"
)

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

// letterSpaced reports whether s is letters or signs set one by one
// ("H W F –", "– –"): two or more words, none with two letters or digits.
func letterSpaced(s string) bool {
	words := strings.Fields(s)
	if len(words) < 2 {
		return false
	}
	for _, w := range words {
		n := 0
		for _, r := range w {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				n++
			}
		}
		if n > 1 {
			return false
		}
	}
	return true
}

// rowCaption is the nearest text with words on the row left of r that is
// not letter-spaced, with the lines of its paragraph under it ("Help with
// Fees - / Ref no. / (if applicable)"); "" when there is none.
func rowCaption(rs []run, r [4]float64) string {
	best := -1
	for i, t := range rs {
		if onRowOf(t, r) && t.end <= r[0]+edgeOverlap && r[0]-t.end < maxLeft && letters(t.text) >= 2 &&
			!letterSpaced(joinSpaces(t.text)) && (best < 0 || t.end > rs[best].end) {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return trimLeaders(captionBlock(rs, []run{rs[best]}, -1))
}

// maxChain bounds how many boxes back a row of parted boxes is followed.
const maxChain = 6

// boxBefore is the box just left of r on its row (same top and bottom
// within rowSlack, a gap under r's height) with no letter or digit
// printed between them; ok false when there is none.
func boxBefore(rs []run, boxes [][4]float64, r [4]float64) ([4]float64, bool) {
	for _, b := range boxes {
		gap := r[0] - b[2]
		if b == r || gap < -edgeOverlap || gap > r[3]-r[1] || math.Abs(b[1]-r[1]) > rowSlack || math.Abs(b[3]-r[3]) > rowSlack {
			continue
		}
		parted := false
		for _, t := range rs {
			if onRowOf(t, r) && t.end > b[2] && t.x < r[0] && hasLetterOrDigit(t.text) {
				parted = true
				break
			}
		}
		if !parted {
			return b, true
		}
	}
	return [4]float64{}, false
}
