package bench

import (
	"math"
	"slices"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, tt := range tests {
		if got := median(slices.Clone(tt.in)); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestCompareUsesTheBaselineOfTheSameRound(t *testing.T) {
	runs := []Result{
		{Name: "in-process", Round: 1, JobsPerSec: 100, CPUMSPerJob: 4},
		{Name: "1 worker", Workers: 1, Round: 1, JobsPerSec: 80, CPUMSPerJob: 5},
		{Name: "in-process", Round: 2, JobsPerSec: 200, CPUMSPerJob: 2},
		{Name: "1 worker", Workers: 1, Round: 2, JobsPerSec: 180},
	}
	compare(runs)
	if runs[0].VsInProcess != nil {
		t.Error("the baseline got a ratio to itself")
	}
	if got := *runs[1].VsInProcess; !near(got, -0.2) {
		t.Errorf("round 1 ratio = %v, want -0.2", got)
	}
	if got := *runs[1].CPUVsInProcess; !near(got, 0.25) {
		t.Errorf("round 1 CPU ratio = %v, want +0.25", got)
	}
	if got := *runs[3].VsInProcess; !near(got, -0.1) {
		t.Errorf("round 2 ratio = %v, want -0.1 (against round 2's baseline, not round 1's)", got)
	}
	if runs[3].CPUVsInProcess != nil {
		t.Error("a run without a CPU figure got a CPU ratio")
	}

	m := medians(runs)
	if len(m) != 2 || m[0].Name != "in-process" || m[1].Name != "1 worker" {
		t.Fatalf("medians = %+v", m)
	}
	if m[1].JobsPerSec != 130 || !slices.Equal(m[1].JobsPerSecRange, []float64{80, 180}) {
		t.Errorf("worker median %v over %v, want 130 over [80 180]", m[1].JobsPerSec, m[1].JobsPerSecRange)
	}
	if got := *m[1].VsInProcess; !near(got, -0.15) {
		t.Errorf("median ratio = %v, want -0.15, the median of each round's", got)
	}
	if got := *m[1].CPUVsInProcess; !near(got, 0.25) {
		t.Errorf("median CPU ratio = %v, want 0.25, from the one round that had it", got)
	}
}

func TestMediansAddFailuresAndKeepTheLargestRSS(t *testing.T) {
	runs := []Result{
		{Name: "1 worker", Workers: 1, Failed: 1, PeakRSS: []int64{40 << 20}, Latency: Latency{P95: 10 * time.Millisecond}, Errors: []string{"a"}},
		{Name: "1 worker", Workers: 1, Failed: 2, PeakRSS: []int64{50 << 20}, Latency: Latency{P95: 30 * time.Millisecond}, Errors: []string{"b"}},
	}
	m := medians(runs)[0]
	if m.Failed != 3 || m.MaxPeakRSS() != 50<<20 || m.Latency.P95 != 20*time.Millisecond || len(m.Errors) != 2 {
		t.Errorf("median row = %+v", m)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
