package excel

import (
	"archive/zip"
	"bytes"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkFillHECVAT600 fills 600 of HECVAT 4.14's fields and
// reports the heap's peak above what it held before the call, sampled
// every millisecond, as a multiple of the XML of the sheets the answers
// touch (issue 33's goal: at most 10×), of the sheets the fill rewrites
// (those, and the sheets of the formulas the recalculation gives new
// cached values, found by comparing the output with the input), and of
// the whole package. The sampled peak is about twice the heap a
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
	var peak, live uint64
	for b.Loop() {
		runtime.GC()
		p, l := heapPeaks(func() {
			if _, _, err := New().Fill(doc, answers, formats.WriteOptions{}); err != nil {
				b.Fatal(err)
			}
		})
		peak, live = max(peak, p), max(live, l)
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
	b.ReportMetric(float64(touchedXML)/(1<<20), "touched-XML-MB")
	b.ReportMetric(float64(peak)/float64(touchedXML), "peak/touched-XML")
	b.ReportMetric(float64(peak)/float64(allXML), "peak/all-XML")
	b.ReportMetric(float64(writtenXML)/(1<<20), "written-XML-MB")
	b.ReportMetric(float64(peak)/float64(writtenXML), "peak/written-XML")
}

// rewrittenSheetsXML is the XML size, in doc, of the worksheets whose
// entries out holds changed: read from the two packages, not from what
// the writer meant to write.
func rewrittenSheetsXML(b testing.TB, doc, out []byte) int64 {
	in, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		b.Fatal(err)
	}
	after, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		b.Fatal(err)
	}
	wb, err := open(doc)
	if err != nil {
		b.Fatal(err)
	}
	parts, err := wb.parts()
	if err != nil {
		b.Fatal(err)
	}
	sheets := map[string]bool{}
	for _, p := range parts {
		sheets[p] = true
	}
	outFiles := map[string]*zip.File{}
	for _, f := range after.File {
		outFiles[f.Name] = f
	}
	var n int64
	for _, f := range in.File {
		o := outFiles[f.Name]
		if sheets[f.Name] && o != nil && (o.CRC32 != f.CRC32 || o.UncompressedSize64 != f.UncompressedSize64) {
			n += int64(f.UncompressedSize64)
		}
	}
	if n == 0 {
		b.Fatal("the fill rewrote no sheet")
	}
	return n
}

// spreadAnswers are n answers to doc's first fields that take one (a
// list's first option, or text), and the XML size of the sheets they
// touch, and of the whole package.
func spreadAnswers(b testing.TB, doc []byte, n int) (answers []formats.Answer, touchedXML, allXML int64) {
	fields, err := New().ListFields(doc)
	if err != nil {
		b.Fatal(err)
	}
	wb, err := open(doc)
	if err != nil {
		b.Fatal(err)
	}
	parts, err := wb.parts()
	if err != nil {
		b.Fatal(err)
	}
	touched := map[string]bool{}
	for _, f := range fields {
		if len(answers) == n {
			break
		}
		if f.ReadOnly {
			continue
		}
		c, err := wb.parseRef(f.FieldID)
		if err != nil {
			continue
		}
		touched[parts[wb.sheetName(c)]] = true
		text := fmt.Sprintf("answer %d", len(answers))
		if len(f.Options) > 0 {
			text = f.Options[0] // a list cell takes one of its options
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	if len(answers) < n {
		b.Logf("only %d free fields", len(answers))
	}
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		b.Fatal(err)
	}
	for _, f := range zr.File {
		if touched[f.Name] {
			touchedXML += int64(f.UncompressedSize64)
		}
		allXML += int64(f.UncompressedSize64)
	}
	return answers, touchedXML, allXML
}

// heapPeak runs do and returns the most heap in use above the start that
// a sampler saw while it ran.
func heapPeak(do func()) uint64 {
	peak, _ := heapPeaks(do)
	return peak
}

// heapPeaks runs do and returns the most heap in use above the start that
// a sampler saw while it ran, and the most heap a collection during the
// run found live above what the last one before it did.
func heapPeaks(do func()) (peak, live uint64) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	baseLive := sample[0].Value.Uint64()
	var top, topLive atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var s runtime.MemStats
		l := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&s)
			if s.HeapAlloc > base && s.HeapAlloc-base > top.Load() {
				top.Store(s.HeapAlloc - base)
			}
			metrics.Read(l)
			if v := l[0].Value.Uint64(); v > baseLive && v-baseLive > topLive.Load() {
				topLive.Store(v - baseLive)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	do()
	close(done)
	wg.Wait()
	return top.Load(), topLive.Load()
}

// BenchmarkSaveHECVAT600 is BenchmarkFillHECVAT600's save alone: the
// patching writer writing the 600 answers and their recomputed formulas,
// its heap peak against the XML of the sheets the answers touch, and of
// every sheet it patches (those of the recomputed formulas too).
func BenchmarkSaveHECVAT600(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, touchedXML, _ := spreadAnswers(b, doc, 600)
	wb, err := New().open(doc, nil)
	if err != nil {
		b.Fatal(err)
	}
	w := newWriter(wb)
	for i, a := range answers {
		if _, _, err := w.answer(i, a, nil, formats.WriteOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	cached := w.recalc()
	perPart, _, err := wb.editsByPart(w.edits, cached)
	if err != nil {
		b.Fatal(err)
	}
	var patchedXML int64
	for p := range perPart {
		patchedXML += int64(wb.arch.File(p).UncompressedSize64)
	}
	var peak uint64
	for b.Loop() {
		runtime.GC()
		peak = max(peak, heapPeak(func() {
			if _, err := wb.savePatched(w, cached, nil, true); err != nil {
				b.Fatal(err)
			}
		}))
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
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
