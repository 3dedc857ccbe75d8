package excel

import (
	"context"
	"runtime"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/enginefigures"
	"github.com/formfill/formfill/internal/realdocs"
)

// BenchmarkFillHECVAT600Phases is BenchmarkFillHECVAT600's fill with its
// heap sampled every millisecond and each sample charged to the
// phase running (the engine's phases, as a worker's trace sees them): it
// says which phase sets the fill's peak, the guard's among them.
func BenchmarkFillHECVAT600Phases(b *testing.B) {
	doc := realdocs.Read(b, "questionnaires", "hecvat-4.14-educause.xlsx")
	answers, _, _ := spreadAnswers(b, doc, 600)
	peaks, lives := map[string]uint64{}, map[string]uint64{}
	for b.Loop() {
		runtime.GC()
		peak, live := enginefigures.PhasePeaks(func(ctx context.Context) {
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
