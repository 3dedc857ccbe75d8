package worker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// handler is the asynq handler of op's tasks.
func (w *Worker) handler(op *jobs.Operation) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error { return w.handle(ctx, t, op.Kind) }
}

// handle runs one task. Input errors, panics and timeouts spent on the
// document are written into the job's result and end the job without
// retries (the document is the cause, not the moment: a second run would
// hold a worker as long again); everything else (Redis hiccups, a timeout
// spent fetching the document) returns an error so asynq retries with
// backoff.
func (w *Worker) handle(ctx context.Context, t *asynq.Task, kind jobs.Kind) error {
	id := t.ResultWriter().TaskID()
	ctx, span := jobs.Tracer().Start(jobs.TraceFrom(ctx, t), "formfill.job "+string(kind), trace.WithSpanKind(trace.SpanKindConsumer),
		trace.WithAttributes(attribute.String("formfill.job_id", id), attribute.String("formfill.kind", string(kind))))
	defer span.End()
	log := jobs.WithTraceID(ctx, w.log.With("job_id", id, "kind", string(kind)))
	start := time.Now()
	log.Info("job started", "payload_bytes", len(t.Payload()))
	if n, _ := asynq.GetRetryCount(ctx); n > 0 && w.client.IsCanceled(ctx, id) {
		// asynq puts a job interrupted by Cancel back for retry; end it
		// here. A first run cannot have been interrupted: no Redis trip.
		log.Info("job canceled before it ran")
		return fmt.Errorf("job %s canceled: %w", id, asynq.SkipRetry)
	}

	pctx, pspan := jobs.Tracer().Start(ctx, "formfill.execute")
	res, outs, err := w.process(jobs.ContextWithLogger(pctx, log), t, kind, log)
	spanDone(pspan, err)
	cause := err // what the job failed of, before it is stored
	outcome := "completed"
	switch {
	case err == nil:
		sctx, sspan := jobs.Tracer().Start(ctx, "formfill.store")
		err = w.storeResult(sctx, t, res, outs)
		spanDone(sspan, err)
	case w.client.IsCanceled(context.WithoutCancel(ctx), id):
		outcome = "canceled"
		err = fmt.Errorf("job %s canceled: %w", id, asynq.SkipRetry)
	case errors.As(err, new(*PanicError)):
		outcome = "panic"
		pe := err.(*PanicError)
		log.Error("job panicked", "panic", fmt.Sprint(pe.Value), "stack", string(pe.Stack))
		err = w.failWith(ctx, t, kind, &jobs.Error{Kind: jobs.ErrorInternal, Message: pe.Error()})
	case isPermanent(err):
		outcome = "failed"
		err = w.failWith(ctx, t, kind, jobs.ErrorOf(err))
	case errors.Is(err, errDocumentTimeout):
		outcome = "failed"
		err = w.failWith(ctx, t, kind, &jobs.Error{Kind: jobs.ErrorTimeout, Message: err.Error()})
	default:
		outcome = "retry"
	}
	if err != nil && outcome == "completed" {
		outcome = "retry"
	}
	if outcome == "retry" {
		w.recordIfLastAttempt(ctx, id, kind, err, log)
	}
	if finalOutcome(ctx, outcome) {
		if outcome != "completed" && outcome != "canceled" {
			w.keepFailure(ctx, t, id, kind, cmp.Or(cause, err), log)
		}
		w.notifyEnd(ctx, t, id, log)
	}
	w.metrics.observe(kind, outcome, time.Since(start))
	if cause == nil {
		cause = err // storing the result failed
	}
	span.SetAttributes(attribute.String("formfill.outcome", outcome))
	if outcome != "completed" {
		span.SetStatus(codes.Error, outcome)
	}
	log.Info("job finished", append([]any{"outcome", outcome, "duration_ms", time.Since(start).Milliseconds()}, w.errorAttrs(cause)...)...)
	return err
}

// errorAttrs are the log attributes of a job's error: its kind and the
// field or element it names, never its message, which may quote the
// document ("its text is: …") or an answer, unless the worker was told to
// log content (LogContent).
func (w *Worker) errorAttrs(err error) []any {
	if err == nil {
		return nil
	}
	je := jobs.ErrorOf(err)
	attrs := []any{"error_kind", string(je.Kind)}
	if je.Field != "" {
		attrs = append(attrs, "error_field", je.Field)
	}
	if w.logContent {
		attrs = append(attrs, "error", err.Error())
	}
	return attrs
}

