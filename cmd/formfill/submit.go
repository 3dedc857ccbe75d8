package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/formfill/formfill/jobs"
)

// openRemote connects to the configured Redis: job commands never use the
// embedded default, whose jobs die with the process.
func openRemote(ctx context.Context, e *env, g *globals) (*backend, error) {
	return openBackend(ctx, e, g, backendOptions{})
}

// openJob parses the arguments of a command on one job (JOB_ID) and
// connects to its Redis: the job's ID and the connection to close.
func openJob(ctx context.Context, e *env, fs *flagSet, g *globals, args []string) (string, *backend, error) {
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return "", nil, err
	}
	b, err := openRemote(ctx, e, g)
	return pos[0], b, err
}

// submitFlags are formfill submit's own flags, beside those of its kind's
// command.
type submitFlags struct {
	queue, key *string
	timeout    *time.Duration
	notify     notifyFlag
}

// register adds submit's own flags to fs.
func (sf *submitFlags) register(fs *flag.FlagSet, e *env) {
	sf.queue = fs.String("queue", jobs.QueueInteractive, "queue: interactive or bulk")
	sf.key = fs.String("key", "", "idempotency key: the same key gives the same job")
	sf.timeout = fs.Duration("timeout", 0, "how long the job may run (default 2m)")
	sf.notify = addNotifyFlag(fs, e)
}

// options are the job options the flags ask for.
func (sf *submitFlags) options(ctx context.Context) ([]jobs.Option, error) {
	opts := []jobs.Option{jobs.Queue(*sf.queue)}
	if *sf.key != "" {
		opts = append(opts, jobs.IdempotencyKey(*sf.key))
	}
	if *sf.timeout > 0 {
		opts = append(opts, jobs.Timeout(*sf.timeout))
	}
	return sf.notify.apply(ctx, opts)
}

// runSubmit enqueues a job of any kind a user submits (jobs.Kinds) and
// prints its ID without waiting. KIND comes first; the rest of the command
// line is that of KIND's command (submitLine), so the payload is the one
// the command would run.
func runSubmit(ctx context.Context, e *env, args []string) error {
	i := kindIndex(args)
	if i < 0 {
		return submitWithoutKind(e, args)
	}
	op := jobs.OperationOf(jobs.Kind(args[i]))
	rest := append(slices.Clone(args[:i]), args[i+1:]...)
	var sf submitFlags
	r, g, err := submitLine(e, op, rest, &sf)
	if err != nil {
		return err
	}
	b, err := openRemote(ctx, e, g)
	if err != nil {
		return err
	}
	defer b.Close()
	c := submitEntry(op)
	if err := r.upload(ctx, b, c); err != nil {
		return err
	}
	if r.checksLate(c) {
		if err := r.check(); err != nil {
			return err
		}
	}
	if r.job.opts, err = sf.options(ctx); err != nil {
		return err
	}
	id, err := submitDoc(ctx, b.client, r.job)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, map[string]string{"job_id": id, "queue": *sf.queue, "kind": string(op.Kind)})
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

// submitLine parses the command line of a job of op's kind as its command
// does (parseRun), with submit's own flags: the job ready for a backend.
func submitLine(e *env, op *jobs.Operation, args []string, sf *submitFlags) (*opRun, *globals, error) {
	c := submitEntry(op)
	c.check = func(*opRun) error {
		if _, err := jobs.ParseQueue(*sf.queue); err != nil {
			return &usageError{err}
		}
		return nil
	}
	ops := []*jobs.Operation{op}
	s := submitSpec()
	s.args = strings.TrimSpace("KIND " + commandSpec(ops, cliCommands[op.Command]).args)
	if op.Command != "" {
		s.desc += "\n\n" + string(op.Kind) + " takes the arguments and flags of formfill " + op.Command + commandMode(op) + ", but -o."
	}
	return parseRun(e, ops, c, s, args, func(fs *flag.FlagSet) { sf.register(fs, e) })
}

// submitEntry is the entry of op's command as submit uses it: its flags
// and arguments, without what belongs to running the job where the command
// waits for it — -o, the command's own flags, checks across flags, hooks
// and printing.
func submitEntry(op *jobs.Operation) cliCommand {
	c := cliCommands[op.Command]
	flags := maps.Clone(c.flags)
	if flags == nil {
		flags = map[string]cliFlag{}
	}
	out := flags["output_file_path"]
	out.skip = true
	flags["output_file_path"] = out
	return cliCommand{flags: flags, docLast: c.docLast, typeUsage: c.typeUsage}
}

// kindIndex is the index in args of the job kind, the first argument
// naming one (flags may come first); -1 when none does.
func kindIndex(args []string) int {
	for i, a := range args {
		if slices.Contains(jobs.Kinds, jobs.Kind(a)) {
			return i
		}
	}
	return -1
}

// submitWithoutKind answers a command line naming no job kind: help, an
// unknown kind naming the valid ones, or a missing argument.
func submitWithoutKind(e *env, args []string) error {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		_, err := jobs.ParseKind(args[0])
		return &usageError{err}
	}
	fs, _ := newFlags(e, submitSpec())
	var sf submitFlags
	sf.register(fs.FlagSet, e)
	pos, err := parse(fs, args, 2, -1)
	if err != nil {
		return err
	}
	_, err = jobs.ParseKind(pos[0])
	return &usageError{err}
}

