// Command formfill is the one formfill binary: document commands (extract,
// validate, write, verify, fill, build-insertion, search, read, harvest,
// carry-over; one per command of jobs.Operations), job commands (submit,
// status, wait, result, cancel, queues, failures), bulk runs (batch), the
// servers (worker, serve, mcp) and a load driver (bench).
//
// Document commands run through the job path: with --redis or
// FORMFILL_REDIS_URL they use that Redis and its workers; without, they
// start an embedded Redis and an in-process worker for the one command.
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/formfill/formfill/jobs"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1 // the work failed: a bad document, a mismatch, Redis down
	exitUsage   = 2 // the command line was wrong
)

func main() {
	jobs.RouteRedisLogs(nil) // go-redis's dial failures to slog at debug, not stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal asks the command to stop cleanly (a worker drains, a
	// batch records its progress); a second one kills the process at once.
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(ctx, os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv})
	stop()
	os.Exit(code)
}

// env is what a command sees of the process, so tests can run commands
// in-process when they need to.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
}

// run dispatches args to a command and turns its error into an exit status.
func run(ctx context.Context, args []string, e *env) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			return run(ctx, []string{args[1], "--help"}, e)
		}
		printOverview(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	cmd, ok := commands()[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "formfill: unknown command %q\n\n", args[0])
		printOverview(e.stderr)
		return exitUsage
	}
	stop, err := startTracing(ctx, e)
	if err != nil {
		return exitCode(e, cmd.name, err)
	}
	defer stop()
	err = cmd.run(ctx, e, args[1:])
	return exitCode(e, cmd.name, err)
}

func exitCode(e *env, name string, err error) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errHelp) {
		return exitOK
	}
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.stderr, "formfill %s: %v\nRun 'formfill %s --help' for usage.\n", name, ue.err, name)
		return exitUsage
	}
	var se *silentError
	if errors.As(err, &se) {
		return se.code
	}
	fmt.Fprintf(e.stderr, "formfill %s: %v\n", name, err)
	return exitFailure
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// commandList is the operations' commands (see operationCommands) and the
// commands that run jobs, workers and servers.
var commandList = append(operationCommands(), []command{
	{"batch", "fill hundreds or thousands of documents from a manifest, resumably", runBatch},
	{"submit", "enqueue a job and print its ID", runSubmit},
	{"status", "show a job's state", runStatus},
	{"wait", "wait for a job to finish and show its result", runWait},
	{"result", "show a finished job's result and save its output document", runResult},
	{"cancel", "cancel a pending or running job", runCancel},
	{"queues", "show depth and throughput of each queue", runQueues},
	{"failures", "list the jobs that failed, kept past asynq's archive (--keep-failures)", runFailures},
	{"worker", "run a worker serving jobs from Redis", runWorker},
	{"serve", "run an embedded Redis and a worker on a local port", runServe},
	{"mcp", "run the MCP server (stdio, or streamable HTTP with --http)", runMCP},
	{"bench", "drive load through the queue and report throughput and latency; bench engine: time the engines on your documents", runBench},
}...)

func commands() map[string]command {
	m := make(map[string]command, len(commandList))
	for _, c := range commandList {
		m[c.name] = c
	}
	return m
}

func printOverview(w io.Writer) {
	fmt.Fprint(w, `formfill fills Word, Excel and PDF forms through a job queue.

Usage: formfill COMMAND [ARGS] [FLAGS]

Commands:
`)
	width := 0
	for _, c := range commandList {
		width = max(width, len(c.name))
	}
	for _, c := range commandList {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprint(w, `
Configuration:
  --redis URL / FORMFILL_REDIS_URL   redis://[user:pass@]host:port[/db], rediss:// for TLS;
                                     redis-sentinel://…/MASTER[/db], redis-cluster://… (SCALING.md).
                                     Without it, document commands start an embedded Redis
                                     and an in-process worker for the one command.
  --blob-store s3://BUCKET/PREFIX / FORMFILL_BLOB_STORE
                                     keep documents in S3-compatible storage, not Redis; endpoint,
                                     region, keys from the AWS_* variables (SCALING.md).
  FORMFILL_NOTIFY_ALLOW              where --notify / notify_url webhooks may go (default: public
                                     addresses only; WEBHOOKS.md); worker, serve, mcp: --notify-allow.

Example:
  formfill fill form.docx --answers answers.json -o filled.docx

Run 'formfill COMMAND --help' for a command's flags and examples.
`)
}
