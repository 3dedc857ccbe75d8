// Package enginefigures holds the measuring code behind issue 33's engine
// figures, shared by formats/excel's benchmarks and `formfill bench engine`
// so that both report the same thing: the heap's peak during a call, the
// answers a fill benchmark writes, the XML a package's reader must at least
// inflate, and the XML of the parts a fill's answers touch and rewrite.
package enginefigures

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/formfill/formfill/formats"
)

// HeapPeak runs do and returns the most heap in use above the start that a
// sampler, reading the runtime's statistics every millisecond, saw while it
// ran. Callers collect garbage first (runtime.GC) so that the start is the
// live heap alone.
func HeapPeak(do func()) uint64 {
	peak, _ := HeapPeaks(do)
	return peak
}

// HeapPeaks is HeapPeak, and also the most heap a collection during the
// run found live above what the last one before it had found. The sampled
// peak is about twice that (the collector lets the heap grow to twice the
// live heap before it runs): live is what code can shrink, peak what a
// process's memory sees.
func HeapPeaks(do func()) (peak, live uint64) {
	peaks, lives := PhasePeaks(func(context.Context) { do() })
	for _, p := range peaks {
		peak = max(peak, p)
	}
	for _, l := range lives {
		live = max(live, l)
	}
	return peak, live
}

// PhasePeaks is HeapPeaks by the engine's phase running when each sample
// was taken (formats.WithPhases; "" between phases): do is given a context
// that reports them, so that a figure says which phase sets a call's peak.
func PhasePeaks(do func(ctx context.Context)) (peaks, lives map[string]uint64) {
	var current atomic.Value
	current.Store("")
	ctx := formats.WithPhases(context.Background(), func(_ context.Context, phase string) func(error) {
		before := current.Load().(string)
		current.Store(phase)
		return func(error) { current.Store(before) }
	})
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, baseLive := ms.HeapAlloc, liveHeap()
	peaks, lives = map[string]uint64{}, map[string]uint64{}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var s runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&s)
			phase := current.Load().(string)
			if s.HeapAlloc > base {
				peaks[phase] = max(peaks[phase], s.HeapAlloc-base)
			}
			if l := liveHeap(); l > baseLive {
				lives[phase] = max(lives[phase], l-baseLive)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	do(ctx)
	close(done)
	wg.Wait() // the maps are the sampler's alone until it returns
	return peaks, lives
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// SpreadAnswers are answers to the first n of fields that take one (not
// read-only), in the order given: a field with options gets its first
// option (a list cell refuses anything else), any other "answer <i>". It
// returns fewer than n when fewer fields are writable.
func SpreadAnswers(fields []formats.FormField, n int) []formats.Answer {
	var answers []formats.Answer
	for _, f := range fields {
		if len(answers) == n {
			break
		}
		if f.ReadOnly {
			continue
		}
		text := fmt.Sprintf("answer %d", len(answers))
		if len(f.Options) > 0 {
			text = f.Options[0]
		}
		answers = append(answers, formats.Answer{PairID: f.FieldID, AnswerText: text})
	}
	return answers
}

// IsXMLPart reports whether a package entry is XML a reader inflates to
// parse: the parts (.xml) and their relationships (.rels).
func IsXMLPart(name string) bool {
	return strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".rels")
}

// InflateXML reads every XML part of doc to its end with the standard
// library's zip reader: the least any reader of the package does, and the
// yardstick issue 33 sets an extract against (BenchmarkExtractVsInflate).
func InflateXML(doc []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return fmt.Errorf("open the package: %w", err)
	}
	for _, f := range zr.File {
		if !IsXMLPart(f.Name) {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("inflate %s: %w", f.Name, err)
		}
		_, err = io.Copy(io.Discard, rc)
		rc.Close()
		if err != nil {
			return fmt.Errorf("inflate %s: %w", f.Name, err)
		}
	}
	return nil
}

// EntrySizes returns the inflated size, as the package's directory declares
// it, of doc's entries that are in parts, and of all its entries.
func EntrySizes(doc []byte, parts map[string]bool) (selected, all int64, err error) {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return 0, 0, fmt.Errorf("open the package: %w", err)
	}
	for _, f := range zr.File {
		if parts[f.Name] {
			selected += int64(f.UncompressedSize64)
		}
		all += int64(f.UncompressedSize64)
	}
	return selected, all, nil
}

// RewrittenParts compares a fill's output out with its input in, entry by
// entry (CRC-32 and size), and returns the entries among those keep
// accepts that the output holds changed, and their XML size in the input:
// what the writer did, read from the two packages rather than from what it
// meant to do. An entry the output dropped or added is not counted.
func RewrittenParts(in, out []byte, keep func(name string) bool) (names []string, size int64, err error) {
	before, err := zip.NewReader(bytes.NewReader(in), int64(len(in)))
	if err != nil {
		return nil, 0, fmt.Errorf("open the input package: %w", err)
	}
	after, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil {
		return nil, 0, fmt.Errorf("open the output package: %w", err)
	}
	outFiles := make(map[string]*zip.File, len(after.File))
	for _, f := range after.File {
		outFiles[f.Name] = f
	}
	for _, f := range before.File {
		o := outFiles[f.Name]
		if keep(f.Name) && o != nil && (o.CRC32 != f.CRC32 || o.UncompressedSize64 != f.UncompressedSize64) {
			names = append(names, f.Name)
			size += int64(f.UncompressedSize64)
		}
	}
	return names, size, nil
}

// Ratio is a ÷ b, and false when b is not positive (the figure does not
// apply).
func Ratio(a, b float64) (float64, bool) {
	if b <= 0 {
		return 0, false
	}
	return a / b, true
}

// maxRefused bounds the answers FitAnswers adjusts, each costing one more
// try: a document refusing more is reported rather than probed on.
const maxRefused = 200

// substitutes are what FitAnswers tries, in turn, in a field that refused
// its answer: a number (a cell whose validation takes whole or decimal numbers refuses text),
// then a checkbox's value (a box may list an export value it refuses).
var substitutes = []string{"1", "yes"}

// FitAnswers are SpreadAnswers' n answers, made acceptable to try (a dry-run
// write): a field whose answer try refuses, naming the field's ID in its
// error as "(ID)" or "(ID …)", gets each of substitutes in turn, and then is
// dropped, the next free field taking its place. It returns try's error
// when try refuses something else, or more than maxRefused times.
func FitAnswers(fields []formats.FormField, n int, try func([]formats.Answer) error) ([]formats.Answer, error) {
	tried, dropped := map[string]int{}, map[string]bool{}
	for refused := 0; ; refused++ {
		free := make([]formats.FormField, 0, len(fields))
		for _, f := range fields {
			if !dropped[f.FieldID] {
				free = append(free, f)
			}
		}
		answers := SpreadAnswers(free, n)
		for i, a := range answers {
			if k := tried[a.PairID]; k > 0 {
				answers[i].AnswerText = substitutes[k-1]
			}
		}
		err := try(answers)
		id, ok := refusedField(answers, err)
		if !ok || refused == maxRefused {
			return answers, err
		}
		if tried[id] == len(substitutes) {
			dropped[id] = true
		} else {
			tried[id]++
		}
	}
}

// refusedField is the ID of the answer err names, if any.
func refusedField(answers []formats.Answer, err error) (string, bool) {
	if err == nil || !formats.IsInputError(err) {
		return "", false
	}
	msg := err.Error()
	for _, a := range answers {
		if strings.Contains(msg, "("+a.PairID+")") || strings.Contains(msg, "("+a.PairID+" ") {
			return a.PairID, true
		}
	}
	return "", false
}