// process runs the job and returns its result and output documents;
// storing them is the caller's.
func (w *Worker) process(ctx context.Context, t *asynq.Task, kind jobs.Kind, log *slog.Logger) (*jobs.Result, jobs.Outputs, error) {
	p, err := w.client.ResolvePayload(ctx, t.Payload())
	if err != nil {
		return nil, jobs.Outputs{}, err
	}
	p.Kind = kind
	id := t.ResultWriter().TaskID()
	if kind == jobs.KindFillGroup {
		if err := jobs.CheckGroup(p.Group); err != nil {
			return nil, jobs.Outputs{}, formats.Wrap(formats.ErrInvalidArgument, "group", err, "")
		}
		return w.runGroup(ctx, id, p.Group, log)
	}
	// Off the job's path: a one-document job's phase is a hint, and most
	// jobs end before a client would look.
	go w.reportPhase(ctx, id, jobs.Phase{Step: stepOf(kind)})
	res, out, err := w.runOne(ctx, p)
	return res, jobs.Outputs{Doc: out}, err
}

// runOne fetches the payload's documents, if it needs them, and runs it, both
// under a deadline a moment before asynq's own, so that the error recorded
// for a timed-out job says which timeout was exceeded: once its deadline
// has passed, asynq records its bare "context deadline exceeded" whatever
// the handler returns later, and on a loaded machine fetching a large
// document can take a short timeout's whole length.
func (w *Worker) runOne(ctx context.Context, p jobs.Payload) (*jobs.Result, []byte, error) {
	dl, ok := ctx.Deadline()
	if !ok {
		return w.fetchAndExecute(ctx, p)
	}
	total := time.Until(dl)
	margin := min(total/10, 500*time.Millisecond)
	inner, cancel := context.WithDeadline(ctx, dl.Add(-margin))
	defer cancel()
	res, out, err := w.fetchAndExecute(inner, p)
	// The early deadline passed (asynq's may have too, by now): it is the
	// timeout, whatever the step it cut says. A cancel, of the job or of a
	// draining worker, is not.
	if err != nil && !isPermanent(err) && errors.Is(inner.Err(), context.DeadlineExceeded) && !errors.Is(ctx.Err(), context.Canceled) {
		return nil, nil, fmt.Errorf("%s job stopped at its %s timeout (set a longer one or split the document): %w",
			p.Kind, total.Round(time.Second), err)
	}
	return res, out, err
}

// fetchNamed fetches the document a payload's argument field names
// (verify's source, carry_over's previous): one unknown or expired is the
// caller's mistake, not a failure to retry.
func (w *Worker) fetchNamed(ctx context.Context, field, what, id string) ([]byte, error) {
	data, err := w.client.GetBlob(ctx, id)
	if errors.Is(err, jobs.ErrBlobNotFound) {
		return nil, formats.Wrap(formats.ErrInvalidArgument, field, err, "the %s document %s is unknown or expired; send it again", what, id)
	}
	return data, err
}

// fetchAndExecute fetches the payload's documents, if it needs them, and
// runs it within ctx.
func (w *Worker) fetchAndExecute(ctx context.Context, p jobs.Payload) (*jobs.Result, []byte, error) {
	var doc []byte
	if p.Kind.NeedsDocument() {
		var err error
		if doc, err = w.client.GetBlob(ctx, p.DocID); err != nil {
			return nil, nil, err
		}
	}
	// The argument structs are copied before the fetched documents go in:
	// p shares them with the payload it was copied from.
	if v := p.Verify; v != nil && v.SourceDocID != "" {
		a := *v
		var err error
		if a.Source, err = w.fetchNamed(ctx, "source_doc_id", "source", a.SourceDocID); err != nil {
			return nil, nil, err
		}
		p.Verify = &a
	}
	if c := p.CarryOver; c != nil && c.PreviousDocID != "" {
		a := *c
		var err error
		if a.Previous, err = w.fetchNamed(ctx, "previous_doc_id", "previous", a.PreviousDocID); err != nil {
			return nil, nil, err
		}
		p.CarryOver = &a
	}
	ctx = formats.WithArchiveLimits(ctx, formats.JobArchiveLimits(w.inflateBudget, w.concurrency))
	res, out, err := executeWithin(ctx, w.execute, p, doc, &w.abandoned)
	if err != nil && !isPermanent(err) && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// The deadline passed while the engine worked on the document.
		err = fmt.Errorf("%w: %w", errDocumentTimeout, err)
	}
	return res, out, err
}

// errDocumentTimeout marks a job whose time ran out while an engine worked
// on its document (not while its document was fetched): the job fails with
// ErrorTimeout and is not retried.
var errDocumentTimeout = errors.New("the document took the job's whole time")

