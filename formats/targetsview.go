package formats

import (
	"regexp"
	"strconv"
	"strings"
)

// Views of extract_structure_compact.
const (
	ViewMap     = "map"     // the compact map (the default)
	ViewTargets = "targets" // only the answer targets, with their questions
)

// maxQuestion is how many characters of a question the targets view
// quotes: enough to recognise it; ids gives the whole of it.
const maxQuestion = 72

// TargetsView returns page p of the answer targets: one line per target,
// its ID, what it accepts and the question it answers,
//
//	S1-R5-C4 (list: Yes|No|NA) ← S1-R5-C3 "Do you encrypt data at rest?"
//	S1-R5-C5 ← S1-R5-C3
//
// where a target answering the same question as the line above names the
// question without repeating it (ClipQuestion keeps the part that tells
// two of one row apart). Questions are cut at 72 characters; the
// map's ids option returns one in full. The page's id_to_xpath and
// targets cover its targets.
func (cs *CompactStructure) TargetsView(p Page) (*CompactStructure, error) {
	if cs.lazy != nil && cs.lazy.targets != nil {
		return cs.lazy.targets.TargetsView(p) // the targets known, no line written
	}
	if cs.lazy != nil {
		whole, err := cs.Whole()
		if err != nil {
			return nil, err
		}
		return whole.TargetsView(p)
	}
	targets := cs.targetsOrMarked()
	lines := make([]string, len(targets))
	same := make([]bool, len(targets))
	for i, t := range targets {
		// Targets of one row can share a question ID and still ask apart
		// ("… / YES", "… / NO"): only the same question is left out.
		same[i] = i > 0 && t.QuestionID != "" && targets[i-1].QuestionID == t.QuestionID &&
			oneSpaced(targets[i-1].Question) == oneSpaced(t.Question)
		lines[i] = targetLine(t, same[i])
	}
	start, end, err := p.Window(len(lines), func(i int) int {
		t := targets[i]
		return p.charge(lines[i]+"\n", jsonLen(t)+jsonLen(t.ID)+jsonLen(cs.IDToXPath[t.ID])+2)
	})
	if err != nil {
		return nil, err
	}
	out := &CompactStructure{IDToXPath: map[string]string{}, ComplexElements: []string{}, Total: len(targets),
		NextOffset: NextOffset(end, len(targets)), More: MoreNote("targets", start, end, len(targets))}
	var b strings.Builder
	if len(targets) == 0 {
		b.WriteString("(no answer targets found: read the map with view \"map\")\n")
	}
	for i := start; i < end; i++ {
		if i == start && same[i] {
			// A page never starts with a reference to a question above it.
			lines[i] = targetLine(targets[i], false)
		}
		b.WriteString(lines[i])
		b.WriteByte('\n')
		t := targets[i]
		if xp, ok := cs.IDToXPath[t.ID]; ok {
			out.IDToXPath[t.ID] = xp
		}
		out.Targets = append(out.Targets, t)
	}
	out.CompactText = b.String()
	return out, nil
}

// targetLine renders one target; sameQuestion leaves out the question's
// text, given on the line above.
func targetLine(t Target, sameQuestion bool) string {
	var b strings.Builder
	b.WriteString(t.ID)
	var hints []string
	switch t.Kind {
	case "", TargetText:
	case TargetList, TargetDropdown:
		hints = append(hints, string(t.Kind)+": "+strings.Join(t.Options, "|"))
	default:
		hints = append(hints, string(t.Kind))
	}
	if t.Format != "" {
		hints = append(hints, t.Format)
	}
	if t.MaxChars > 0 {
		hints = append(hints, "max "+strconv.Itoa(t.MaxChars))
	}
	if t.Hint != "" {
		hints = append(hints, t.Hint)
	}
	if len(hints) > 0 {
		b.WriteString(" (" + strings.Join(hints, ", ") + ")")
	}
	if t.QuestionID == "" && t.Question == "" {
		return b.String()
	}
	b.WriteString(" ←")
	if t.QuestionID != "" {
		b.WriteString(" " + t.QuestionID)
	}
	if !sameQuestion && t.Question != "" {
		b.WriteString(" " + strconv.Quote(ClipQuestion(oneSpaced(t.Question), maxQuestion)))
	}
	return b.String()
}

// targetsOrMarked is the map's targets; for a map whose engine does not
// list them, the elements its lines mark as answer targets, each with the
// question found before it: for a table or sheet cell, the nearest text
// to its left on its row; for anything else, the element before it (in a
// form the question precedes its blank in reading order).
func (cs *CompactStructure) targetsOrMarked() []Target {
	if len(cs.Targets) > 0 || cs.index == nil {
		return cs.Targets
	}
	var out []Target
	q := -1 // the last element that can be a question
	for i, e := range cs.index.elems {
		if !e.target {
			if strings.TrimSpace(e.full) != "" && !tableLine.MatchString(e.full) {
				q = i
			}
			continue
		}
		t := Target{ID: e.id, Kind: TargetText}
		if q >= 0 {
			qe := cs.index.elems[q]
			if row, isCell := rowOf(e.id); !isCell || strings.HasPrefix(qe.id, row) {
				t.QuestionID, t.Question = qe.id, qe.full
			}
		}
		out = append(out, t)
	}
	return out
}

// tableLine is the compact map's line for a table itself.
var tableLine = regexp.MustCompile(`^table \d+ rows × \d+ columns$`)

// cellID matches the end of a cell's ID: -R<row>-C<column>.
var cellID = regexp.MustCompile(`-R\d+-C\d+$`)

// rowOf returns the ID prefix a cell shares with the other cells of its
// row ("T2-R3-C"), and whether id is a cell's.
func rowOf(id string) (string, bool) {
	if !cellID.MatchString(id) {
		return "", false
	}
	return id[:strings.LastIndex(id, "-C")+2], true
}

// oneSpaced collapses white space to single spaces.
func oneSpaced(s string) string { return strings.Join(strings.Fields(s), " ") }
