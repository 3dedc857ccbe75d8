package worker

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all" // every engine, for formats.Lookup
	"github.com/formfill/formfill/jobs"
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
	ft := p.FileType
	if ft == "" && p.Kind == jobs.KindBuildInsertion {
		ft = formats.Word
	}
	e, err := formats.Lookup(ft)
	if err != nil {
		return nil, nil, err
	}
	// Bound to ctx, the engine stops part-way when the job times out or is
	// canceled, instead of holding a CPU until the document is done.
	return run(formats.WithContext(ctx, e), p, doc)
}

func run(e formats.Engine, p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
	r := &jobs.Result{Kind: p.Kind}
	var err error
	var out []byte
	switch p.Kind {
	case jobs.KindExtractCompact:
		r.Compact, err = e.ExtractCompact(doc)
	case jobs.KindExtractRaw:
		r.Raw, err = e.ExtractRaw(doc)
	case jobs.KindExtractText:
		r.Text, err = e.ExtractText(doc)
	case jobs.KindValidate:
		if err = formats.CheckCount("locations", len(p.Locations)); err == nil {
			r.Validated, err = e.Validate(doc, p.Locations)
		}
	case jobs.KindBuildInsertion:
		if p.Insertion == nil {
			return nil, nil, formats.Errorf(formats.ErrInvalidArgument, "insertion", "build_insertion needs answer_text, target_context_xml and answer_type")
		}
		r.Insertion, err = e.BuildInsertion(*p.Insertion)
	case jobs.KindWrite:
		r.Write, err = e.Write(doc, p.Answers, formats.WriteOptions{DryRun: p.DryRun})
		if r.Write != nil {
			out = r.Write.Document
		}
	case jobs.KindVerify:
		if err = formats.CheckCount("expected", len(p.Expected)); err == nil {
			r.Report, err = e.Verify(doc, p.Expected)
		}
	case jobs.KindListFields:
		r.Fields, err = e.ListFields(doc)
	case jobs.KindFill:
		r.Write, r.Report, err = formats.Fill(e, doc, p.Answers, formats.WriteOptions{DryRun: p.DryRun})
		if r.Write != nil {
			out = r.Write.Document
		}
	default:
		return nil, nil, formats.Errorf(formats.ErrInvalidArgument, "kind", "unknown job kind %q", p.Kind)
	}
	if err != nil {
		return nil, nil, err
	}
	return r, out, nil
}
