package reuse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/formfill/formfill/formats"
)

// Result is carry_over's answer.
type Result struct {
	// Answers are the carried answers, ready for write, fill and batch;
	// each says where it came from (from, score), how sure the match is
	// (confidence) and why (note).
	Answers []formats.Answer `json:"answers"`
	// Unmatched lists the new document's targets no answer was carried to,
	// each with the reason: what is left to answer.
	Unmatched []Gap   `json:"unmatched"`
	Summary   Summary `json:"summary"`
}

// Gap is a target of the new document left without a carried answer.
type Gap struct {
	ID       string `json:"id"`
	Question string `json:"question,omitempty"`
	Reason   string `json:"reason"`
}

// Summary counts a carry-over's outcome.
type Summary struct {
	Targets   int `json:"targets"`   // answer targets of the new document
	Previous  int `json:"previous"`  // answers read from the previous document
	Carried   int `json:"carried"`   // answers carried over
	Known     int `json:"known"`     // of which known
	Uncertain int `json:"uncertain"` // of which uncertain
	Unmatched int `json:"unmatched"` // targets left without an answer
}

// group is a question and its places in a document, in order: the
// targets of a new one, the answers of a previous one.
type group struct {
	key, number, question, section string
	part                           string // the sheet it sits in (Excel)
	targets                        []formats.Target
	answers                        []formats.HarvestedAnswer
}

// Into carries the previous document's answers onto the targets of the
// document whose compact map is cs: its whole targets view, each
// target's question number, then Carry. A crosswalk (may be nil) maps
// question numbers of the new version to those of the previous one.
func Into(previous *formats.HarvestResult, cs *formats.CompactStructure, cw *Crosswalk) (*Result, error) {
	targets, err := cs.TargetsView(formats.Page{})
	if err != nil {
		return nil, err
	}
	numbers, err := cs.QuestionNumbers(targets.Targets)
	if err != nil {
		return nil, err
	}
	parts := map[string]string{}
	for _, t := range targets.Targets {
		parts[t.ID] = formats.SheetOf(targets.IDToXPath[t.ID])
	}
	return carry(previous.Answers, targets.Targets, numbers, parts, newXwalk(cw)), nil
}

// Carry maps the answers harvested from a previous document onto the
// answer targets of a new one; numbers gives the number of a target's
// question kept apart from its text, by the question's ID (may be nil).
// Each previous question answers at most one new one: the best matches
// are settled first. It is deterministic: the same inputs give the same
// output.
func Carry(previous []formats.HarvestedAnswer, targets []formats.Target, numbers map[string]string) *Result {
	return carry(previous, targets, numbers, nil, nil)
}

// carry is Carry given the sheet each target sits in by its ID (may be
// nil; a sheet of the same name in the previous document breaks ties)
// and a crosswalk (may be nil).
func carry(previous []formats.HarvestedAnswer, targets []formats.Target, numbers, parts map[string]string, x *xwalk) *Result {
	res := &Result{Answers: []formats.Answer{}, Unmatched: []Gap{}}
	res.Summary.Targets, res.Summary.Previous = len(targets), len(previous)
	prev := groupAnswers(previous)
	qs := make([]question, len(prev))
	for i, g := range prev {
		qs[i] = newQuestion(g.number, g.question, g.section)
		qs[i].part = g.part
	}
	groups := groupTargets(targets)
	news := make([]question, len(groups))
	for gi, g := range groups {
		news[gi] = newQuestion(numbers[g.key], g.question, "")
		news[gi].part = parts[g.targets[0].ID]
	}
	ix := newIndex(qs, news)
	ix.withCrosswalk(x)
	matches, whys := assign(ix, news, prev)
	for gi, g := range groups {
		m := matches[gi]
		for j, t := range g.targets {
			switch {
			case m == nil:
				res.gap(t, whys[gi])
			case j >= len(prev[m.i].answers):
				res.gap(t, fmt.Sprintf("the previous question %q has no answer for this place", clip(prev[m.i].question)))
			default:
				res.carry(t, prev[m.i].answers[j], m)
			}
		}
	}
	return res
}

// assign matches each group of new targets to a previous question, the
// best scores first, each previous question once (to one question and
// its copies).
func assign(ix *index, news []question, prev []group) ([]*match, []string) {
	type option struct {
		g     int
		cands []candidate
		q     question
	}
	opts := make([]option, len(news))
	for gi, q := range news {
		opts[gi] = option{g: gi, cands: ix.best(q), q: q}
	}
	order := make([]int, len(news))
	for i := range order {
		order[i] = i
	}
	top := func(o option) float64 {
		if len(o.cands) == 0 {
			return -1
		}
		return o.cands[0].rank()
	}
	sort.SliceStable(order, func(a, b int) bool { return top(opts[order[a]]) > top(opts[order[b]]) })
	// used holds the text of the new question each previous one went
	// to: it answers no other, but for a copy of that question (a
	// workbook asking "Solution Provider Name" on each of its sheets),
	// unless the previous document has the copy's sheet, which then
	// answers it (a checklist's Android and iOS sheets answer apart).
	used := map[int]string{}
	prevParts := map[string]bool{}
	for _, q := range ix.qs {
		prevParts[q.part] = true
	}
	matches, whys := make([]*match, len(news)), make([]string, len(news))
	for _, gi := range order {
		o := opts[gi]
		var free []candidate
		for _, c := range o.cands {
			if text, ok := used[c.i]; !ok || text == o.q.text && text != "" && !prevParts[o.q.part] {
				free = append(free, c)
			}
		}
		if len(free) == 0 && len(o.cands) > 0 {
			whys[gi] = fmt.Sprintf("its best match %q answers another question better", clip(prev[o.cands[0].i].question))
			continue
		}
		matches[gi], whys[gi] = decide(ix, o.q, free, prev)
		if m := matches[gi]; m != nil {
			if _, ok := used[m.i]; !ok {
				used[m.i] = o.q.text
			}
		}
	}
	return matches, whys
}

