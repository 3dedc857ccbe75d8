package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the result of one bench: the set-up, then one Result per
// configuration measured.
type Report struct {
	StartedAt   time.Time `json:"started_at"`
	Host        Host      `json:"host"`
	Jobs        int       `json:"jobs"`
	Mix         Mix       `json:"mix"`
	Documents   []DocInfo `json:"documents"`
	Concurrency int       `json:"concurrency_per_worker"`
	InFlight    int       `json:"in_flight,omitempty"`
	Group       int       `json:"group,omitempty"` // fill jobs per task in the queued runs
	Poll        string    `json:"poll_interval"`
	Redis       string    `json:"redis"`            // redacted URL, or "embedded"
	CPUs        []int     `json:"cpus,omitempty"`   // the work's CPUs when pinned (--cpus)
	Repeat      int       `json:"repeat,omitempty"` // rounds of runs (--repeat); Medians sums them up
	Runs        []Result  `json:"runs"`
	// Medians sums up the rounds when there are several: one row per
	// configuration (see medians).
	Medians []Result `json:"medians,omitempty"`
}

// summary is one row per configuration: the medians of several rounds, or
// the runs of the only one.
func (r *Report) summary() []Result {
	if len(r.Medians) > 0 {
		return r.Medians
	}
	return r.Runs
}

