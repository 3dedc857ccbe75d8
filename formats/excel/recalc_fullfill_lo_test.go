package excel

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestRecalcFullFillEqualsLibreOffice is issue 33's "done when" on every
// real workbook: it fills every answer target the engine offers
// (fullFillAnswers), has LibreOffice recalculate formfill's output, and
// compares EVERY formula cell's cached value with LibreOffice's, not only
// the cells formfill recomputed: a cell formfill never traced (a table
// reference, INDIRECT) keeps the source's value, which only this sees.
// Each difference is classified (loDiff); a dropped cache is fine, as is
// a difference a named predicate lays on LibreOffice; a stale or wrong
// value fails. It skips without the real workbooks or LibreOffice.
func TestRecalcFullFillEqualsLibreOffice(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(realdocs.Dir(), "*", "*.xlsx"))
	if len(names) == 0 {
		t.Skipf("no real workbooks under %s (set %s)", realdocs.Dir(), realdocs.EnvRealDocs)
	}
	sort.Strings(names)
	for _, path := range names {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			doc, err := os.ReadFile(path)
			must(t, err)
			answers, w, out := fullFill(t, doc)
			cmp := compareWithLibreOffice(t, doc, w, out)
			t.Logf("%s: %d answers; %s", filepath.Base(path), len(answers), cmp.summary())
			for _, line := range cmp.examples(5) {
				t.Log(line)
			}
			if n := cmp.counts[diffStale] + cmp.counts[diffWrong]; n > 0 {
				t.Errorf("%d formula cells cache another value than LibreOffice computes (%d stale, %d wrong)", n, cmp.counts[diffStale], cmp.counts[diffWrong])
			}
		})
	}
}

// fullFillAnswers answers every target of doc's full map: a list its
// first option, a date a date, a number a number, anything else "Yes".
// refused holds the targets the write refused an answer for, with the
// answer to give instead ("" leaves the target out).
func fullFillAnswers(t testing.TB, doc []byte, refused map[string]string) []formats.Answer {
	cs, err := New().ExtractCompactFull(doc)
	must(t, err)
	var answers []formats.Answer
	for i, tg := range cs.Targets {
		text := "Yes"
		switch {
		case len(tg.Options) > 0:
			text = tg.Options[0]
		case tg.Kind == formats.TargetDate:
			text = fmt.Sprintf("2024-03-%02d", i%28+1)
		case tg.Kind == formats.TargetNumber:
			text = strconv.Itoa(i%7 + 1)
		}
		if alt, ok := refused[tg.ID]; ok {
			if alt == "" {
				continue
			}
			text = alt
		}
		answers = append(answers, formats.Answer{PairID: tg.ID, AnswerText: text})
	}
	return answers
}

// refusedID finds the target a write error names: "… (S1-R4-C3)".
var refusedID = regexp.MustCompile(`\(([^()\s]+)\)`)

// fullFill writes fullFillAnswers into doc. A write refusing an answer
// (text where a formula reads a number) is retried with a number there,
// then without that target, as a person would; the answers written, the
// writer (for the excuses' formula reads) and the filled workbook are
// returned.
func fullFill(t testing.TB, doc []byte) ([]formats.Answer, *writer, []byte) {
	refused := map[string]string{}
	for range 200 {
		answers := fullFillAnswers(t, doc, refused)
		res, w, _, err := New().write(doc, answers, formats.WriteOptions{}, false)
		if err == nil {
			return answers, w, res.Document
		}
		retried := false
		for _, m := range refusedID.FindAllStringSubmatch(err.Error(), -1) {
			alt, seen := refused[m[1]]
			switch {
			case !seen:
				refused[m[1]], retried = "3", true
			case alt != "":
				refused[m[1]], retried = "", true
			}
		}
		if !retried {
			t.Fatalf("the write refused %d answers: %v", len(answers), err)
		}
	}
	t.Fatalf("the write kept refusing answers after 200 tries")
	return nil, nil, nil
}
