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
	Poll        string    `json:"poll_interval"`
	Redis       string    `json:"redis"`          // redacted URL, or "embedded"
	CPUs        []int     `json:"cpus,omitempty"` // the work's CPUs when pinned (--cpus)
	Runs        []Result  `json:"runs"`
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
	Name       string        `json:"name"`    // "in-process", "1 worker", …
	Workers    int           `json:"workers"` // worker processes; 0 for the in-process baseline
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
	CPUMSPerJob float64  `json:"cpu_ms_per_job,omitempty"`
	Errors      []string `json:"errors,omitempty"` // a sample of failures
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
	for _, d := range r.Documents {
		fmt.Fprintf(w, "  doc %-40s %-5s %8s  %d answers\n", d.Name, d.Type, formatBytes(int64(d.Bytes)), d.Answers)
	}
	if len(r.CPUs) > 0 {
		fmt.Fprintf(w, "pinned: baseline and workers on CPUs %s, the driver on the others\n", joinInts(r.CPUs))
	}
	base := r.baseline()
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "run\tjobs\tfailed\tjobs/s\tvs in-process\tCPU/job\tp50\tp95\tp99\tpeak RSS/worker\tredis cmds/job\tredis CPU/job\t")
	for _, run := range r.Runs {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", run.Name, run.Jobs, run.Failed, run.JobsPerSec,
			formatShare(run, base), formatCPUShare(run, base), formatDuration(run.Latency.P50), formatDuration(run.Latency.P95), formatDuration(run.Latency.P99),
			formatBytes(run.MaxPeakRSS()), formatPerJob(run.RedisCommandsPerJob), formatCPUMS(run.RedisCPUMSPerJob))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, run := range r.Runs {
		for _, e := range run.Errors {
			fmt.Fprintf(w, "%s: %s\n", run.Name, e)
		}
	}
	return nil
}

// WriteMarkdown writes the runs as a Markdown table, for docs/SCALING.md.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	base := r.baseline()
	b.WriteString("| run | jobs | failed | jobs/s | vs in-process | CPU per job | p50 | p95 | p99 | peak RSS per worker | Redis commands per job | Redis CPU per job |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, run := range r.Runs {
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f | %s | %s | %s | %s | %s | %s | %s | %s |\n", run.Name, run.Jobs, run.Failed,
			run.JobsPerSec, formatShare(run, base), formatCPUShare(run, base), formatDuration(run.Latency.P50), formatDuration(run.Latency.P95),
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

// baseline returns the in-process run, or nil.
func (r *Report) baseline() *Result {
	for i := range r.Runs {
		if r.Runs[i].Workers == 0 {
			return &r.Runs[i]
		}
	}
	return nil
}

// formatShare writes a queued run's throughput against the baseline's:
// "-12.3%" means the queue cost 12.3% of the in-process throughput.
func formatShare(run Result, base *Result) string {
	if base == nil || run.Workers == 0 || base.JobsPerSec <= 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f%%", (run.JobsPerSec/base.JobsPerSec-1)*100)
}

// formatCPUShare writes a run's CPU per job and, for a queued run, its
// excess over the baseline's: "4.10 ms (+17%)".
func formatCPUShare(run Result, base *Result) string {
	s := formatCPUMS(run.CPUMSPerJob)
	if base == nil || run.Workers == 0 || base.CPUMSPerJob <= 0 || run.CPUMSPerJob <= 0 {
		return s
	}
	return fmt.Sprintf("%s (%+.0f%%)", s, (run.CPUMSPerJob/base.CPUMSPerJob-1)*100)
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
