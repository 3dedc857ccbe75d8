package excel

import "github.com/formfill/formfill/formats"

// The guard's pass scans every sheet on the way, and the open keeps the
// scans: the read tools work on all of them. A write works on the sheets
// its answers name; the recalculation reads every sheet's formulas once,
// a sheet at a time (see graph), and the cells of the few sheets its
// computed formulas read; the save copies the other sheets byte for byte.
// So a write lets go of the scans of the sheets no answer names as soon
// as the workbook is open, rather than hold them through the answers and
// into the recalculation: on a 600-answer HECVAT 4.14 fill, 5 MB of scans
// of the scoring sheets against 0.4 MB of XML of the answered ones.

// answeredSheets are the sheets (1-based) of the cells the answers name,
// skipped ones aside. An answer whose target does not resolve names none:
// the write reports it when it meets it.
func (wb *workbook) answeredSheets(answers []formats.Answer) map[int]bool {
	keep := map[int]bool{}
	for _, a := range answers {
		if a.AnswerText == formats.Skip && a.InsertionXML == "" || a.InsertionXML == formats.Skip {
			continue
		}
		if c, err := wb.resolve(a); err == nil {
			keep[c.sheet] = true
		}
	}
	return keep
}
