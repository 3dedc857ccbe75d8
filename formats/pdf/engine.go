package pdf

import (
	"context"
	"errors"
	"log/slog"

	"github.com/formfill/formfill/formats"
)

func init() { formats.Register(New()) }

// Engine fills AcroForm PDFs. It keeps no state: every call parses the
// document bytes again and re-derives the field IDs.
type Engine struct {
	ctx   context.Context // set by WithContext: calls stop once it ends
	fonts FontSource      // set by WithFonts; nil: the default source
	log   *slog.Logger    // set by WithLogger; nil: slog.Default()
}

// WithContext returns the engine bound to ctx: its calls stop with an error
// wrapping formats.ErrStopped once ctx ends, checking it at every read
// pdfcpu's parser makes of the document, every few hundred fields or
// objects walked, before each answer, each field's appearance and each
// page's text, and every 64 KB of a rewritten file.
func (e *Engine) WithContext(ctx context.Context) formats.Engine {
	return &Engine{ctx: ctx, fonts: e.fonts, log: e.log}
}

// WithLogger returns the engine logging to log: the panics it recovers
// from pdfcpu (Warn), and the content streams it skips and the full
// rewrites it falls back to (Debug).
func (e *Engine) WithLogger(log *slog.Logger) formats.Engine {
	c := *e
	c.log = log
	return &c
}

// logger is the engine's logger for what it logs before a call's Stopper
// exists (a recovered panic).
func (e *Engine) logger() *slog.Logger { return orDefault(e.log) }

// orDefault is log, or for nil the logger a call without one writes to.
// formats.Stopper.Logger holds that rule; this asks it rather than
// writing it again, so the engine, the text layer and the call's Stopper
// cannot disagree.
func orDefault(log *slog.Logger) *slog.Logger {
	return formats.NewStopper(nil, 0).Logged(log).Logger()
}

// stepsPerCheck is how many fields or objects are walked between looks at
// the context: well under a millisecond of work.
const stepsPerCheck = 256

// stopper returns a Stopper for one call; nil when the engine is unbound.
func (e *Engine) stopper() *formats.Stopper {
	return formats.NewStopper(e.ctx, stepsPerCheck).Logged(e.log)
}

// New returns the PDF engine.
func New() *Engine { return &Engine{} }

var (
	_ formats.Engine        = (*Engine)(nil)
	_ formats.Filler        = (*Engine)(nil)
	_ formats.ContextBinder = (*Engine)(nil)
)

// Type implements formats.Engine.
func (*Engine) Type() formats.FileType { return formats.PDF }

// Write implements write_answers: it validates every answer first (an
// unknown field, a read-only field, an option not in the list, a value
// over MaxLen all fail the whole call, so nothing is half-written), then
// fills the fields and generates their appearances.
func (e *Engine) Write(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, err error) {
	res, _, err = e.write(doc, answers, opts)
	return res, err
}

// Fill implements formats.Filler: write, then verify the values on the
// same parsed model, without parsing the output again.
func (e *Engine) Fill(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, rep *formats.VerificationReport, err error) {
	defer guard(e.logger(), &err)
	res, d, err := e.write(doc, answers, opts)
	if err != nil || opts.DryRun {
		return res, nil, err
	}
	endVerify := d.stop.Phase(formats.PhaseVerify)
	defer func() { endVerify(err) }()
	if err := d.stop.Check(); err != nil {
		return nil, nil, err
	}
	fields, err := d.filled, error(nil)
	if fields == nil { // a flatten read them before removing them
		fields, err = collectFields(d.ctx, d.stop)
	}
	if errors.Is(err, formats.ErrStopped) {
		return nil, nil, err
	}
	if err != nil {
		return res, nil, formats.Wrap(formats.ErrInvalidDocument, "AcroForm", err, "reading the filled fields back failed")
	}
	return res, verifyFields(d.ctx, fields, formats.ExpectedFromAnswers(answers), d.stop.Logger()), nil
}

func (e *Engine) write(doc []byte, answers []formats.Answer, opts formats.WriteOptions) (res *formats.WriteResult, d *document, err error) {
	defer guard(e.logger(), &err)
	st, err := formats.CheckWrite(answers, opts, formats.PDF)
	if err != nil {
		return nil, nil, err
	}
	d, err = e.open(doc)
	if err != nil {
		return nil, nil, err
	}
	// The write phase holds the save: apply fills the fields and writes
	// the file in one pass over the objects.
	endWrite := d.stop.Phase(formats.PhaseWrite)
	defer func() { endWrite(err) }()
	if err := d.enc.checkWrite(opts); err != nil {
		return nil, nil, err
	}
	plan, res, err := d.plan(answers)
	if err != nil {
		return nil, nil, err
	}
	if d.enc != nil {
		res.Encryption = d.enc.describe()
	}
	if opts.DryRun {
		res.DryRun = true
		res.Warnings = append(res.Warnings, d.brokenExtras()...)
		return res, d, nil
	}
	out, placed, warnings, err := d.apply(plan, reviewNotes(plan, opts), st, opts)
	if err != nil {
		return nil, nil, err
	}
	for i, as := range plan {
		res.Changes[i].Comment = placed[as.f]
	}
	res.Document = out
	res.Warnings = append(res.Warnings, warnings...)
	res.Flattened = d.flattened
	return res, d, nil
}

// Verify implements verify_output: it reads the field values back from
// the document and compares them with the expected answers.
func (e *Engine) Verify(doc []byte, expected []formats.ExpectedAnswer) (rep *formats.VerificationReport, err error) {
	defer guard(e.logger(), &err)
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, err
	}
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	defer d.stop.Phase(formats.PhaseVerify)(nil) // verifyFields cannot fail
	return verifyFields(d.ctx, d.fields, expected, d.stop.Logger()), nil
}

// BuildInsertion implements build_insertion_xml. PDF fields hold plain
// values, so plain text passes through and anything structured is refused.
func (e *Engine) BuildInsertion(req formats.BuildInsertionRequest) (*formats.BuildInsertionResult, error) {
	switch req.AnswerType {
	case "", formats.PlainText:
		return &formats.BuildInsertionResult{InsertionXML: req.AnswerText, Valid: true}, nil
	case formats.Structured:
		return nil, formats.Errorf(formats.ErrInvalidArgument, "answer_type", "PDF form fields take plain values only: send answer_type plain_text (checkbox: true/false; radio and dropdown: one of the options)")
	}
	return nil, formats.Errorf(formats.ErrInvalidArgument, "answer_type", "%q is not plain_text or structured", req.AnswerType)
}
