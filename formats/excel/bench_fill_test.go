package excel

import (
	"context"
	"runtime"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginefigures"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkFillHECVAT600 fills 600 of HECVAT 4.14's fields and
// reports the heap's peak above what it held before the call, sampled
// every millisecond, as a multiple of the XML of the sheets the answers
// touch (issue 33's goal: at most 10×), of the sheets the fill rewrites
// (those, and the sheets of the formulas the recalculation gives new
// cached values, found by comparing the output with the input), and of
// the whole package, and the peak of each of the engine's phases. The sampled peak is about twice the heap a
// collection found live (the collector lets the heap grow that far before
// the next one), so it also reports live-MB, the most any collection
// during the call found live above the start: the share of the peak a
// change to what the fill holds moves, less noisy than the peak.
func BenchmarkFillHECVAT600(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, touchedXML, allXML := spreadAnswers(b, doc, 600)
	res, _, err := New().Fill(doc, answers, formats.WriteOptions{})
	if err != nil {
		b.Fatal(err)
	}
	writtenXML := rewrittenSheetsXML(b, doc, res.Document)
	b.SetBytes(int64(len(doc)))
	// The heap is sampled every millisecond and each sample charged to the
	// engine's phase running (as a worker's trace sees them): the figures
	// say which phase sets the fill's peak, as well as the peak.
	var peak, live uint64
	peaks, lives := map[string]uint64{}, map[string]uint64{}
	for b.Loop() {
		runtime.GC()
		ps, ls := enginefigures.PhasePeaks(func(ctx context.Context) {
			if _, _, err := New().WithContext(ctx).(*Engine).Fill(doc, answers, formats.WriteOptions{}); err != nil {
				b.Fatal(err)
			}
		})
		for phase, p := range ps {
			peaks[phase], peak = max(peaks[phase], p), max(peak, p)
		}
		for phase, l := range ls {
			lives[phase], live = max(lives[phase], l), max(live, l)
		}
	}
	// Once more with frequent collections, for the live heap's high-water
	// mark (see liveHighWater): the figure a change to what the fill holds
	// moves, where the sampled peak and live-MB move as much between two
	// runs of the same code.
	hwm := liveHighWater(func() {
		if _, _, err := New().Fill(doc, answers, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(float64(hwm)/(1<<20), "hwm-MB")
	b.ReportMetric(float64(hwm)/float64(touchedXML), "hwm/touched-XML")
	b.ReportMetric(float64(hwm)/float64(writtenXML), "hwm/written-XML")
	for phase, p := range peaks {
		b.ReportMetric(float64(p)/(1<<20), phaseName(phase)+"-peak-MB")
	}
	for phase, l := range lives {
		b.ReportMetric(float64(l)/(1<<20), phaseName(phase)+"-live-MB")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(touchedXML)/(1<<20), "touched-XML-MB")
	b.ReportMetric(float64(peak)/float64(touchedXML), "peak/touched-XML")
	b.ReportMetric(float64(peak)/float64(allXML), "peak/all-XML")
	b.ReportMetric(float64(writtenXML)/(1<<20), "written-XML-MB")
	b.ReportMetric(float64(peak)/float64(writtenXML), "peak/written-XML")
	// The sampled peak is about the heap the call started with plus twice
	// what it holds live (the collector's headroom, GOGC=100): the live
	// ratios are the ones a change to what the fill holds moves.
	b.ReportMetric(float64(live)/float64(touchedXML), "live/touched-XML")
	b.ReportMetric(float64(live)/float64(writtenXML), "live/written-XML")
	b.ReportMetric(float64(live)/float64(allXML), "live/all-XML")
}

// phaseName names phase in a metric: "between" for the time between the
// engine's phases.
func phaseName(phase string) string {
	if phase == "" {
		return "between"
	}
	return phase
}

// rewrittenSheetsXML is the XML size, in doc, of the worksheets whose
// entries out holds changed: read from the two packages, not from what
// the writer meant to write (enginefigures.RewrittenParts, which formfill
// bench engine reports too).
func rewrittenSheetsXML(b testing.TB, doc, out []byte) int64 {
	sheets, err := enginefigures.ExcelSheets(doc)
	if err != nil {
		b.Fatal(err)
	}
	_, n, err := enginefigures.RewrittenParts(doc, out, sheets.IsSheet)
	if err != nil {
		b.Fatal(err)
	}
	if n == 0 {
		b.Fatal("the fill rewrote no sheet")
	}
	return n
}

// spreadAnswers are n answers to doc's first fields that take one (a
// list's first option, or text), and the XML size of the sheets they
// touch, and of the whole package: enginefigures' answers, as formfill
// bench engine writes them.
func spreadAnswers(b testing.TB, doc []byte, n int) (answers []formats.Answer, touchedXML, allXML int64) {
	fields, err := New().ListFields(doc)
	if err != nil {
		b.Fatal(err)
	}
	answers = enginefigures.SpreadAnswers(fields, n)
	if len(answers) < n {
		b.Logf("only %d free fields", len(answers))
	}
	sheets, err := enginefigures.ExcelSheets(doc)
	if err != nil {
		b.Fatal(err)
	}
	touchedXML, allXML, err = enginefigures.EntrySizes(doc, sheets.PartsOf(answers))
	if err != nil {
		b.Fatal(err)
	}
	return answers, touchedXML, allXML
}

// heapPeak is enginefigures.HeapPeak: the heap's peak above the start
// while do runs, sampled every millisecond.
func heapPeak(do func()) uint64 { return enginefigures.HeapPeak(do) }

// BenchmarkSaveHECVAT600 is BenchmarkFillHECVAT600's save alone: the
// patching writer writing the 600 answers and their recomputed formulas,
// its heap peak against the XML of the sheets the answers touch, and of
// every sheet it patches (those of the recomputed formulas too), and the
// most a collection during the save found live above the start (live-MB:
// the sampled peak is mostly the garbage the collector lets the open
// workbook's heap double with).
func BenchmarkSaveHECVAT600(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, touchedXML, _ := spreadAnswers(b, doc, 600)
	w := answeredWriter(b, doc, answers)
	wb := w.wb
	cached := w.recalc()
	perPart, _, err := wb.editParts(w.edits, cached)
	if err != nil {
		b.Fatal(err)
	}
	var patchedXML int64
	for p := range perPart {
		patchedXML += int64(wb.arch.File(p).UncompressedSize64)
	}
	var peak, live uint64
	for b.Loop() {
		runtime.GC()
		p, l := enginefigures.HeapPeaks(func() {
			if _, err := wb.savePatched(w, cached, nil, true); err != nil {
				b.Fatal(err)
			}
		})
		peak, live = max(peak, p), max(live, l)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(peak)/float64(touchedXML), "peak/touched-XML")
	b.ReportMetric(float64(patchedXML)/(1<<20), "patched-XML-MB")
	b.ReportMetric(float64(peak)/float64(patchedXML), "peak/patched-XML")
}

// BenchmarkOpenHECVAT opens HECVAT 4.14 (the guard's pass over every
// sheet) and reports the heap's peak during the open and what the open
// workbook still holds after a collection: the read side's share of a
// fill's peak.
func BenchmarkOpenHECVAT(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	var peak, live uint64
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var wb *workbook
		p := heapPeak(func() {
			var err error
			if wb, err = open(doc); err != nil {
				b.Fatal(err)
			}
			wb.scanSheets()
		})
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(wb)
		peak, live = max(peak, p), max(live, after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
}
