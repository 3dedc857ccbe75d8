package excel

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestFillHECVAT600PeakProfile writes, to the file FORMFILL_PEAK_PROFILE
// names, the heap profile of the moment BenchmarkFillHECVAT600's fill held
// the most live heap, and to that name + "." + phase the profile of each
// engine phase's most: what the peak is made of, by owner (go tool pprof
// -sample_index=inuse_space). A heap profile is as of the last
// collection, the one that found the live heap it reports. The collector
// runs every hwmGCPercent of growth, as for liveHighWater, so that a
// collection falls near the true high-water mark; the profiles go
// straight to their files, so that no buffer of theirs stays live. A
// profile being written while the fill runs is live itself (about 1 MB,
// under runtime/pprof and compress/gzip in the profile: leave those
// out), so the most live it logs is above BenchmarkFillHECVAT600's
// hwm-MB, the figure to compare by. Off unless asked for: it is a
// measuring tool, not a check.
func TestFillHECVAT600PeakProfile(t *testing.T) {
	out := os.Getenv("FORMFILL_PEAK_PROFILE")
	if out == "" {
		t.Skip("set FORMFILL_PEAK_PROFILE to the file the profile goes to")
	}
	doc := realdocs.Read(t, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, _, _ := spreadAnswers(t, doc, 600)
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 512
	defer func() { runtime.MemProfileRate = old }()
	defer debug.SetGCPercent(debug.SetGCPercent(hwmGCPercent))
	var ph phaseNow
	runtime.GC()
	base := liveHeapNow()
	most := map[string]uint64{} // by phase, "" for the whole call too
	stop := everyCollection(func(live uint64) {
		phase := ph.get()
		if live > most[phase] {
			most[phase] = live
			writeHeapProfile(t, out+"."+phaseName(phase))
		}
		if live > most["*"] {
			most["*"] = live
			writeHeapProfile(t, out)
		}
	})
	_, _, err := New().WithContext(ph.context()).(*Engine).Fill(doc, answers, formats.WriteOptions{})
	stop()
	if err != nil {
		t.Fatal(err)
	}
	for phase, live := range most {
		t.Logf("phase %q: most live %.2f MB above the start (%.2f MB)", phase, float64(live-min(live, base))/(1<<20), float64(base)/(1<<20))
	}
}

// phaseNow is the engine phase running, as a context's phase hook sets it.
type phaseNow struct {
	mu    sync.Mutex
	phase string
}

func (p *phaseNow) get() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.phase
}

func (p *phaseNow) set(phase string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase = phase
}

// context is a context whose phase hook keeps p current.
func (p *phaseNow) context() context.Context {
	return formats.WithPhases(context.Background(), func(_ context.Context, phase string) func(error) {
		before := p.get()
		p.set(phase)
		return func(error) { p.set(before) }
	})
}

// everyCollection calls seen, from its own goroutine, with the live heap
// each collection found, until the stop it returns is called.
func everyCollection(seen func(live uint64)) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
		var cycles uint64
		for {
			metrics.Read(s)
			if c := s[0].Value.Uint64(); c != cycles {
				cycles = c
				seen(s[1].Value.Uint64())
			}
			select {
			case <-done:
				return
			case <-time.After(100 * time.Microsecond):
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

// writeHeapProfile writes the heap profile to the file name.
func writeHeapProfile(t *testing.T, name string) {
	f, err := os.Create(name)
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		t.Error(err)
	}
}

// liveHeapNow is the heap the last collection found live.
func liveHeapNow() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestOpenHECVATProfile writes, to FORMFILL_OPEN_PROFILE, the heap
// profile of HECVAT 4.14 just opened (the guard pass's scans of every
// sheet): the share of the fill's live heap the open sets, as the open and
// the verification's reopen hold it.
func TestOpenHECVATProfile(t *testing.T) {
	out := os.Getenv("FORMFILL_OPEN_PROFILE")
	if out == "" {
		t.Skip("set FORMFILL_OPEN_PROFILE to the file the profile goes to")
	}
	doc := realdocs.Read(t, "questionnaires", "hecvat-4.14-educause.xlsx")
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 512
	defer func() { runtime.MemProfileRate = old }()
	runtime.GC()
	base := liveHeapNow()
	wb, err := open(doc)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	t.Logf("open holds %.2f MB", float64(liveHeapNow()-base)/(1<<20))
	var buf bytes.Buffer
	if err := pprof.Lookup("heap").WriteTo(&buf, 0); err != nil {
		t.Fatal(err)
	}
	runtime.KeepAlive(wb)
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