// executeWithin runs Execute but returns as soon as ctx ends (the job's
// timeout or a cancel). The engine, bound to ctx, stops at its next check:
// every phase checks within a few milliseconds of CPU (inflating and
// parsing parts, excelize's and pdfcpu's reads, serialising and deflating;
// see the formats packages' TestStoppedCallsStopUsingTheCPU). The longest
// stretch between checks is excelize reading a written sheet into its
// model (tens of milliseconds on a 150,000-row sheet); the Excel writer
// itself patches the sheet's XML and checks as it goes. abandoned counts calls still running
// after their job gave up on them, for /metrics and /healthz.
func executeWithin(ctx context.Context, execute executeFunc, p jobs.Payload, doc []byte, abandoned *atomic.Int64) (*jobs.Result, []byte, error) {
	type outcome struct {
		res *jobs.Result
		out []byte
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		defer func() {
			// A panic on this goroutine would kill the process: contain it.
			if r := recover(); r != nil {
				done <- outcome{err: &PanicError{Value: r, Stack: debug.Stack()}}
			}
		}()
		res, out, err := execute(ctx, p, doc)
		done <- outcome{res, out, err}
	}()
	select {
	case o := <-done:
		return o.res, o.out, o.err
	case <-ctx.Done():
		abandoned.Add(1)
		go func() {
			<-done
			abandoned.Add(-1)
		}()
		return nil, nil, fmt.Errorf("job stopped: %w", ctx.Err())
	}
}

// isPermanent tells failures that will repeat on every run: the input's
// fault, not the machine's, or a stored document or record that failed its
// integrity check (a second read returns the same bytes).
func isPermanent(err error) bool {
	k := jobs.ErrorOf(err).Kind
	return k.CallersFault() || k == jobs.ErrorTampered
}

// failWith stores the failure as the job's result and ends the job without
// retries.
func (w *Worker) failWith(ctx context.Context, t *asynq.Task, kind jobs.Kind, je *jobs.Error) error {
	if err := w.storeResult(ctx, t, &jobs.Result{Kind: kind, Error: je}, jobs.Outputs{}); err != nil {
		return err
	}
	if w.keys != nil {
		// asynq keeps the returned error's text in clear: the message,
		// which may quote the document, stays in the sealed result.
		return fmt.Errorf("%s (the message is in the job's sealed result): %w", je.Kind, asynq.SkipRetry)
	}
	return fmt.Errorf("%s: %w", je.Message, asynq.SkipRetry)
}

// recordIfLastAttempt keeps the failure of a job whose last retry has just
// failed: asynq archives it with its error, but its archive forgets old
// failures, and the job's result must not vanish before its retention.
func (w *Worker) recordIfLastAttempt(ctx context.Context, id string, kind jobs.Kind, err error, log *slog.Logger) {
	n, _ := asynq.GetRetryCount(ctx)
	if maxRetry, ok := asynq.GetMaxRetry(ctx); !ok || n < maxRetry {
		return
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return // a draining worker hands the job back: it runs again
	}
	// The job's own context may be what ended it.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	je := &jobs.Error{Kind: jobs.ErrorFailed, Message: err.Error()}
	if errors.Is(err, context.DeadlineExceeded) {
		// The job's time ran out before an engine had its document (a
		// large fetch on a loaded machine): retried while it could be, it
		// is still a timeout, and says so.
		je.Kind = jobs.ErrorTimeout
	}
	res := &jobs.Result{Kind: kind, Error: je}
	if rerr := w.client.RecordFailure(rctx, id, res); rerr != nil {
		log.Warn("could not record the job's failure", "error", rerr)
	}
}

// storeResult writes the result and output documents in one round trip. A
// job past its deadline or canceled stores nothing, as asynq's own
// ResultWriter would refuse.
func (w *Worker) storeResult(ctx context.Context, t *asynq.Task, res *jobs.Result, outs jobs.Outputs) error {
	id := t.ResultWriter().TaskID()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("job %s: store result: %w", id, err)
	}
	queue, ok := asynq.GetQueueName(ctx)
	if !ok {
		return fmt.Errorf("job %s: store result: no queue name in the task's context", id)
	}
	return w.client.StoreResult(ctx, queue, id, res, outs)
}

// slogAdapter lets asynq log through slog.
type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...)) }
func (a slogAdapter) Info(args ...any)  { a.l.Info(fmt.Sprint(args...)) }
func (a slogAdapter) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...)) }
func (a slogAdapter) Error(args ...any) { a.l.Error(fmt.Sprint(args...)) }
func (a slogAdapter) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...)); panic(fmt.Sprint(args...)) }

// spanDone records err's kind on span and ends it: never its message,
// which may quote the document (see errorAttrs), as traces leave for a
// collector.
func spanDone(span trace.Span, err error) {
	if err != nil {
		span.SetStatus(codes.Error, string(jobs.ErrorOf(err).Kind))
	}
	span.End()
}
