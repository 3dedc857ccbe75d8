package pdf

import (
	"fmt"
	"log/slog"
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
	log  *slog.Logger // where the text layer notes skipped streams
}

func newPageText(ctx *model.Context, log *slog.Logger) *pageText {
	return &pageText{ctx: ctx, runs: map[int][]run{}, log: log}
}

// of returns the phrases of page nr.
func (p *pageText) of(nr int) []run {
	rs, ok := p.runs[nr]
	if !ok {
		rs = phrases(pageRunsOf(p.ctx, nr, p.log))
		p.runs[nr] = rs
	}
	return rs
}

// sameAsName reports whether a tooltip only repeats the field's name, full
// ("2. Zahl der Zimmer", whose partial name is " Zahl der Zimmer") or
// partial ("txtNoms" for "txtNoms[0]"), so it says nothing a reader needs.
// Spacing and control characters do not count: a name with a trailing
// space ("… in Euro ") or a stray \a is still repeated by its tooltip.
func sameAsName(tip, fullName, partial string) bool {
	t := nameWords(tip)
	for _, n := range []string{fullName, partial} {
		bare := n
		if i := strings.IndexByte(bare, '['); i > 0 {
			bare = bare[:i]
		}
		if n != "" && (strings.EqualFold(t, nameWords(n)) || strings.EqualFold(t, nameWords(bare))) {
			return true
		}
	}
	return identifierLike(strings.TrimSpace(tip))
}

// nameWords is s with control characters dropped and spaces collapsed.
func nameWords(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// identifierLike reports whether a tooltip is a programmer's name rather
// than words ("ckbVol", "txt_nom", "Check_Box1"): one token with an
// underscore or a lower-to-upper case change.
func identifierLike(s string) bool {
	if strings.ContainsAny(s, " \t") {
		return false
	}
	if strings.Contains(s, "_") {
		return true
	}
	rs := []rune(s)
	for i := 1; i < len(rs); i++ {
		if unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i]) {
			return true
		}
	}
	return false
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
		labels := printedOptionLabels(pt, f)
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

// printedOptionLabels returns, for each option of f, the label printed
// beside its widget, or "" when none is. Labels sit on the right of the
// buttons ("○ ledig ○ verheiratet") unless every button has one on its
// left, closer on the whole than those on the right ("ledig ○
// verheiratet ○"); text left of the first button alone is the group's
// question, not an option.
func printedOptionLabels(pt *pageText, f *field) []string {
	n := len(f.states)
	left, right := make([]string, n), make([]string, n)
	var leftGap, rightGap float64
	allLeft, allRight := true, true
	for i, st := range f.states {
		if f.Options[i] != st {
			left[i], right[i] = f.Options[i], f.Options[i] // an /Opt text already names it
			continue
		}
		wd := widgetFor(f, st)
		if wd == nil || wd.page == 0 {
			allLeft, allRight = false, false
			continue
		}
		rs := pt.of(wd.page)
		var gl, gr float64
		right[i], gr = besideLabel(rs, wd.rect, true)
		left[i], gl = besideLabel(rs, wd.rect, false)
		leftGap, rightGap = leftGap+gl, rightGap+gr
		allLeft, allRight = allLeft && left[i] != "", allRight && right[i] != ""
	}
	if allLeft && (!allRight || leftGap < rightGap) {
		for i, l := range left {
			if _, opt, ok := questionAndOption(l); ok {
				left[i] = opt
			}
		}
		return left
	}
	return right
}

// questionAndOption parts a label printed left of a button that holds the
// group's question too ("Sexe : M ○ F ○"): the words before its last
// colon ask, the word after it is the option; ok false without such a
// colon.
func questionAndOption(s string) (question, option string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return "", "", false
	}
	question, option = trimLeaders(s[:i]), strings.TrimSpace(s[i+1:])
	return question, option, letters(question) >= 2 && hasLetterOrDigit(option)
}

// besideLabel is the text printed on the row of a button widget with
// rectangle r, nearest on its right (or on its left), within optionGap,
// and its distance; "" when none is that close.
func besideLabel(rs []run, r [4]float64, onRight bool) (string, float64) {
	best, bestGap := -1, optionGap
	for i, t := range rs {
		if t.y < r[1]-rowSlack || t.y > r[3]+rowSlack || !hasLetterOrDigit(t.text) {
			continue
		}
		gap := r[0] - t.end
		if onRight {
			gap = t.x - r[2]
		}
		if gap >= -edgeOverlap && gap < bestGap {
			best, bestGap = i, gap
		}
	}
	if best < 0 {
		return "", 0
	}
	return clipLabel(rs[best].text), bestGap
}

// maxQuestion bounds a question read off the page: a caption block of a
// few lines.
const maxQuestion = 240

// clipLabel collapses a label's spacing, trims the colon and dot leaders
// a caption ends with, and bounds its length.
func clipLabel(s string) string { return clipTo(trimLeaders(s), maxContext) }

// clipQuestion is clipLabel with room for a caption block.
func clipQuestion(s string) string { return clipTo(trimLeaders(s), maxQuestion) }

// clipContext bounds the near context quoted beside a field.
func clipContext(s string) string { return clipTo(joinSpaces(s), maxContext) }

// trimLeaders drops what follows a caption's words: spaces, a colon,
// underscores and dot leaders ("Total . . . . ."), but not the one period
// of an abbreviation ("Apt. no.").
func trimLeaders(s string) string {
	s = strings.TrimRight(joinSpaces(s), " :_…")
	if t := strings.TrimRight(s, " ."); strings.Count(s[len(t):], ".") >= 2 || strings.HasSuffix(s, " .") {
		s = strings.TrimRight(t, " :_…")
	}
	return s
}

func clipTo(s string, n int) string {
	if r := []rune(s); len(r) > n {
		s = string(r[:n]) + "…"
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

// printedOptions reports whether a radio group's options are labels read
// off the page rather than its export values.
func printedOptions(f *field) bool {
	for i, o := range f.Options {
		if i >= len(f.states) || o == f.states[i] {
			return false
		}
	}
	return true
}
