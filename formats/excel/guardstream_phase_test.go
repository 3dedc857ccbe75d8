package excel

import (
	"context"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkFillHECVAT600Phases is BenchmarkFillHECVAT600's fill with its
// heap sampled every half millisecond and each sample charged to the
// phase running (the engine's phases, as a worker's trace sees them): it
// says which phase sets the fill's peak, the guard's among them.
func BenchmarkFillHECVAT600Phases(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, _, _ := spreadAnswers(b, doc, 600)
	peaks, lives := map[string]uint64{}, map[string]uint64{}
	for b.Loop() {
		runtime.GC()
		peak, live := phasePeaks(func(ctx context.Context) {
			if _, _, err := New().WithContext(ctx).(*Engine).Fill(doc, answers, formats.WriteOptions{}); err != nil {
				b.Fatal(err)
			}
		})
		for phase, p := range peak {
			peaks[phase] = max(peaks[phase], p)
		}
		for phase, l := range live {
			lives[phase] = max(lives[phase], l)
		}
	}
	for phase, p := range peaks {
		b.ReportMetric(float64(p)/(1<<20), phase+"-peak-MB")
	}
	for phase, l := range lives {
		b.ReportMetric(float64(l)/(1<<20), phase+"-live-MB")
	}
}

// phasePeaks runs do with a context that reports the engine's phases and
// returns, by phase, the heap's peak above the start sampled while it ran
// ("" for between phases), and the most a collection that ended in the
// phase found live above the start.
func phasePeaks(do func(ctx context.Context)) (peaks, lives map[string]uint64) {
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
	var mu sync.Mutex
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var s runtime.MemStats
		t := time.NewTicker(500 * time.Microsecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&s)
			phase := current.Load().(string)
			mu.Lock()
			if s.HeapAlloc > base {
				peaks[phase] = max(peaks[phase], s.HeapAlloc-base)
			}
			if l := liveHeap(); l > baseLive {
				lives[phase] = max(lives[phase], l-baseLive)
			}
			mu.Unlock()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	do(ctx)
	close(done)
	wg.Wait()
	return peaks, lives
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}
