package word

import (
	"errors"
	"fmt"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Verify implements verify_output.
func (e *Engine) Verify(data []byte, expected []formats.ExpectedAnswer) (*formats.VerificationReport, error) {
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, err
	}
	d, err := openForVerify(data, expected, e.stopper())
	if err != nil {
		return nil, err
	}
	// The report holds strings only, none of the tree: once it is made,
	// the tree's storage goes to the next read (a fifth of a verify's CPU
	// was the collector's, and the tree half of what it allocated), and
	// the index's to the next index.
	lz := d.lazy
	defer func() {
		d.ix.recycle()
		lz.Recycle()
		d.release()
	}()
	end := d.stop.Phase(formats.PhaseVerify)
	rep, err := d.verify(expected)
	end(err)
	return rep, err
}

// openForVerify opens data as verifying expected needs it. Plain
// expectations read only the text of their targets and the table
// structure, so paragraphs are built only where a target is (openLazy):
// building the whole tree was most of a verify on a long agreement.
// Expectations with inline tags need the formatting of the role models
// that render them, and unsure ones the questions of the review list,
// read from the whole document: those open it whole.
func openForVerify(data []byte, expected []formats.ExpectedAnswer, stop *formats.Stopper) (*document, error) {
	skip, lazy := formatting, true
	for _, x := range expected {
		if hasInlineTags(x.ExpectedText) {
			skip, lazy = nil, false
			break
		}
		if formats.Unsure(x.Confidence) {
			lazy = false
		}
	}
	if lazy {
		return openLazy(data, stop)
	}
	return open(data, skip, stop)
}

// verify checks each expectation; it fails only when the call is stopped.
func (d *document) verify(expected []formats.ExpectedAnswer) (*formats.VerificationReport, error) {
	results := make([]formats.ContentResult, 0, len(expected))
	for _, e := range expected {
		if err := d.stop.Check(); err != nil {
			return nil, err
		}
		r := formats.ContentResult{PairID: e.PairID, Expected: e.ExpectedText}
		if r.PairID == "" {
			r.PairID = e.XPath
		}
		t, err := d.resolve(e.PairID, e.XPath)
		if errors.Is(err, formats.ErrStopped) {
			return nil, err
		}
		if err != nil {
			r.Status = formats.ContentMissing
			r.Actual = ""
			results = append(results, r)
			continue
		}
		if err := d.lazy.Build(t.el); err != nil {
			return nil, err
		}
		r.Actual, r.Status = actual(t.el, d.expectedText(t, e.ExpectedText))
		results = append(results, r)
	}
	issues, err := d.structuralIssues()
	if err != nil {
		return nil, err
	}
	rep := formats.Report(issues, results, expected)
	rep.Review = formats.ReviewList(expected, d.reviewPlaces())
	return rep, nil
}

// actual reads the target the way the expectation needs: checkbox state
// for boolean expectations on a checkbox, else the text (with legacy
// drop-down selections, which Word draws without document text).
func actual(el *etree.Element, expected string) (string, formats.ContentStatus) {
	if want, ok := formats.BoolValue(expected); ok {
		if on, ok := checkboxState(el); ok {
			state := "unchecked"
			if on {
				state = "checked"
			}
			if on == want {
				return state, formats.ContentMatched
			}
			return state, formats.ContentMismatched
		}
	}
	text := textOf(el)
	for _, f := range legacyFields(el) {
		// Word draws a drop-down with no result text from its selected
		// entry; one with a result shows that text, which is what is read.
		if f.kind() == "dropdown" && len(f.resultRuns()) == 0 {
			text += " " + f.value()
		}
	}
	return text, formats.Compare(expected, text)
}

// structuralIssues finds what breaks Word: runs directly in a cell and
// cells without a paragraph. Its walk of the whole tree steps the call's
// stop once per element.
func (d *document) structuralIssues() ([]string, error) {
	var out []string
	where := func(tc *etree.Element) string {
		xp := xpathOf(d.body, tc)
		if n := d.ix.node(tc); n != nil {
			return n.id + " (" + xp + ")"
		}
		return xp
	}
	// The cells of tables in text boxes lie in paragraphs a lazy
	// document left unbuilt.
	for _, p := range d.lazy.Flagged() {
		if err := d.lazy.Build(p); err != nil {
			return nil, err
		}
	}
	var cells []*etree.Element
	var err error
	descend(d.body, func(e *etree.Element) bool {
		if err == nil {
			err = d.stop.Step()
		}
		if err == nil && isW(e, "tc") {
			cells = append(cells, e)
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	for _, tc := range cells {
		if childW(tc, "r") != nil {
			out = append(out, fmt.Sprintf("%s: bare w:r directly under w:tc (runs must sit in a w:p)", where(tc)))
		}
		if childW(tc, "p") == nil && len(wrappedChildren(tc, "p")) == 0 {
			out = append(out, fmt.Sprintf("%s: w:tc without a w:p (every cell must contain a paragraph)", where(tc)))
		}
	}
	return out, nil
}

// expectedText is the text an expectation written with inline tags stands
// for: the tags' text as the write renders it at the target (quotes
// around defined terms, a run-in header's punctuation). Text without tags,
// or with tags that do not parse, is taken as it is.
func (d *document) expectedText(t target, text string) string {
	if !hasInlineTags(text) {
		return text
	}
	spans, err := d.answerSpans(t.id, text, true, anchorPara(t.el))
	if err != nil {
		return text
	}
	return spansText(spans)
}