// match is a decided match of a new question to a previous one.
type match struct {
	i          int
	score      float64
	confidence formats.Confidence
	note       string
}

// decide picks the previous question a new one matches, or says why none.
func decide(ix *index, q question, cands []candidate, prev []group) (*match, string) {
	if q.text == "" && q.number == "" {
		return nil, "the target has no question to match"
	}
	if len(cands) == 0 {
		return nil, "no previous question is like it"
	}
	top := cands[0]
	p := ix.qs[top.i]
	m := &match{i: top.i, score: round(top.score)}
	if top.cross != crossNone {
		crossDecide(ix, q, cands, m)
		m.note += fmt.Sprintf(": was %q", clip(prev[top.i].question))
		return m, ""
	}
	switch {
	case top.score == 1 && (q.number == p.number || q.number == "" || p.number == ""):
		m.confidence, m.note = formats.Known, "same question"
	case top.score == 1:
		m.confidence, m.note = formats.Known, fmt.Sprintf("same question, renumbered %s → %s", p.number, q.number)
	case top.number && top.score >= KnownNumbered:
		m.confidence, m.note = formats.Known, fmt.Sprintf("same number %s, wording alike (%.2f)", q.number, top.score)
	case top.score >= Threshold:
		m.confidence, m.note = formats.Uncertain, fmt.Sprintf("near match (%.2f)", top.score)
	case top.number && top.score >= NumberedFloor:
		m.confidence, m.note = formats.Uncertain, fmt.Sprintf("same number %s, wording differs (%.2f)", q.number, top.score)
	default:
		return nil, fmt.Sprintf("number %s matches %q, but the question changed (similarity %.2f)", q.number, clip(prev[top.i].question), top.score)
	}
	if len(cands) > 1 && cands[1].score >= top.score-tieMargin && p.section == ix.qs[cands[1].i].section &&
		!sameAnswers(prev[top.i], prev[cands[1].i]) && !(top.number && !cands[1].number) &&
		!(p.part == q.part && ix.qs[cands[1].i].part != q.part) {
		m.confidence = formats.Uncertain
		m.note += fmt.Sprintf("; ambiguous with %q (%.2f)", clip(prev[cands[1].i].question), cands[1].score)
	}
	m.note += fmt.Sprintf(": was %q", clip(prev[top.i].question))
	return m, ""
}

// sameAnswers reports two previous questions answered alike: choosing
// between them changes nothing.
func sameAnswers(a, b group) bool {
	if len(a.answers) != len(b.answers) {
		return false
	}
	for i := range a.answers {
		if strings.TrimSpace(a.answers[i].Answer) != strings.TrimSpace(b.answers[i].Answer) {
			return false
		}
	}
	return true
}

func (r *Result) gap(t formats.Target, why string) {
	r.Unmatched = append(r.Unmatched, Gap{ID: t.ID, Question: t.Question, Reason: why})
	r.Summary.Unmatched++
}

// carry adds the previous answer a to target t, adapted to what t accepts.
func (r *Result) carry(t formats.Target, a formats.HarvestedAnswer, m *match) {
	text, conf, note, ok := adapt(t, a.Answer, m.confidence, m.note)
	if !ok {
		r.gap(t, note)
		return
	}
	r.Answers = append(r.Answers, formats.Answer{PairID: t.ID, AnswerText: text, Mode: t.Mode, Confidence: conf,
		Note: "carried over: " + note, From: &formats.AnswerSource{ID: a.ID, Question: a.Question}, Score: m.score})
	r.Summary.Carried++
	if conf == formats.Known {
		r.Summary.Known++
	} else {
		r.Summary.Uncertain++
	}
}

// groupAnswers groups harvested answers by the question they answer, in
// document order.
func groupAnswers(as []formats.HarvestedAnswer) []group {
	var out []group
	at := map[string]int{}
	for _, a := range as {
		key := a.QuestionID
		if key == "" {
			key = a.ID
		}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, group{key: key, number: a.Number, question: a.Question, section: a.Section, part: a.Sheet})
		}
		out[i].answers = append(out[i].answers, a)
	}
	return out
}

// groupTargets groups a document's targets by the question they answer.
func groupTargets(ts []formats.Target) []group {
	var out []group
	at := map[string]int{}
	for _, t := range ts {
		key := t.QuestionID
		if key == "" {
			key = "target " + t.ID
		}
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, group{key: key, question: t.Question})
		}
		out[i].targets = append(out[i].targets, t)
	}
	return out
}

func round(f float64) float64 { return float64(int(f*100+0.5)) / 100 }

// clip shortens a question for a note.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}
