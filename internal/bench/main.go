package bench

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/formfill/formfill/internal/safefile"
	"github.com/formfill/formfill/jobs"
)

const usage = `Usage: formfill bench [flags]

Drives a mix of jobs on generated documents through the queue and reports
throughput (jobs/s), latency from submit to completed (p50/p95/p99) and peak
RSS per worker, for each worker-process count in --workers, after an
in-process baseline that runs the engines without Redis.

Workers are spawned as '<worker-bin> worker --concurrency N' processes. Without
--redis (or FORMFILL_REDIS_URL) the bench starts an embedded Redis on a local
port for them.

An engine's own figures on your documents (extract time against inflating
the XML, a fill's peak heap against the XML it touches): see
'formfill bench engine --help'.

Example:
  formfill bench --jobs 300 --workers 1,2,4 --mix fill=70,extract_compact=20,verify=10 \
      --redis redis://127.0.0.1:6379/15 --svg docs/scaling.svg

The queue's cost to the workers, with the work on CPU 0 and the driver and a
local Redis on the others:
  taskset -pc 1 $(pidof redis-server)
  formfill bench --cpus 0 --workers 1 --concurrency 2 --inflight 32 --mix fill=100 \
      --poll 50ms --repeat 3 --redis redis://127.0.0.1:6379/15

Flags:
`

// Main runs `formfill bench` with args (without the subcommand name), or
// `formfill bench engine` when args start with "engine" (engineMain), and
// returns the exit status: 0 when every job completed, 1 when the bench
// could not run or a job failed, 2 on a usage error.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "engine" {
		return engineMain(args[1:], stdout, stderr)
	}
	cfg, opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "formfill bench:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, err := Run(ctx, cfg)
	if rep != nil {
		if werr := opts.write(rep, stdout); werr != nil {
			fmt.Fprintln(stderr, "formfill bench:", werr)
			return 1
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "formfill bench:", err)
		return 1
	}
	for _, r := range rep.Runs {
		if r.Failed > 0 {
			fmt.Fprintf(stderr, "formfill bench: %d of %d jobs failed in run %q\n", r.Failed, r.Jobs, r.Name)
			return 1
		}
	}
	return 0
}

// outputOptions says where the report goes.
type outputOptions struct {
	json     bool
	svg      string
	markdown string
}

func (o outputOptions) write(rep *Report, stdout io.Writer) error {
	var err error
	if o.json {
		err = rep.WriteJSON(stdout)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		return err
	}
	if o.svg != "" {
		if err := writeFile(o.svg, rep.WriteSVG); err != nil {
			return err
		}
	}
	if o.markdown != "" {
		return writeFile(o.markdown, rep.WriteMarkdown)
	}
	return nil
}

// writeFile writes a report file as the CLI writes every output: whole or
// not at all, replacing a link at path rather than writing through it.
func writeFile(path string, write func(io.Writer) error) error {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return safefile.Write(path, b.Bytes())
}

