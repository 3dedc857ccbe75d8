package targeteval

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// goalNameQuestions is the largest share of a labelled PDF's targets whose
// question may only repeat the field's own name (issue 32).
const goalNameQuestions = 0.05

// knownNameQuestions are labelled PDFs allowed above goalNameQuestions,
// with why; the test fails when one meets the goal, so the list only
// shrinks.
var knownNameQuestions = map[string]string{
	// The name boxes at the top print no label at all and have no
	// tooltip (pdf-lib's demo): their names are all the page says. The
	// first takes the page title over it; the dropdown's caption is now
	// read (pdf-followup).
	"pdflib_fancy_fields.pdf": "boxes without any printed label or tooltip (3 of 11)",
}

// labelFigures are one PDF's question and option figures against its
// hand labels.
type labelFigures struct {
	targets, nameQ        int
	labelledQ, agreeQ     int
	labelledOpt, namedOpt int
	disagree              []string
}

// measureLabels compares the targets of cs with the labels' expectations.
func measureLabels(l Labels, cs *formats.CompactStructure) labelFigures {
	var fg labelFigures
	printed := nearTexts(cs.CompactText)
	for _, t := range cs.Targets {
		key := cs.IDToXPath[t.ID]
		fg.targets++
		// A name the page prints beside the box ("TRADE CERTIFICATE") is
		// its printed label, not a fallback to the name.
		if IsFieldName(t.Question, key) && Norm(printed[t.ID]) != Norm(t.Question) {
			fg.nameQ++
		}
		e, ok := l.Expect[key]
		if !ok {
			continue
		}
		if e.Question != "" {
			fg.labelledQ++
			if e.QuestionAgrees(t.Question) {
				fg.agreeQ++
			} else {
				fg.disagree = append(fg.disagree, fmt.Sprintf("%s: got %q, want %q", t.ID, clip(t.Question, 60), e.Question))
			}
		}
		n, of := e.OptionsNamed(t.Options)
		fg.namedOpt += n
		fg.labelledOpt += of
	}
	return fg
}

// nearTexts reads each field's near context (the page text formfill
// found beside it) off the compact map's lines, by field ID.
func nearTexts(compact string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(compact, "\n") {
		id, _, ok := strings.Cut(line, ": ")
		i := strings.LastIndex(line, `, near "`)
		if !ok || i < 0 {
			continue
		}
		near := line[i+len(`, near "`):]
		if j := strings.LastIndex(near, `"]`); j >= 0 {
			out[id] = near[:j]
		}
	}
	return out
}

func shareOf(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestPDFQuestionsAndOptionsMatchLabels measures, on every labelled PDF,
// the share of targets whose question is only the field's name, how many
// questions agree with the printed label a person reads (Expect), and how
// many options carry their printed label; it fails a document above
// goalNameQuestions unless knownNameQuestions lists it.
func TestPDFQuestionsAndOptionsMatchLabels(t *testing.T) {
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-40s %7s %9s %11s %9s\n", "document", "targets", "name-as-q", "q agree", "options")
	for _, d := range labelledDocs(t) {
		if d.ft != formats.PDF {
			continue
		}
		e, err := formats.Lookup(d.ft)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := e.ExtractCompact(d.data)
		if err != nil {
			t.Errorf("%s: %v", d.Document, err)
			continue
		}
		fg := measureLabels(d.Labels, cs)
		share := shareOf(fg.nameQ, fg.targets)
		fmt.Fprintf(&table, "%-40s %7d %9.2f %5d/%-5d %4d/%-4d\n", d.Document, fg.targets, share, fg.agreeQ, fg.labelledQ, fg.namedOpt, fg.labelledOpt)
		if os.Getenv("FORMFILL_TARGETS_DETAIL") != "" && len(fg.disagree) > 0 {
			t.Logf("%s disagrees on %d: %s", d.Document, len(fg.disagree), strings.Join(fg.disagree, "; "))
		}
		_, known := knownNameQuestions[d.Document]
		switch {
		case share > goalNameQuestions && !known:
			t.Errorf("%s: %d of %d targets (%.2f) have their field name as question; the goal is at most %.2f", d.Document, fg.nameQ, fg.targets, share, goalNameQuestions)
		case share <= goalNameQuestions && known:
			t.Errorf("%s now meets the goal (%.2f): remove it from knownNameQuestions", d.Document, share)
		}
	}
	t.Log(table.String())
}