// submitSpec is submit's help, its list of kinds made from the table.
func submitSpec() spec {
	var b strings.Builder
	b.WriteString(`Uploads FILE and enqueues a job of KIND, then prints its job ID without
waiting. The same --key always yields the same job ID, so a resubmission
does not run the work twice. Needs --redis or FORMFILL_REDIS_URL.
KIND's arguments and flags are those of its command, but -o
(formfill submit KIND -h lists them):`)
	for _, k := range jobs.Kinds {
		if op := jobs.OperationOf(k); op.Command != "" {
			fmt.Fprintf(&b, "\n  %-16s formfill %s%s", k, op.Command, commandMode(op))
		}
	}
	return spec{name: "submit", args: "KIND FILE", desc: b.String(),
		examples: []string{
			"formfill submit fill questionnaire.docx --answers answers.json --queue bulk --key q-42",
			"formfill submit extract_compact form.pdf",
			"formfill submit search agreement.docx \"Effective Date\"",
			"formfill submit carry_over 2025.filled.docx 2026.xlsx --queue bulk",
		}}
}

// commandMode is " --mode M" for an operation its command selects by
// --mode, else "".
func commandMode(op *jobs.Operation) string {
	if op.Mode == "" {
		return ""
	}
	return " --mode " + op.Mode
}

func runStatus(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "status", args: "JOB_ID",
		desc:     "Shows a job's state: pending, active, retry, completed, failed or canceled.",
		examples: []string{"formfill status b-3f2a9c…", "formfill status i-1c0e… --json"}})
	id, b, err := openJob(ctx, e, fs, g, args)
	if err != nil {
		return err
	}
	defer b.Close()
	st, err := b.client.Status(ctx, id)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, st)
	}
	printStatus(e.stdout, st)
	return nil
}

func runWait(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "wait", args: "JOB_ID",
		desc: `Waits until the job has finished, then prints its status and result.
Exits 1 when the job failed or was canceled, or when --timeout passes first.`,
		examples: []string{"formfill wait b-3f2a9c… --timeout 5m", "formfill wait i-1c0e… --json"}})
	timeout := fs.Duration("timeout", 0, "give up after this long (default: wait forever)")
	id, b, err := openJob(ctx, e, fs, g, args)
	if err != nil {
		return err
	}
	defer b.Close()
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	st, err := b.client.Await(ctx, id, jobs.PollEvery(100*time.Millisecond))
	if st != nil && st.State.Final() {
		err = nil // a failed job's status is the answer, not an error
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("%w (after --timeout %s)", err, *timeout)
		}
		return err
	}
	if g.json {
		if err := printJSON(e.stdout, st); err != nil {
			return err
		}
	} else {
		printStatus(e.stdout, st)
		if st.Result != nil && st.State == jobs.StateCompleted {
			printResult(e.stdout, st.Result)
		}
	}
	if st.Err() != nil {
		return &silentError{exitFailure}
	}
	return nil
}

func runResult(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "result", args: "JOB_ID",
		desc: `Prints a finished job's result; with -o, saves the document the job
produced (write, fill). Exits 1 when the job has not finished or failed.`,
		examples: []string{"formfill result b-3f2a9c… -o filled.docx", "formfill result i-1c0e… --json"}})
	out := fs.String("o", "", "save the job's output document here")
	id, b, err := openJob(ctx, e, fs, g, args)
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := b.client.Result(ctx, id)
	if err != nil {
		return err
	}
	if res.Error != nil {
		return &jobs.FailedError{JobID: id, State: jobs.StateFailed, Err: res.Error}
	}
	if *out != "" {
		if err := saveOutput(ctx, b.client, res, *out); err != nil {
			return err
		}
	}
	if g.json {
		return printJSON(e.stdout, res)
	}
	printResult(e.stdout, res)
	if *out != "" {
		fmt.Fprintf(e.stdout, "saved %s\n", *out)
	}
	return nil
}

func runCancel(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "cancel", args: "JOB_ID",
		desc:     "Cancels a pending job (removed from its queue) or a running one (interrupted).",
		examples: []string{"formfill cancel b-3f2a9c…"}})
	id, b, err := openJob(ctx, e, fs, g, args)
	if err != nil {
		return err
	}
	defer b.Close()
	if err := b.client.Cancel(ctx, id); err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, map[string]string{"job_id": id, "status": string(jobs.StateCanceled)})
	}
	fmt.Fprintf(e.stdout, "job %s canceled\n", id)
	return nil
}

func runQueues(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "queues",
		desc: `Shows each queue's depth (pending, active, retry), what is retained
(completed, failed), today's throughput and the age of its oldest pending job.`,
		examples: []string{"formfill queues", "formfill queues --json --redis redis://redis:6379/0"}})
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	b, err := openRemote(ctx, e, g)
	if err != nil {
		return err
	}
	defer b.Close()
	qs, err := b.client.Queues(ctx)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, map[string]any{"redis": b.display, "queues": qs})
	}
	fmt.Fprintf(e.stdout, "%-12s %8s %7s %6s %10s %7s %16s %13s %10s\n", "QUEUE", "PENDING", "ACTIVE", "RETRY", "COMPLETED", "FAILED", "PROCESSED TODAY", "FAILED TODAY", "LATENCY")
	for _, q := range qs {
		fmt.Fprintf(e.stdout, "%-12s %8d %7d %6d %10d %7d %16d %13d %10s\n", q.Queue, q.Pending, q.Active, q.Retry,
			q.Completed, q.Failed, q.ProcessedToday, q.FailedToday, time.Duration(q.LatencyMS)*time.Millisecond)
	}
	return nil
}
