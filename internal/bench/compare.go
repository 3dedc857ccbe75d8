package bench

import (
	"fmt"
	"slices"
	"time"
)

// compare sets each queued run's VsInProcess and CPUVsInProcess against the
// baseline of its own round: runs measured back to back share the
// machine's mood, so their ratio is steadier than either figure.
func compare(runs []Result) {
	for i := range runs {
		run := &runs[i]
		if run.Workers == 0 {
			continue
		}
		base := baselineOf(runs, run.Round)
		if base == nil {
			continue
		}
		if base.JobsPerSec > 0 {
			run.VsInProcess = ptr(run.JobsPerSec/base.JobsPerSec - 1)
		}
		if base.CPUMSPerJob > 0 && run.CPUMSPerJob > 0 {
			run.CPUVsInProcess = ptr(run.CPUMSPerJob/base.CPUMSPerJob - 1)
		}
	}
}

func baselineOf(runs []Result, round int) *Result {
	for i := range runs {
		if runs[i].Workers == 0 && runs[i].Round == round {
			return &runs[i]
		}
	}
	return nil
}

func ptr(f float64) *float64 { return &f }

// medians sums up repeated rounds: one row per configuration (by name, in
// the order first measured) holding the median of each figure across its
// rounds, the per-round ratios to the baseline included, the jobs/s range
// in JobsPerSecRange, the failures added up and the largest peak RSS.
func medians(runs []Result) []Result {
	var order []string
	groups := map[string][]Result{}
	for _, r := range runs {
		if _, ok := groups[r.Name]; !ok {
			order = append(order, r.Name)
		}
		groups[r.Name] = append(groups[r.Name], r)
	}
	out := make([]Result, 0, len(order))
	for _, name := range order {
		out = append(out, medianOf(groups[name]))
	}
	return out
}

func medianOf(g []Result) Result {
	m := Result{Name: g[0].Name, Workers: g[0].Workers, Jobs: g[0].Jobs}
	pick := func(f func(Result) float64) float64 {
		v := make([]float64, len(g))
		for i, r := range g {
			v[i] = f(r)
		}
		return median(v)
	}
	m.JobsPerSec = pick(func(r Result) float64 { return r.JobsPerSec })
	m.CPUMSPerJob = pick(func(r Result) float64 { return r.CPUMSPerJob })
	m.RedisCommandsPerJob = pick(func(r Result) float64 { return r.RedisCommandsPerJob })
	m.RedisCPUMSPerJob = pick(func(r Result) float64 { return r.RedisCPUMSPerJob })
	m.Elapsed = time.Duration(pick(func(r Result) float64 { return float64(r.Elapsed) }))
	m.Latency = Latency{
		P50: time.Duration(pick(func(r Result) float64 { return float64(r.Latency.P50) })),
		P95: time.Duration(pick(func(r Result) float64 { return float64(r.Latency.P95) })),
		P99: time.Duration(pick(func(r Result) float64 { return float64(r.Latency.P99) })),
	}
	m.VsInProcess = medianOfSet(g, func(r Result) *float64 { return r.VsInProcess })
	m.CPUVsInProcess = medianOfSet(g, func(r Result) *float64 { return r.CPUVsInProcess })
	lo, hi := g[0].JobsPerSec, g[0].JobsPerSec
	for _, r := range g {
		lo, hi = min(lo, r.JobsPerSec), max(hi, r.JobsPerSec)
		m.Failed += r.Failed
		m.Errors = append(m.Errors, r.Errors...)
		if r.MaxPeakRSS() > m.MaxPeakRSS() {
			m.PeakRSS = r.PeakRSS
		}
	}
	m.JobsPerSecRange = []float64{lo, hi}
	return m
}

// medianOfSet is the median of the values f finds set, or nil.
func medianOfSet(g []Result, f func(Result) *float64) *float64 {
	var v []float64
	for _, r := range g {
		if p := f(r); p != nil {
			v = append(v, *p)
		}
	}
	if len(v) == 0 {
		return nil
	}
	return ptr(median(v))
}

// median of v (the mean of the middle two for an even count); v is sorted
// in place.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	slices.Sort(v)
	if n := len(v); n%2 == 1 {
		return v[n/2]
	} else {
		return (v[n/2-1] + v[n/2]) / 2
	}
}

// formatShare writes a queued run's throughput against the baseline's:
// "-12.3%" means the queue cost 12.3% of the in-process throughput.
func formatShare(run Result) string {
	if run.VsInProcess == nil {
		return "-"
	}
	return fmt.Sprintf("%+.1f%%", *run.VsInProcess*100)
}

// formatCPUShare writes a run's CPU per job and, for a queued run, its
// excess over the baseline's: "4.10 ms (+17%)".
func formatCPUShare(run Result) string {
	s := formatCPUMS(run.CPUMSPerJob)
	if run.CPUVsInProcess == nil {
		return s
	}
	return fmt.Sprintf("%s (%+.0f%%)", s, *run.CPUVsInProcess*100)
}
