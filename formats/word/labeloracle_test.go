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

// realAgreements returns the agreements the list-label oracle runs on:
// every .docx of the shared forms and of realdocs/agreements. It skips,
// saying why, when they are absent.
func realAgreements(t *testing.T) []agreementDoc {
	t.Helper()
	var docs []agreementDoc
	shared, _ := filepath.Glob(filepath.Join(realdocs.SharedForms(), "*.docx"))
	for _, m := range shared {
		if b, err := os.ReadFile(m); err == nil {
			docs = append(docs, agreementDoc{filepath.Base(m), b})
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

// labelRow is one paragraph (or row of the view) with the label formfill
// gives it, and how many lines LibreOffice prints for it (a cell's
// paragraphs each have one).
type labelRow struct {
	text, label string
	lines       int
}

// viewRowLabels lists the rows read_document shows, in document order,
// each with its list label and the text LibreOffice's line starts with
// after the label: the run-in header when there is one, else the text
// (a cell's first line).
func viewRowLabels(t *testing.T, doc []byte) []labelRow {
	t.Helper()
	d, err := open(doc, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	showNoteMarks(d.body)
	rows, err := d.view()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]labelRow, 0, len(rows))
	for _, r := range rows {
		if r.Style == "table" {
			continue
		}
		text, _, _ := strings.Cut(r.Text, "\n")
		if r.Header != "" {
			text = r.Header // its punctuation, which LibreOffice prints, is cut
		}
		out = append(out, labelRow{text: text, label: r.ListLabel, lines: strings.Count(r.Text, "\n") + 1})
	}
	return out
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
	j, slack := 0, 0 // slack: lines the rows since the last match print
	for i, r := range rows {
		key := squeeze(r.text)
		if k := []rune(key); len(k) > 24 {
			key = string(k[:24])
		}
		slack += max(r.lines, 1) - 1
		lo, found := "", false
		for l := j; l < len(lines) && l < j+40+slack; l++ {
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
				lo, found, j, slack = strings.TrimSpace(symbolFree(prefix)), true, l+1, max(r.lines, 1)-1
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

// symbolFree drops symbol-font characters (U+F000–U+F0FF) LibreOffice
// prints for w:sym glyphs in the text (a drawn box), which formfill's text
// leaves out: they are no list label.
func symbolFree(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xF000 && r <= 0xF0FF {
			return -1
		}
		return r
	}, s)
}

// textStart finds where key (text without white space) starts on line and
// returns what precedes it: at most a label's length, or ok is false.
func textStart(line, key string) (label string, ok bool) {
	sq := squeeze(line)
	at := strings.Index(sq, key)
	if at < 0 || len([]rune(sq[:at])) > 24 {
		return "", false
	}
	defer func() {
		if len(strings.Fields(label)) > 3 {
			label, ok = "", false // words of a sentence before the key, not a label
		}
	}()
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
// from 1, footnotes again from 1 in each section when the document
// restarts them there), so that paragraph text and LibreOffice's lines
// start alike.
func showNoteMarks(body *etree.Element) {
	count := map[string]int{}
	restart := len(findW(body, "numRestart")) > 0 // footnotes counted per section
	for _, top := range body.ChildElements() {
		descend(top, func(el *etree.Element) bool {
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
		if restart && isW(top, "p") && pathW(top, "pPr", "sectPr") != nil {
			count["footnoteReference"] = 0 // a section ends here
		}
	}
}

// TestListLabelsAgreeWithLibreOffice converts real agreements with
// LibreOffice's text export, which prints every paragraph's list label,
// and checks that the list labels read_document shows equal LibreOffice's
// on at least 98% of the numbered rows of each agreement.
func TestListLabelsAgreeWithLibreOffice(t *testing.T) {
	docs := realAgreements(t)
	data := make([][]byte, len(docs))
	for i, d := range docs {
		data[i] = d.data
	}
	texts := readers.LibreOfficeTexts(t, data, "docx")
	var numbered, agree int
	for i, d := range docs {
		c := compareLabels(viewRowLabels(t, d.data), texts[i])
		numbered += c.numbered
		agree += c.agree
		t.Logf("%s: %d of %d numbered rows agree", d.name, c.agree, c.numbered)
		for j, m := range c.mismatches {
			if j < 5 {
				t.Logf("  %s", m)
			}
		}
		if c.numbered > 0 && float64(c.agree) < 0.98*float64(c.numbered) {
			t.Errorf("%s: only %d of %d labels agree with LibreOffice (%.1f%%, want at least 98%%)", d.name, c.agree, c.numbered, 100*float64(c.agree)/float64(c.numbered))
		}
	}
	if numbered < 500 {
		t.Fatalf("only %d numbered rows found in %d agreements: the alignment with LibreOffice's text is broken", numbered, len(docs))
	}
	t.Logf("overall: %d of %d numbered rows (%.2f%%) have LibreOffice's label", agree, numbered, 100*float64(agree)/float64(numbered))
}
