package excel

import (
	"bytes"
	"context"
	"os"
	"runtime"
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
// the most live heap: what the peak is made of, by owner (go tool pprof
// -sample_index=inuse_space). A heap profile is as of the last
// collection, the one that found the live heap it reports, so the profile
// written when a collection finds a new most is the peak's. Off unless
// asked for: it is a measuring tool, not a check.
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
	runtime.GC()
	var (
		mu    sync.Mutex
		phase string
	)
	ctx := formats.WithPhases(context.Background(), func(_ context.Context, p string) func(error) {
		mu.Lock()
		before := phase
		phase = p
		mu.Unlock()
		return func(error) { mu.Lock(); phase = before; mu.Unlock() }
	})
	base := liveHeapNow()
	var best bytes.Buffer
	var bestLive uint64
	var bestPhase string
	byPhase := map[string]*phaseProfile{} // the most live in each phase, and its profile
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var lastCycles uint64
		for {
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
			}
			s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/heap/live:bytes"}}
			metrics.Read(s)
			if c := s[0].Value.Uint64(); c != lastCycles {
				lastCycles = c
				l := s[1].Value.Uint64()
				mu.Lock()
				p := phase
				mu.Unlock()
				if pp := byPhase[p]; pp == nil || l > pp.live {
					pp = &phaseProfile{live: l}
					if err := pprof.Lookup("heap").WriteTo(&pp.profile, 0); err != nil {
						t.Error(err)
					}
					byPhase[p] = pp
				}
				if l > bestLive {
					bestLive = l
					best.Reset()
					if err := pprof.Lookup("heap").WriteTo(&best, 0); err != nil {
						t.Error(err)
					}
					mu.Lock()
					bestPhase = phase
					mu.Unlock()
				}
			}
		}
	})
	if _, _, err := New().WithContext(ctx).(*Engine).Fill(doc, answers, formats.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	close(done)
	wg.Wait()
	t.Logf("most live: %.2f MB above the start (%.2f MB) in phase %q", float64(bestLive-base)/(1<<20), float64(base)/(1<<20), bestPhase)
	if err := os.WriteFile(out, best.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for p, pp := range byPhase {
		t.Logf("phase %q: most live %.2f MB above the start", p, float64(pp.live-min(pp.live, base))/(1<<20))
		if err := os.WriteFile(out+"."+phaseName(p), pp.profile.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// phaseProfile is the most live heap a collection found in one phase, and
// the heap profile of that moment.
type phaseProfile struct {
	live    uint64
	profile bytes.Buffer
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
