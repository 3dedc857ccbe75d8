package excel

import (
	"github.com/formfill/formfill/formats"
)

// readBack is what a fill's verification keeps of the write once the
// document is saved: the call's stopper, the recalculation's notes and
// the review places, worked out while the written model is still there.
// It holds nothing of the written workbook, so that the model (its
// writer, sheets and the recalculation's cached values) can be collected
// before the saved file is read back, rather than be live beside the
// read-back's own model, the fill's peak (issue 33: memory bounded by the
// part being written).
type readBack struct {
	stop     *formats.Stopper
	expected []formats.ExpectedAnswer
	// places are the review list's places, by answer (see settle).
	places *reviewer
	// shown and warnings are the recalculation's notes: what the answers
	// changed elsewhere, and what only a recalculation on open will show.
	shown, warnings []string
}

// readBackPlan is the verification of the answers of a fill that w wrote,
// rv being its reviewer, released from w and rv.
func (w *writer) readBackPlan(answers []formats.Answer, rv *reviewer) *readBack {
	expected := formats.ExpectedFromAnswers(answers)
	rb := &readBack{stop: w.wb.stop, expected: expected, places: rv.settle(expected)}
	if rc := w.wb.recalced; rc != nil {
		rb.shown, rb.warnings = rc.shown, rc.warnings
	}
	return rb
}

// verifySaved verifies a fill's answers against the document it saved,
// read back as `formfill verify` reads it, rather than against the
// writer's edits in memory: text the save encodes (ST_Xstring's _xHHHH_,
// a character XML cannot hold) must read back as the answer, and a
// verify that only saw the edits reported "matched" where the saved file
// shows otherwise. The review places were settled before the write's
// model was let go: they are the questions as they were before the write.
func (rb *readBack) verifySaved(saved []byte) (*formats.VerificationReport, error) {
	wb, err := openStop(saved, rb.stop.Quiet()) // within the verify phase: its guard and open are verify's
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "", err, "the saved workbook could not be read back to verify it")
	}
	rep, err := newWriter(wb).verify(rb.expected, rb.places)
	if err != nil {
		return nil, err
	}
	// Notes, not failures: what the answers changed elsewhere, and what
	// only a recalculation on open will show.
	rep.Warnings = append(rep.Warnings, rb.shown...)
	rep.Warnings = append(rep.Warnings, rb.warnings...)
	return rep, nil
}

// placeKey is what a review place is looked up by.
type placeKey struct{ pairID, xpath string }

// settle works out the review places of expected's answers that go on
// the review list, and returns a reviewer that knows only them: it holds
// neither the workbook nor its writer.
func (rv *reviewer) settle(expected []formats.ExpectedAnswer) *reviewer {
	known := map[placeKey]formats.ReviewPlace{}
	for _, e := range expected {
		if formats.Unsure(e.Confidence) {
			known[placeKey{e.PairID, e.XPath}] = rv.place(e)
		}
	}
	return &reviewer{settled: known}
}
