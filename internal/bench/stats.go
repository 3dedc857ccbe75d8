package bench

import (
	"math"
	"slices"
	"time"
)

// Latency summarises a set of job latencies.
type Latency struct {
	Count int           `json:"count"`
	Mean  time.Duration `json:"mean_ns"`
	P50   time.Duration `json:"p50_ns"`
	P95   time.Duration `json:"p95_ns"`
	P99   time.Duration `json:"p99_ns"`
	Max   time.Duration `json:"max_ns"`
}

// Percentile returns the p-th percentile (0 ≤ p ≤ 100) of sorted by the
// nearest-rank method: the smallest value with at least p% of the values at
// or below it. Nearest rank always returns an observed latency, never an
// interpolated one no job had. It returns 0 for an empty slice.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	if p <= 0 {
		return sorted[0]
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// Summarize computes the latency summary of ds (not modified).
func Summarize(ds []time.Duration) Latency {
	if len(ds) == 0 {
		return Latency{}
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	var sum time.Duration
	for _, d := range sorted {
		sum += d
	}
	return Latency{
		Count: len(sorted),
		Mean:  sum / time.Duration(len(sorted)),
		P50:   Percentile(sorted, 50),
		P95:   Percentile(sorted, 95),
		P99:   Percentile(sorted, 99),
		Max:   sorted[len(sorted)-1],
	}
}
