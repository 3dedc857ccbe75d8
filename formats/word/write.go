package word

import (
	"fmt"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/revision"
)

// Write implements write_answers.
func (e *Engine) Write(data []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, error) {
	st, err := formats.CheckWrite(answers, opts, formats.Word)
	if err != nil {
		return nil, err
	}
	d, err := openForWrite(data, answers, opts, e.stopper())
	if err != nil {
		return nil, err
	}
	// The result holds the new bytes and strings, none of the tree.
	defer d.recycle()
	res, _, err := d.writeAll(answers, opts, st)
	return res, err
}

// Fill writes answers and verifies the result on the same parsed tree:
// each answer is checked at the elements it wrote (so paragraphs inserted
// or deleted, which shift the IDs after them, do not mislead the check),
// and whatever the written document lost against the source — fields,
// note references, bookmarks — is a structural issue unless an answer
// removed it on purpose (force; those are warnings of the write).
func (e *Engine) Fill(data []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, *formats.VerificationReport, error) {
	st, err := formats.CheckWrite(answers, opts, formats.Word)
	if err != nil {
		return nil, nil, err
	}
	d, err := open(data, nil, e.stopper())
	if err != nil {
		return nil, nil, err
	}
	source := anchorsIn(d.body)
	var questions map[string]formats.Target
	if anyUnsure(answers) {
		questions = d.targetQuestions() // of the document as given, which the IDs name
	}
	res, done, err := d.writeAll(answers, opts, st)
	if err != nil {
		return nil, nil, err
	}
	if opts.DryRun {
		return res, nil, nil
	}
	endVerify := d.stop.Phase(formats.PhaseVerify)
	rep, err := d.verifyFill(source, done, questions)
	endVerify(err)
	if err != nil {
		return nil, nil, err
	}
	return res, rep, nil
}

// verifyFill checks what Fill wrote at the elements it wrote, and what the
// document lost against the source anchors.
func (d *document) verifyFill(source []anchor, done []*applied, questions map[string]formats.Target) (*formats.VerificationReport, error) {
	var err error
	if d.ix, err = buildIndex(d.body, d.stop); err != nil {
		return nil, err
	}
	results, expected, err := d.checkApplied(done)
	if err != nil {
		return nil, err
	}
	var forced []anchor
	for _, ap := range done {
		forced = append(forced, ap.forced...)
	}
	issues, err := d.structuralIssues()
	if err != nil {
		return nil, err
	}
	issues = append(issues, lostIssues(source, anchorsIn(d.body), forced)...)
	issues = append(issues, forcedFormFieldIssues(forced)...)
	rep := formats.Report(issues, results, expected)
	rep.Review = formats.ReviewList(expected, d.filledPlaces(done, questions))
	return rep, nil
}

// applied is what one answer did, for the change record and the check.
type applied struct {
	a          formats.Answer
	t          target
	mode       formats.Mode
	plain      string           // the text the answer should now show; "" when there is none to check
	created    []*etree.Element // paragraphs an insert added
	removed    *etree.Element   // what a whole-element delete took out
	found      int              // occurrences of find an edit changed
	findBefore int              // occurrences of find before a delete
	forced     []anchor         // anchors removed on purpose
	comment    string           // where its review comment went, "" for none
}

// writeAll resolves every target first (IDs name the document as it was
// given), applies the answers in order and serialises unless dry-running.
// Review marks (opts.TrackChanges, opts.CommentUncertain) are added around
// each answer by the reviser: watch before the answer is applied, finish
// after it is tidied.
func (d *document) writeAll(answers []formats.Answer, opts formats.WriteOptions, st formats.Stamp) (*formats.WriteResult, []*applied, error) {
	endWrite := d.stop.Phase(formats.PhaseWrite)
	res, done, rv, err := d.applyAll(answers, opts, st)
	endWrite(err)
	if err != nil || opts.DryRun {
		return res, done, err
	}
	endSave := d.stop.Phase(formats.PhaseSave)
	err = d.save(res, rv, st)
	endSave(err)
	if err != nil {
		return nil, nil, err
	}
	return res, done, nil
}

