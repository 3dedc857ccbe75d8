package excel

import (
	"github.com/formfill/formfill/formats"
)

// verifySaved verifies a fill's answers against the document it saved,
// read back as `formfill verify` reads it, rather than against the
// writer's edits in memory: text the save encodes (ST_Xstring's _xHHHH_,
// a character XML cannot hold) must read back as the answer, and a
// verify that only saw the edits reported "matched" where the saved file
// shows otherwise. rv is the fill's reviewer: it knows the questions as
// they were before the write.
func (w *writer) verifySaved(saved []byte, expected []formats.ExpectedAnswer, rv *reviewer) (*formats.VerificationReport, error) {
	wb, err := openStop(saved, w.wb.stop.Quiet()) // within the verify phase: its guard and open are verify's
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, "", err, "the saved workbook could not be read back to verify it")
	}
	return newWriter(wb).verify(expected, rv)
}
