package excel

import (
	"context"
	"log/slog"

	"github.com/formfill/formfill/formats"
)

func init() { formats.Register(New()) }

// DefaultMaxLines is how many cell lines extract_structure_compact shows
// per sheet before it cuts (with a note saying what was cut).
const DefaultMaxLines = 2000

// Engine fills .xlsx workbooks. It keeps no state between calls: element
// IDs are re-derived from the document bytes every time.
type Engine struct {
	maxLines int
	ctx      context.Context // set by WithContext: calls stop once it ends
	log      *slog.Logger    // set by WithLogger; nil: slog.Default()
}

// WithContext returns the engine bound to ctx: its calls stop with an error
// wrapping formats.ErrStopped once ctx ends, checking it every few thousand
// XML tokens of the XML guard's pass and of formfill's other readers, every
// 64 KB inflated or deflated, and before each sheet, answer or expectation.
func (e *Engine) WithContext(ctx context.Context) formats.Engine {
	c := *e
	c.ctx = ctx
	return &c
}

// WithLogger returns the engine logging to log the panics it recovers
// from (Warn): in the XML guard, or in excelize's number formatting and
// formula evaluation.
func (e *Engine) WithLogger(log *slog.Logger) formats.Engine {
	c := *e
	c.log = log
	return &c
}

// stepsPerCheck is how many XML tokens the XML guard reads between looks
// at the context: a millisecond or so of work.
const stepsPerCheck = 4096

// stopper returns a Stopper for one call, carrying the engine's logger;
// nil when the engine is bound to no context and given no logger.
func (e *Engine) stopper() *formats.Stopper {
	return formats.NewStopper(e.ctx, stepsPerCheck).Logged(e.log)
}

// Option tunes an Engine.
type Option func(*Engine)

// WithMaxLines sets the per-sheet line cap of the compact map (n ≥ 1).
func WithMaxLines(n int) Option {
	return func(e *Engine) {
		if n >= 1 {
			e.maxLines = n
		}
	}
}

// New returns the Excel engine.
func New(opts ...Option) *Engine {
	e := &Engine{maxLines: DefaultMaxLines}
	for _, o := range opts {
		o(e)
	}
	return e
}

var (
	_ formats.Engine        = (*Engine)(nil)
	_ formats.Filler        = (*Engine)(nil)
	_ formats.ContextBinder = (*Engine)(nil)
)

// Type implements formats.Engine.
func (*Engine) Type() formats.FileType { return formats.Excel }

// BuildInsertion implements build_insertion_xml. Cells hold plain values,
// so plain text passes through and anything structured is refused.
func (*Engine) BuildInsertion(req formats.BuildInsertionRequest) (*formats.BuildInsertionResult, error) {
	switch req.AnswerType {
	case "", formats.PlainText:
		return &formats.BuildInsertionResult{InsertionXML: req.AnswerText, Valid: true}, nil
	case formats.Structured:
		return nil, formats.Errorf(formats.ErrInvalidArgument, "answer_type", "Excel cells take plain values only: send answer_type plain_text (a list cell takes one of its options)")
	}
	return nil, formats.Errorf(formats.ErrInvalidArgument, "answer_type", "%q is not plain_text or structured", req.AnswerType)
}