func parseFlags(args []string, stderr io.Writer) (Config, outputOptions, error) {
	var (
		cfg                 Config
		out                 outputOptions
		mix, docs, workers  string
		cpus                string
		noBaseline, verbose bool
	)
	fs := flag.NewFlagSet("formfill bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	fs.IntVar(&cfg.Jobs, "jobs", 200, "jobs per run")
	fs.StringVar(&mix, "mix", DefaultMix, "job kinds and weights, kind=weight,… (kinds: "+strings.Join(benchKinds, ", ")+")")
	fs.StringVar(&docs, "docs", strings.Join(DefaultDocs, ","), "documents to use, comma-separated: files of yours, or the built-in ones named in the default")
	fs.StringVar(&workers, "workers", "1,2,4", "worker-process counts, one run each; empty for the baseline only")
	fs.IntVar(&cfg.Concurrency, "concurrency", 2, "jobs at once per worker process (and in the baseline)")
	fs.IntVar(&cfg.InFlight, "inflight", 0, "tasks outstanding at once; 0 means 2 × workers × concurrency")
	fs.IntVar(&cfg.Group, "group", 1, fmt.Sprintf("fill jobs per task in the queued runs, 1 to %d: over 1, consecutive fills go as one fill_group task,\nas formfill batch --group sends them", jobs.MaxGroup))
	fs.DurationVar(&cfg.Poll, "poll", 5*time.Millisecond, "first status poll interval where a job's end is not announced (Redis without pub/sub); announced ends are seen at once")
	fs.DurationVar(&cfg.JobTimeout, "job-timeout", 2*time.Minute, "longest one job may take, submit to completed")
	fs.StringVar(&cfg.Queue, "queue", "bulk", "queue to submit to (interactive or bulk)")
	fs.StringVar(&cfg.RedisURL, "redis", os.Getenv("FORMFILL_REDIS_URL"), "Redis URL (default $FORMFILL_REDIS_URL; empty: embedded)")
	fs.StringVar(&cfg.WorkerBin, "worker-bin", "", "formfill binary to run as workers (default: this executable)")
	fs.BoolVar(&cfg.InProcessWorker, "in-process-worker", false, "run the queued runs' worker in this process instead of spawning processes")
	fs.BoolVar(&noBaseline, "no-baseline", false, "skip the in-process baseline")
	fs.IntVar(&cfg.Repeat, "repeat", 1, "measure the baseline and every worker count this many times, in alternation, and report medians")
	fs.StringVar(&cpus, "cpus", "", "pin the baseline and the worker processes to these CPUs (e.g. 0) and the driver to the others,\nso the gap to the baseline is the queue's cost to the workers alone (Linux; pin a local Redis with taskset -pc)")
	fs.BoolVar(&out.json, "json", false, "print the report as JSON")
	fs.StringVar(&out.svg, "svg", "", "also write a chart of the runs to this SVG file")
	fs.StringVar(&out.markdown, "markdown", "", "also write the runs as a Markdown table to this file")
	fs.BoolVar(&verbose, "v", false, "log progress to stderr")
	if err := fs.Parse(args); err != nil {
		return cfg, out, err
	}
	if fs.NArg() > 0 {
		return cfg, out, fmt.Errorf("unexpected argument %q (see --help)", fs.Arg(0))
	}
	var err error
	if cfg.Mix, err = ParseMix(mix); err != nil {
		return cfg, out, err
	}
	if cfg.Workers, err = parseWorkers(workers); err != nil {
		return cfg, out, err
	}
	if cfg.CPUs, err = parseCPUs(cpus); err != nil {
		return cfg, out, err
	}
	if cfg.Group < 1 || cfg.Group > jobs.MaxGroup {
		return cfg, out, fmt.Errorf("--group %d: expected 1 to %d", cfg.Group, jobs.MaxGroup)
	}
	if cfg.Jobs <= 0 || cfg.Concurrency <= 0 || cfg.InFlight < 0 || cfg.Repeat <= 0 {
		return cfg, out, fmt.Errorf("--jobs, --concurrency and --repeat must be positive, --inflight not negative")
	}
	cfg.Docs = splitList(docs)
	cfg.Baseline = !noBaseline
	if cfg.WorkerBin == "" && !cfg.InProcessWorker && len(cfg.Workers) > 0 {
		if cfg.WorkerBin, err = os.Executable(); err != nil {
			return cfg, out, fmt.Errorf("find this executable for --worker-bin: %w", err)
		}
	}
	if verbose {
		cfg.Logger = slog.New(slog.NewTextHandler(stderr, nil))
	}
	return cfg, out, nil
}

// parseWorkers reads "1,2,4": positive, distinct process counts.
func parseWorkers(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 || n > 64 {
			return nil, fmt.Errorf("--workers: %q is not a process count between 1 and 64", f)
		}
		if seen[n] {
			return nil, fmt.Errorf("--workers: %d given twice", n)
		}
		seen[n] = true
		out = append(out, n)
	}
	return out, nil
}

// parseCPUs reads "0,1": distinct CPU numbers.
func parseCPUs(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n >= 1024 {
			return nil, fmt.Errorf("--cpus: %q is not a CPU number (0, 1, …; see nproc)", f)
		}
		if slices.Contains(out, n) {
			return nil, fmt.Errorf("--cpus: CPU %d given twice", n)
		}
		out = append(out, n)
	}
	return out, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