// applyAll resolves every target, then applies the answers in order; rv
// holds the review comments they made, for save.
func (d *document) applyAll(answers []formats.Answer, opts formats.WriteOptions, st formats.Stamp) (_ *formats.WriteResult, _ []*applied, rv *revision.Reviser, err error) {
	rv, err = d.newReviser(opts, st)
	if err != nil {
		return nil, nil, nil, err
	}
	targets, err := d.resolveAll(answers)
	if err != nil {
		return nil, nil, nil, err
	}
	res := &formats.WriteResult{Changes: []formats.Change{}, DryRun: opts.DryRun}
	var done []*applied
	var budget rewriteBudget
	modes := d.modeFinder() // the tables answers without a mode needed read
	for i, a := range answers {
		if err := d.stop.Check(); err != nil {
			return nil, nil, nil, err
		}
		t := targets[i]
		if a.InsertionXML == "" && strings.TrimSpace(a.AnswerText) == formats.Skip {
			res.Skipped = append(res.Skipped, t.id)
			continue
		}
		if rootBody(t.el) == nil {
			return nil, nil, nil, fmt.Errorf("answers[%d]: %w", i, formats.Errorf(formats.ErrInvalidArgument, t.id,
				"the target was removed by an earlier answer in this call (a replace_content or delete of its cell, row or paragraph)"))
		}
		if err := budget.charge(i, t); err != nil {
			return nil, nil, nil, err
		}
		w, err := rv.Watch(t.el, t.id, a)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		ap, err := d.applyChecked(t, a, res, modes)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		comment, err := w.Finish()
		if err != nil {
			return nil, nil, nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		res.Changes[len(res.Changes)-1].Comment = comment
		ap.comment = comment
		done = append(done, ap)
	}
	if err := d.buildForDangling(done); err != nil {
		return nil, nil, nil, err
	}
	res.Warnings = append(res.Warnings, danglingAfter(done, d.body)...)
	return res, done, rv, nil
}

// resolveAll resolves every answer's target before any is written, so
// IDs name the document as given, and builds each in a lazy write (the
// rest is copied).
func (d *document) resolveAll(answers []formats.Answer) ([]target, error) {
	targets := make([]target, len(answers))
	for i, a := range answers {
		if err := d.stop.Check(); err != nil {
			return nil, err
		}
		t, err := d.resolve(a.PairID, a.XPath)
		if err != nil {
			return nil, fmt.Errorf("answers[%d]: %w", i, err)
		}
		if err := d.lazy.Build(t.el); err != nil {
			return nil, err
		}
		targets[i] = t
	}
	return targets, nil
}

// save serialises the written document into res, with the review
// comments the answers made.
func (d *document) save(res *formats.WriteResult, rv *revision.Reviser, st formats.Stamp) error {
	if err := d.stop.Check(); err != nil {
		return err
	}
	if d.lazyErr != nil {
		return d.lazyErr
	}
	var parts map[string][]byte
	if rv != nil {
		var err error
		if parts, err = rv.Parts(); err != nil {
			return err
		}
		d.noteComments(rv.Comments())
	}
	out, err := d.serialize(parts)
	if err != nil {
		return fmt.Errorf("serialise document: %w", err)
	}
	res.Document = out
	return nil
}

// applyChecked applies one answer, refuses it when it lost anchors without
// force, tidies what it wrote and records the change. modes picks the
// mode of an answer that names none (answerMode).
func (d *document) applyChecked(t target, a formats.Answer, res *formats.WriteResult, modes *finder) (*applied, error) {
	before := textOf(t.el)
	wasOn, drawn := drawnBox(t.el)
	had := anchorsIn(t.el)
	ap, err := d.apply(t, a, modes)
	if err != nil {
		return nil, err
	}
	var lost []anchor
	switch {
	case ap.removed != nil:
		lost = anchorsIn(ap.removed)
	case rootBody(t.el) == nil:
		lost = had
	default:
		lost = lostAnchors(had, anchorsIn(t.el))
	}
	if len(lost) > 0 {
		if !a.Force {
			return nil, lossError(t.id, ap.mode, lost)
		}
		ap.forced = lost
		res.Warnings = append(res.Warnings, fmt.Sprintf("%s: force: %s removed %s", t.id, ap.mode, describeAnchors(lost)))
	}
	after := ""
	if rootBody(t.el) != nil {
		tidy(t.el)
		after = textOf(t.el)
	}
	if len(ap.created) > 0 {
		before, after = "", joinedText(ap.created)
	}
	if on, ok := drawnBox(t.el); drawn && ok && before == after {
		// The text reads "" → "": say which way the box went ("☐" → "☒").
		before, after = glyph(wasOn)+before, glyph(on)+after
	}
	res.Changes = append(res.Changes, formats.Change{PairID: t.id, XPath: t.xpath, Mode: ap.mode, Before: before, After: after})
	return ap, nil
}

// danglingAfter lists the cross-reference fields left in body that point at
// a bookmark a forced answer removed, each after the ID of that answer's
// target. It looks at the body once, after every answer: once per answer
// made forced deletes of bookmarked paragraphs quadratic (4,000 of them in
// a small document took 6.5 s and 1 GB).
func danglingAfter(done []*applied, body *etree.Element) []string {
	var gone []anchor
	by := map[string]string{} // bookmark name → the target that lost it
	for _, ap := range done {
		for _, a := range ap.forced {
			if a.kind == "bookmark" {
				gone = append(gone, a)
				if _, seen := by[a.name]; !seen {
					by[a.name] = ap.t.id
				}
			}
		}
	}
	if len(gone) == 0 {
		return nil
	}
	var out []string
	for _, d := range danglingRefs(gone, anchorsIn(body)) {
		out = append(out, by[d.mark]+": "+d.text)
	}
	return out
}

// joinedText is the text of paragraphs, one per line.
func joinedText(ps []*etree.Element) string {
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = textOf(p)
	}
	return strings.Join(texts, "\n")
}

