package excel

import (
	"fmt"

	"github.com/formfill/formfill/formats"
)

// Write implements write_answers. Every answer is checked and applied in
// memory first; any bad answer fails the whole call, so nothing is
// half-written.
func (e *Engine) Write(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (*formats.WriteResult, error) {
	res, w, _, err := e.write(doc, answers, opts, false)
	if err != nil || w.wb.recalced == nil {
		return res, err
	}
	// What the answers changed elsewhere, as a fill's verification
	// lists it: a write_answers caller learns it here.
	res.Warnings = append(res.Warnings, w.wb.recalced.shown...)
	return res, nil
}

// Fill implements formats.Filler: write, then verify the document saved,
// read back as verify reads it (see verifySaved).
func (e *Engine) Fill(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, rep *formats.VerificationReport, err error) {
	res, w, rv, err := e.write(doc, answers, opts, true)
	if err != nil || opts.DryRun {
		return res, nil, err
	}
	stop := w.wb.stop
	endVerify := stop.Phase(formats.PhaseVerify)
	defer func() { endVerify(err) }() // after guard below has made a panic an error
	defer guard(stop, &err)
	// From here on the fill holds what verification needs, not the
	// written model: w and rv are not used again (see readBack).
	rb := w.readBackPlan(answers, rv) // fillverify.go
	if rep, err = rb.verifySaved(res.Document); err != nil {
		return nil, nil, err
	}
	return res, rep, nil
}

// write applies the answers and returns the writer holding them. With
// review, the reviewer it returns knows the questions of the uncertain
// answers' cells as they were before the write, for the review list of a
// fill.
func (e *Engine) write(doc []byte, answers []formats.Answer, opts formats.WriteOptions, review bool) (res *formats.WriteResult, w *writer, rv *reviewer, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	st, err := formats.CheckWrite(answers, opts, formats.Excel)
	if err != nil {
		return nil, nil, nil, err
	}
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, nil, nil, err
	}
	endWrite := stop.Phase(formats.PhaseWrite)
	defer func() { endWrite(err) }() // ends the phase running at return: write, or save
	w = newWriter(wb)
	if !opts.DryRun {
		w.prepareRecalc(wb.answeredSheets(answers))
	}
	if review {
		rv = newReviewer(wb)
		rv.remember(answers)
	}
	var nt *notes
	if opts.CommentUncertain {
		nt = newNotes(wb, st)
		if rv != nil {
			rv.added = nt // the review list names the notes the write adds
		}
	}
	res = &formats.WriteResult{Changes: []formats.Change{}, DryRun: opts.DryRun}
	for i, a := range answers {
		if err := wb.stop.Check(); err != nil {
			return nil, nil, nil, err
		}
		ch, warn, err := w.answer(i, a, nt, opts)
		if err != nil {
			return nil, nil, nil, err
		}
		if ch == nil {
			res.Skipped = append(res.Skipped, answerName(i, a))
			continue
		}
		res.Changes = append(res.Changes, *ch)
		res.Warnings = append(res.Warnings, warn...)
	}
	if opts.DryRun {
		return res, w, rv, nil
	}
	if err := wb.stop.Check(); err != nil {
		return nil, nil, nil, err
	}
	endWrite(nil)
	endWrite = stop.Phase(formats.PhaseSave)
	if res.Document, err = wb.saveWrite(w, nt, len(res.Changes) > 0); err != nil {
		return nil, nil, nil, err
	}
	if wb.recalced != nil {
		res.Warnings = append(res.Warnings, wb.recalced.warnings...)
	}
	return res, w, rv, nil
}

func answerName(i int, a formats.Answer) string {
	if a.PairID == "" {
		return fmt.Sprintf("answers[%d]", i)
	}
	return a.PairID
}

// answer writes answer i (nil for a skipped one) and, when it is uncertain
// and the options ask for it, puts a note on its cell.
func (w *writer) answer(i int, a formats.Answer, nt *notes, opts formats.WriteOptions) (*formats.Change, []string, error) {
	name := answerName(i, a)
	value := a.AnswerText
	if a.InsertionXML != "" {
		value = a.InsertionXML
	}
	if value == formats.Skip {
		return nil, nil, nil
	}
	c, err := w.wb.resolve(a)
	if err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidArgument, name, err, "unknown target")
	}
	ch, at, warn, err := w.put(name, c, value, a)
	if err != nil {
		return nil, nil, err
	}
	if nt != nil && opts.NeedsComment(a) {
		if ch.Comment, err = nt.add(name, w.wb.sheetName(at), at, formats.CommentText(a.Confidence, a.Note)); err != nil {
			return nil, nil, err
		}
	}
	return &ch, warn, nil
}

// resolve finds an answer's cell: pair_id when it is an element ID or a
// reference, else xpath.
func (wb *workbook) resolve(a formats.Answer) (cell, error) {
	c, err := wb.parseRef(a.PairID)
	if err == nil {
		return c, nil
	}
	if a.XPath == "" {
		if a.PairID == "" {
			return cell{}, fmt.Errorf("no target: %w", errNoMatch)
		}
		return cell{}, err
	}
	return wb.parseRef(a.XPath)
}

// saveWrite saves the written workbook with the patching writer (see
// savePatched). With changes, the formulas reading the written cells get
// new cached values (see recalc) and the workbook asks to be recalculated
// on open.
func (wb *workbook) saveWrite(w *writer, nt *notes, changed bool) ([]byte, error) {
	var cached *recalcResult
	if changed {
		wb.recalced = w.recalc()
		cached = wb.recalced
	}
	w.releaseUnwritten()
	return wb.savePatched(w, cached, nt, changed)
}

// releaseUnwritten lets go of what the call holds of the sheets the write
// did not write, once the recalculation, the last reader of every sheet,
// is done: the save patches parts from their XML, and the verification
// reads the written sheets. The guard pass's scans of the others would
// stay live through the save, the fill's peak: on a 600-answer HECVAT
// 4.14 fill, 5 MB of scans of the scoring sheets against the answers'
// 0.4 MB of XML.
func (w *writer) releaseUnwritten() { w.release(nil) }

// release lets go of what the call holds of each sheet that neither the
// write wrote nor keep holds (by 1-based index): see releaseSheet.
func (w *writer) release(keep map[int]bool) {
	for i := range w.wb.sheets {
		if !keep[i+1] {
			w.releaseSheet(i + 1)
		}
	}
}

// releaseSheet lets go of what the call holds of sheet i (1-based) unless
// the write wrote it: its scan (the guard pass's and the writer's), its
// rows and its numeric reads. A sheet read again is scanned again from
// its part (see scanSheet), to the same scan: releasing one too many
// costs time, never a different result. A sheet stored in UTF-16 is
// kept: only the guard's pass reads it transcoded.
func (w *writer) releaseSheet(i int) {
	wb := w.wb
	parts, err := wb.parts()
	if err != nil {
		return // nothing was scanned: the save meets the error
	}
	sheet := wb.sheets[i-1]
	if w.sheets[sheet] || w.keep[i] || wb.pass.utf16[parts[sheet]] {
		return
	}
	wb.mu.Lock()
	defer wb.mu.Unlock()
	delete(w.scans, sheet)
	delete(w.dataScans, sheet)
	delete(w.numeric, sheet)
	delete(wb.pass.sheets, parts[sheet])
	delete(wb.scanned, sheet)
	delete(wb.rowCache, sheet)
}
