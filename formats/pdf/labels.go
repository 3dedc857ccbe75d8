package pdf

import (
	"fmt"
	"math"
	"strings"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// pageText caches the merged text runs (phrases) of the pages read so
// far, so the printed labels of options and questions read each page once.
type pageText struct {
	ctx  *model.Context
	runs map[int][]run
}

func newPageText(ctx *model.Context) *pageText {
	return &pageText{ctx: ctx, runs: map[int][]run{}}
}

// of returns the phrases of page nr.
func (p *pageText) of(nr int) []run {
	rs, ok := p.runs[nr]
	if !ok {
		rs = phrases(pageRunsOf(p.ctx, nr))
		p.runs[nr] = rs
	}
	return rs
}

// sameAsName reports whether a tooltip only repeats the field's partial
// name ("txtNoms" for "txtNoms[0]"), so it says nothing a reader needs.
func sameAsName(tip, partial string) bool {
	bare := partial
	if i := strings.IndexByte(bare, '['); i > 0 {
		bare = bare[:i]
	}
	t := strings.TrimSpace(tip)
	return strings.EqualFold(t, partial) || strings.EqualFold(t, bare)
}

// labelOptions names the options of radio groups and of same-name
// checkboxes with several on-states by the text printed beside each
// option's widget, keeping the export value as the option's state. An
// option without a printed label keeps its export value, and the field's
// optHint says so. Choice fields (/Opt) keep their own display texts.
func labelOptions(pt *pageText, fields []*field) {
	for _, f := range fields {
		if f.Kind != kindRadio || len(f.states) < 2 {
			continue
		}
		labels := make([]string, len(f.states))
		for i, st := range f.states {
			if f.Options[i] != st {
				labels[i] = f.Options[i] // an /Opt text already names it
				continue
			}
			if wd := widgetFor(f, st); wd != nil && wd.page > 0 {
				labels[i] = optionLabel(pt.of(wd.page), wd.rect)
			}
		}
		var missing []string
		seen := map[string]bool{}
		for i, l := range labels {
			if l == "" || seen[l] {
				missing = append(missing, f.states[i])
				continue
			}
			seen[l] = true
			if f.Value == f.Options[i] {
				f.Value = l
			}
			f.Options[i] = l
		}
		if len(missing) > 0 {
			f.optHint = fmt.Sprintf("no label is printed beside option %s: it is offered by its export value", strings.Join(missing, ", "))
		}
	}
}

// widgetFor is the first widget of f whose on-state is st.
func widgetFor(f *field, st string) *widget {
	for _, wd := range f.widgets {
		if wd.on == st {
			return wd
		}
	}
	return nil
}

// optionGap is how far from its widget an option's printed label may
// start (on the right) or end (on the left), in points.
const optionGap = 40.0

// optionLabel is the text printed right beside a button widget with
// rectangle r: on its row, the nearest run starting just right of it,
// else the nearest ending just left of it. "" when none is that close.
func optionLabel(rs []run, r [4]float64) string {
	best, bestGap := -1, optionGap
	for i, t := range rs {
		if t.y < r[1]-rowSlack || t.y > r[3]+rowSlack || !hasLetterOrDigit(t.text) {
			continue
		}
		if gap := t.x - r[2]; gap >= -edgeOverlap && gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best < 0 {
		bestGap = optionGap
		for i, t := range rs {
			if t.y < r[1]-rowSlack || t.y > r[3]+rowSlack || !hasLetterOrDigit(t.text) {
				continue
			}
			if gap := r[0] - t.end; gap >= -edgeOverlap && gap < bestGap {
				best, bestGap = i, gap
			}
		}
	}
	if best < 0 {
		return ""
	}
	return clipLabel(rs[best].text)
}

// clipLabel collapses a label's spacing, trims the colon a caption ends
// with, and bounds its length.
func clipLabel(s string) string {
	s = strings.TrimRight(strings.Join(strings.Fields(s), " "), " :")
	if r := []rune(s); len(r) > maxContext {
		s = string(r[:maxContext]) + "…"
	}
	return s
}

func hasLetterOrDigit(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// letters counts the letters of s: a printed question has words, where a
// row number ("1") or a currency sign does not name a field.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

// groupRect is the rectangle spanning a field's widgets on its page.
func groupRect(f *field) [4]float64 {
	r := f.rect
	for _, wd := range f.widgets {
		if wd.page != f.Page || wd.hidden {
			continue
		}
		r = [4]float64{math.Min(r[0], wd.rect[0]), math.Min(r[1], wd.rect[1]), math.Max(r[2], wd.rect[2]), math.Max(r[3], wd.rect[3])}
	}
	return r
}