// apply places one answer at its target; modes as for applyChecked.
func (d *document) apply(t target, a formats.Answer, modes *finder) (*applied, error) {
	ap := &applied{a: a, t: t, mode: a.Mode, plain: a.AnswerText}
	var c *content
	if a.InsertionXML != "" {
		var err error
		if c, err = parseInsertion(a.InsertionXML); err != nil {
			return nil, formats.Wrap(formats.ErrInvalidArgument, t.id, err, "insertion_xml refused")
		}
		d.declarePrefixes(c)
	}
	switch a.Mode {
	case formats.ReplaceText, formats.Delete, formats.InsertAfter, formats.InsertBefore:
		return ap, d.applyEdit(ap, c)
	}
	if isW(t.el, "tbl") || isW(t.el, "tr") {
		return nil, formats.Errorf(formats.ErrInvalidArgument, t.id, "a table or row cannot take an answer; address one of its cells (…-C<n>)")
	}
	if c == nil {
		if done, err := fillCheckbox(t, a.AnswerText); done || err != nil {
			ap.mode = formats.ReplaceContent
			return ap, err
		}
	}
	mode, named, err := d.modeOf(t, a, modes)
	if err != nil {
		return nil, err
	}
	text := a.AnswerText
	if c == nil {
		var err error
		if c, text, err = d.styledContent(t, text, mode); err != nil {
			return nil, err
		}
		if c != nil {
			ap.plain = text
		}
	}
	ap.mode = formats.ReplaceContent
	// An append, named by the answer or by the map (after several
	// controls, which fillControl refuses), goes after what the target
	// holds. Otherwise a legacy field first: a content control wrapping
	// one is filled in the field, which writing the control would remove.
	if !named || mode != formats.Append {
		if done, shown, err := fillLegacyText(t, text, c); done || err != nil {
			if c == nil && err == nil {
				ap.plain = shown // a date or case the field's format rewrote
			}
			return ap, err
		}
		if done, err := fillControl(t, text, c); done || err != nil {
			return ap, err
		}
	}
	ap.mode = mode
	return ap, writeAs(t, mode, text, c)
}

// modeOf is the mode a's answer is written with at t: its own, or the one
// the map names for a plain answer there (answerMode); named reports
// either.
func (d *document) modeOf(t target, a formats.Answer, modes *finder) (_ formats.Mode, named bool, _ error) {
	if a.Mode != "" {
		return a.Mode, true, nil
	}
	return d.answerMode(t, modes)
}

// writeAs writes text (or c) at t in one of the three plain modes.
func writeAs(t target, mode formats.Mode, text string, c *content) error {
	switch mode {
	case formats.ReplacePlaceholder:
		return replacePlaceholderIn(t, text, c)
	case formats.ReplaceContent:
		return replaceContent(t, text, c)
	}
	return appendTo(t, text, c)
}

// anyUnsure reports whether any answer is one the review list shows.
func anyUnsure(answers []formats.Answer) bool {
	for _, a := range answers {
		if formats.Unsure(a.Confidence) {
			return true
		}
	}
	return false
}
