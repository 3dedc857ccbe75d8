package excel

import "github.com/formfill/formfill/formats"

// The guard's pass scans every sheet on the way, and the open keeps the
// scans: the read tools work on all of them. A write works on the sheets
// its answers name; the recalculation reads every sheet's formulas once,
// into a graph that keeps no formula's text, and then the cells of the
// few sheets its computed formulas sit on or read; the save copies the
// other sheets byte for byte. So a write builds the graph as soon as the
// workbook is open, from the open's scans, letting each go once its
// formulas are read unless an answer names its sheet: the scans are not
// held through the answers (5 MB of them on a 600-answer HECVAT 4.14 fill,
// against 0.4 MB of XML of the answered sheets), nor made again for a
// graph built after them.
//
// The answers do not change the graph: a write never puts a value into a
// formula cell (refuseFormula), and the graph reads formulas alone.

// preparedGraph is the graph prepareRecalc built, and its source.
type preparedGraph struct {
	src *scanSource
	g   *formulaGraph
	ok  bool // false: the workbook holds more than maxFormulas
}

// prepareRecalc builds the recalculation's graph before any answer is
// put, keeping the scans of the sheets keep names (by index); with none,
// the write writes nothing and builds nothing.
func (w *writer) prepareRecalc(keep map[int]bool) {
	if len(keep) == 0 {
		return
	}
	w.keep = keep
	defer func() { w.keep = nil }()
	src := newScanSource(w)
	g, ok := w.graph(src)
	w.prepared = &preparedGraph{src: src, g: g, ok: ok}
}

// recalcGraph is the prepared graph and its source, taken from the
// writer (the recalculation drops its index), else a graph built now.
func (w *writer) recalcGraph() (*scanSource, *formulaGraph, bool) {
	if p := w.prepared; p != nil {
		w.prepared = nil
		return p.src, p.g, p.ok
	}
	src := newScanSource(w)
	g, ok := w.graph(src)
	return src, g, ok
}

// answeredSheets are the sheets (1-based) of the cells the answers name,
// skipped ones aside. An answer whose target does not resolve names none:
// the write reports it when it meets it.
func (wb *workbook) answeredSheets(answers []formats.Answer) map[int]bool {
	keep := map[int]bool{}
	for _, a := range answers {
		value := a.AnswerText
		if a.InsertionXML != "" {
			value = a.InsertionXML
		}
		if value == formats.Skip {
			continue
		}
		if c, err := wb.resolve(a); err == nil {
			keep[c.sheet] = true
		}
	}
	return keep
}