// Host describes the machine the figures come from.
type Host struct {
	CPUs      int    `json:"cpus"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	GoVersion string `json:"go_version"`
}

// DocInfo is one document of the corpus.
type DocInfo struct {
	Name    string `json:"name"`
	Type    string `json:"file_type"`
	Bytes   int    `json:"bytes"`
	Answers int    `json:"answers"`
}

// Result is the measurement of one configuration.
type Result struct {
	Name       string        `json:"name"`            // "in-process", "1 worker", …
	Round      int           `json:"round,omitempty"` // which of the --repeat rounds
	Workers    int           `json:"workers"`         // worker processes; 0 for the in-process baseline
	Jobs       int           `json:"jobs"`
	Failed     int           `json:"failed"`
	Elapsed    time.Duration `json:"elapsed_ns"`
	JobsPerSec float64       `json:"jobs_per_sec"`
	Latency    Latency       `json:"latency"`
	// PeakRSS is each worker process's VmHWM in bytes (for the baseline,
	// the bench process's own).
	PeakRSS []int64 `json:"peak_rss_bytes,omitempty"`
	// RedisCommandsPerJob is the growth of Redis's server-wide command
	// count during the run, per job: the round trips one job costs
	// (submit, status polls, dequeue, blob, result, done), plus whatever
	// else used the server meanwhile. 0 when not measured (miniredis).
	RedisCommandsPerJob float64 `json:"redis_commands_per_job,omitempty"`
	// RedisCPUMSPerJob is the growth of Redis's CPU time (system and
	// user) during the run, in milliseconds per job: what the queue costs
	// the Redis host. 0 when not measured (miniredis).
	RedisCPUMSPerJob float64 `json:"redis_cpu_ms_per_job,omitempty"`
	// CPUMSPerJob is the CPU time (user and system) the run's processes
	// spent per job, in milliseconds: the worker processes for a queued
	// run, the bench process for the baseline. It is steadier than jobs/s
	// on a noisy machine, and the queued runs' excess over the baseline is
	// what the queue costs the workers. 0 when not measured.
	CPUMSPerJob float64 `json:"cpu_ms_per_job,omitempty"`
	// VsInProcess is the run's jobs/s against the baseline of its round,
	// minus one: -0.12 means the queue cost 12 % of the throughput.
	// CPUVsInProcess is the same for CPU per job (+0.2: 20 % more CPU).
	// Nil for the baseline, or when no baseline was measured.
	VsInProcess    *float64 `json:"vs_in_process,omitempty"`
	CPUVsInProcess *float64 `json:"cpu_vs_in_process,omitempty"`
	// JobsPerSecRange is the lowest and highest jobs/s of the rounds a
	// median sums up; empty on a single run.
	JobsPerSecRange []float64 `json:"jobs_per_sec_range,omitempty"`
	Errors          []string  `json:"errors,omitempty"` // a sample of failures
}

// addCost copies the per-job costs measure found into r.
func (r *Result) addCost(c Result) {
	r.RedisCommandsPerJob, r.RedisCPUMSPerJob, r.CPUMSPerJob = c.RedisCommandsPerJob, c.RedisCPUMSPerJob, c.CPUMSPerJob
}

// MaxPeakRSS is the largest per-process peak RSS of the run.
func (r Result) MaxPeakRSS() int64 {
	var m int64
	for _, v := range r.PeakRSS {
		m = max(m, v)
	}
	return m
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the set-up and a table of runs for a terminal.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "formfill bench: %d jobs, mix %s, %d CPUs, %s/%s, %s\n",
		r.Jobs, r.Mix, r.Host.CPUs, r.Host.OS, r.Host.Arch, r.Host.GoVersion)
	if r.Redis != "" {
		fmt.Fprintf(w, "redis %s, concurrency %d per worker, poll %s\n", r.Redis, r.Concurrency, r.Poll)
	} else {
		fmt.Fprintf(w, "concurrency %d\n", r.Concurrency)
	}
	if r.Group > 1 {
		fmt.Fprintf(w, "queued runs send fills %d to a task (fill_group); jobs/s and CPU/job count each fill\n", r.Group)
	}
	for _, d := range r.Documents {
		fmt.Fprintf(w, "  doc %-40s %-5s %8s  %d answers\n", d.Name, d.Type, formatBytes(int64(d.Bytes)), d.Answers)
	}
	if len(r.CPUs) > 0 {
		fmt.Fprintf(w, "pinned: baseline and workers on CPUs %s, the driver on the others\n", joinInts(r.CPUs))
	}
	if err := writeRunsTable(w, r.Runs, r.Repeat > 1); err != nil {
		return err
	}
	if len(r.Medians) > 0 {
		fmt.Fprintf(w, "median of %d rounds (jobs/s: median, lowest–highest; ratios: median of each round's):\n", r.Repeat)
		if err := writeRunsTable(w, r.Medians, false); err != nil {
			return err
		}
	}
	for _, run := range r.Runs {
		for _, e := range run.Errors {
			fmt.Fprintf(w, "%s: %s\n", runName(run, r.Repeat > 1), e)
		}
	}
	return nil
}

// writeRunsTable writes runs as an aligned table; with rounds, each name
// says which round it is from.
func writeRunsTable(w io.Writer, runs []Result, rounds bool) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "run\tjobs\tfailed\tjobs/s\tvs in-process\tCPU/job\tp50\tp95\tp99\tpeak RSS/worker\tredis cmds/job\tredis CPU/job\t")
	for _, run := range runs {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", runName(run, rounds), run.Jobs, run.Failed, formatRate(run),
			formatShare(run), formatCPUShare(run), formatDuration(run.Latency.P50), formatDuration(run.Latency.P95), formatDuration(run.Latency.P99),
			formatBytes(run.MaxPeakRSS()), formatPerJob(run.RedisCommandsPerJob), formatCPUMS(run.RedisCPUMSPerJob))
	}
	return tw.Flush()
}

func runName(run Result, rounds bool) string {
	if rounds && run.Round > 0 {
		return fmt.Sprintf("%s #%d", run.Name, run.Round)
	}
	return run.Name
}

// formatRate writes jobs/s, with the range of the rounds behind a median.
func formatRate(run Result) string {
	if len(run.JobsPerSecRange) == 2 {
		return fmt.Sprintf("%.1f (%.1f–%.1f)", run.JobsPerSec, run.JobsPerSecRange[0], run.JobsPerSecRange[1])
	}
	return fmt.Sprintf("%.1f", run.JobsPerSec)
}

// WriteMarkdown writes the runs as a Markdown table, for docs/SCALING.md.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| run | jobs | failed | jobs/s | vs in-process | CPU per job | p50 | p95 | p99 | peak RSS per worker | Redis commands per job | Redis CPU per job |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, run := range r.summary() {
		fmt.Fprintf(&b, "| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", run.Name, run.Jobs, run.Failed,
			formatRate(run), formatShare(run), formatCPUShare(run), formatDuration(run.Latency.P50), formatDuration(run.Latency.P95),
			formatDuration(run.Latency.P99), formatBytes(run.MaxPeakRSS()), formatPerJob(run.RedisCommandsPerJob),
			formatCPUMS(run.RedisCPUMSPerJob))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// formatDuration rounds to a precision a reader can compare at a glance.
func formatDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "-"
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", d.Microseconds())
	case d < 100*time.Millisecond:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	case d < 10*time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	default:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
}

func formatPerJob(v float64) string {
	if v <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", v)
}

// formatCPUMS shows milliseconds of CPU per job, "-" when not measured.
func formatCPUMS(ms float64) string {
	if ms <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f ms", ms)
}

func formatBytes(n int64) string {
	switch {
	case n <= 0:
		return "-"
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.0f KiB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
	}
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
