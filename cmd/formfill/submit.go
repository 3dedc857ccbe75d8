package main

import (
	"context"
	"errors"
	"fmt"
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

func runSubmit(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "submit", args: "KIND FILE",
		desc: `Uploads FILE and enqueues a job of KIND, then prints its job ID without
waiting. KIND is one of extract_compact, extract_raw, extract_text, validate,
write, verify, list_fields, fill (build_insertion takes no FILE: use
build-insertion). The same --key always yields the same job ID, so a
resubmission does not run the work twice. Needs --redis or FORMFILL_REDIS_URL.`,
		examples: []string{
			"formfill submit fill questionnaire.docx --answers answers.json --queue bulk --key q-42",
			"formfill submit extract_compact form.pdf",
		}})
	answersPath := fs.String("answers", "", "answers file (write, fill)")
	expPath := fs.String("expected", "", "expected answers file (verify)")
	locArg := fs.String("locations", "", "locations file or comma-separated IDs (validate)")
	queue := fs.String("queue", jobs.QueueInteractive, "queue: interactive or bulk")
	key := fs.String("key", "", "idempotency key: the same key gives the same job")
	typ := fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	timeout := fs.Duration("timeout", 0, "how long the job may run (default 2m)")
	notify := addNotifyFlag(fs.FlagSet, e)
	pos, err := parse(fs, args, 2, 2)
	if err != nil {
		return err
	}
	kind, err := jobs.ParseKind(pos[0])
	if err != nil {
		return &usageError{err}
	}
	if op := jobs.OperationOf(kind); !op.Document {
		return usagef("%s takes no document: use formfill %s", kind, op.Command)
	}
	if _, err := jobs.ParseQueue(*queue); err != nil {
		return &usageError{err}
	}
	p, err := payloadFor(kind, *answersPath, *expPath, *locArg)
	if err != nil {
		return err
	}
	b, err := openRemote(ctx, e, g)
	if err != nil {
		return err
	}
	defer b.Close()
	opts := []jobs.Option{jobs.Queue(*queue)}
	if *key != "" {
		opts = append(opts, jobs.IdempotencyKey(*key))
	}
	if *timeout > 0 {
		opts = append(opts, jobs.Timeout(*timeout))
	}
	if opts, err = notify.apply(ctx, opts); err != nil {
		return err
	}
	id, err := submitDoc(ctx, b.client, docJob{path: pos[1], typ: *typ, payload: p, opts: opts})
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, map[string]string{"job_id": id, "queue": *queue, "kind": string(kind)})
	}
	fmt.Fprintln(e.stdout, id)
	return nil
}

// payloadFor builds a payload of kind from the input files it needs.
func payloadFor(kind jobs.Kind, answersPath, expPath, locArg string) (jobs.Payload, error) {
	p := jobs.Payload{Kind: kind}
	var err error
	switch kind {
	case jobs.KindWrite, jobs.KindFill:
		if answersPath == "" {
			return p, usagef("%s needs --answers", kind)
		}
		p.Answers, err = loadAnswers(answersPath)
	case jobs.KindVerify:
		if expPath == "" {
			return p, usagef("verify needs --expected")
		}
		p.Verify = &jobs.VerifyArgs{}
		p.Verify.Expected, err = loadExpected(expPath)
	case jobs.KindValidate:
		if locArg == "" {
			return p, usagef("validate needs --locations")
		}
		p.Validate = &jobs.ValidateArgs{}
		p.Validate.Locations, err = loadLocations(locArg)
	}
	return p, err
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
