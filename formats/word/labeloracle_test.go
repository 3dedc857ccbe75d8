package word

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/beevik/etree"

	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// agreementDoc is one real agreement of the label oracle.
type agreementDoc struct {
	name string
	data []byte
}

// realAgreements returns the agreements the list-label oracle runs on: the
// shared NDA and letter of intent and every .docx in realdocs/agreements.
// It skips, saying why, when they are absent.
func realAgreements(t *testing.T) []agreementDoc {
	t.Helper()
	var docs []agreementDoc
	shared := realdocs.SharedForms()
	for _, name := range []string{"safedocx_bonterms-mutual-nda.docx", "safedocx_letter-of-intent.docx"} {
		if b, err := os.ReadFile(filepath.Join(shared, name)); err == nil {
			docs = append(docs, agreementDoc{name, b})
		}
	}
	dir := filepath.Join(realdocs.Dir(), "agreements")
	matches, _ := filepath.Glob(filepath.Join(dir, "*.docx"))
	for _, m := range matches {
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, agreementDoc{filepath.Base(m), b})
	}
	if len(matches) < 3 {
		t.Skipf("real agreements not found in %s (set FORMFILL_REAL_DOCS to the folder holding agreements/): the list-label oracle needs them", dir)
	}
	return docs
}

// labelRow is one paragraph of the body with the label formfill gives it.
type labelRow struct {
	text, label string
}

// bodyParagraphLabels lists the paragraphs LibreOffice's text export
// prints, in document order, each with formfill's list label.
func bodyParagraphLabels(t *testing.T, doc []byte) []labelRow {
	t.Helper()
	d, err := open(doc, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := d.readStyles()
	if err != nil {
		t.Fatal(err)
	}
	n, err := d.readNumbering(ss)
	if err != nil {
		t.Fatal(err)
	}
	labels := d.listLabels(n)
	showNoteMarks(d.body)
	var rows []labelRow
	descend(d.body, func(el *etree.Element) bool {
		switch {
		case el.Space == "mc" && el.Tag == "Fallback", isW(el, "txbxContent"):
			return false
		case isW(el, "p"):
			rows = append(rows, labelRow{text: textOf(el), label: labels[el].label})
			return false
		}
		return true
	})
	return rows
}

// squeeze drops white space, for matching text LibreOffice re-spaces.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '\u00a0' || r == '\u200b' {
			return -1
		}
		return r
	}, s)
}

// labelComparison is the outcome of comparing formfill's labels with
// LibreOffice's on one document.
type labelComparison struct {
	numbered, agree int
	mismatches      []string
}

// compareLabels aligns formfill's paragraphs with the lines of
// LibreOffice's text export, which prints each paragraph as its label,
// the label's separator and its text, and compares the labels of the
// paragraphs that either side numbers. A line is found by the start of
// the paragraph's text; what comes before it on the line is
// LibreOffice's label. Numbered paragraphs that cannot be aligned count
// as disagreements.
func compareLabels(rows []labelRow, loText string) labelComparison {
	lines := strings.Split(loText, "\n")
	var c labelComparison
	j := 0
	for i, r := range rows {
		key := squeeze(r.text)
		if k := []rune(key); len(k) > 24 {
			key = string(k[:24])
		}
		lo, found := "", false
		for l := j; l < len(lines) && l < j+40; l++ {
			line := strings.TrimSpace(lines[l])
			var prefix string
			var ok bool
			if key == "" {
				if r.label == "" {
					break // an unnumbered empty paragraph: nothing to align
				}
				// An empty numbered paragraph: its line holds the label only.
				prefix, ok = line, line != "" && len([]rune(line)) <= 16
			} else {
				prefix, ok = textStart(line, key)
			}
			if ok {
				lo, found, j = strings.TrimSpace(prefix), true, l+1
				break
			}
		}
		if r.label == "" && (!found || lo == "") {
			continue
		}
		c.numbered++
		if found && lo == r.label {
			c.agree++
			continue
		}
		if !found {
			lo = "(not aligned)"
		}
		c.mismatches = append(c.mismatches, fmt.Sprintf("¶%d formfill %q, LibreOffice %q: %.60q", i, r.label, lo, r.text))
	}
	return c
}

// textStart finds where key (text without white space) starts on line and
// returns what precedes it: at most a label's length, or ok is false.
func textStart(line, key string) (string, bool) {
	sq := squeeze(line)
	at := strings.Index(sq, key)
	if at < 0 || len([]rune(sq[:at])) > 24 {
		return "", false
	}
	// Walk the line to the at-th byte of its squeezed form.
	seen := 0
	for i, r := range line {
		if seen == at {
			return line[:i], true
		}
		if !(unicode.IsSpace(r) || r == '\u00a0' || r == '\u200b') {
			seen += len(string(r))
		}
	}
	return line, seen == at
}

// showNoteMarks writes each footnote and endnote reference's number into
// the text, as LibreOffice prints it (footnotes and endnotes each counted
// from 1), so that paragraph text and LibreOffice's lines start alike.
func showNoteMarks(body *etree.Element) {
	count := map[string]int{}
	descend(body, func(el *etree.Element) bool {
		if !isW(el, "footnoteReference") && !isW(el, "endnoteReference") {
			return true
		}
		if onOff(pathW(el.Parent(), "rPr", "customMarkFollows")) {
			return false
		}
		count[el.Tag]++
		n := count[el.Tag]
		el.Tag, el.Attr = "t", nil
		el.SetText(fmt.Sprint(n))
		return false
	})
}

// TestListLabelsAgreeWithLibreOffice converts real agreements with
// LibreOffice's text export, which prints every paragraph's list label,
// and checks that formfill's label equals LibreOffice's on at least 98% of
// the numbered paragraphs overall (each document on at least 90%).
func TestListLabelsAgreeWithLibreOffice(t *testing.T) {
	docs := realAgreements(t)
	data := make([][]byte, len(docs))
	for i, d := range docs {
		data[i] = d.data
	}
	texts := readers.LibreOfficeTexts(t, data, "docx")
	var numbered, agree int
	for i, d := range docs {
		c := compareLabels(bodyParagraphLabels(t, d.data), texts[i])
		numbered += c.numbered
		agree += c.agree
		t.Logf("%s: %d of %d numbered paragraphs agree", d.name, c.agree, c.numbered)
		for j, m := range c.mismatches {
			if j < 5 {
				t.Logf("  %s", m)
			}
		}
		if c.numbered > 0 && float64(c.agree) < 0.90*float64(c.numbered) {
			t.Errorf("%s: only %d of %d labels agree with LibreOffice", d.name, c.agree, c.numbered)
		}
	}
	if numbered < 500 {
		t.Fatalf("only %d numbered paragraphs found in %d agreements: the alignment with LibreOffice's text is broken", numbered, len(docs))
	}
	pct := 100 * float64(agree) / float64(numbered)
	t.Logf("overall: %d of %d numbered paragraphs (%.2f%%) have LibreOffice's label", agree, numbered, pct)
	if pct < 98 {
		t.Errorf("list labels agree with LibreOffice on %.2f%% of numbered paragraphs; want at least 98%%", pct)
	}
}
