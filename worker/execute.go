package worker

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all" // every engine, for formats.Lookup
	"github.com/formfill/formfill/jobs"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"
)

// PanicError is a panic inside an engine, turned into an error so one bad
// document fails its job instead of the worker.
type PanicError struct {
	Value any
	Stack []byte
}

// Error implements error.
func (e *PanicError) Error() string { return fmt.Sprintf("internal error (panic): %v", e.Value) }

// Execute runs one payload in-process against doc: the work of a job without
// the queue around it. It returns the result and the output document, if the
// job produces one. Panics become *PanicError.
func Execute(ctx context.Context, p jobs.Payload, doc []byte) (res *jobs.Result, out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, out, err = nil, nil, &PanicError{Value: r, Stack: debug.Stack()}
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	e, err := formats.Lookup(jobs.FileTypeOf(&p))
	if err != nil {
		return nil, nil, err
	}
	// Bound to ctx, the engine stops part-way when the job times out or is
	// canceled, instead of holding a CPU until the document is done, and
	// reports its phases, which become spans under the caller's.
	ctx = formats.WithPhases(ctx, phaseSpan)
	return jobs.Execute(ctx, formats.WithContext(ctx, e), &p, doc)
}

// phaseSpan makes an engine's phase (formats.PhaseOpen …) a span, a child
// of the span on ctx (formfill.execute on a worker); without a
// TracerProvider it costs next to nothing.
func phaseSpan(ctx context.Context, phase string) (end func(error)) {
	_, span := jobs.Tracer().Start(ctx, "formfill."+phase, trace.WithAttributes(attribute.String("formfill.phase", phase)))
	return func(err error) { spanDone(span, err) }
}
