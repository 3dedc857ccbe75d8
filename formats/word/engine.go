package word

import (
	"context"

	"github.com/formfill/formfill/formats"
)

// Engine implements formats.Engine and formats.Filler for .docx documents.
// It is stateless and safe for concurrent use.
type Engine struct {
	ctx context.Context // set by WithContext: calls stop once it ends
}

// WithContext returns the engine bound to ctx: its calls stop with an error
// wrapping formats.ErrStopped once ctx ends, checking it every 32 KB
// inflated and 64 KB deflated, every few thousand XML tokens or nodes while
// parsing, indexing, extracting and serialising, and before each answer.
func (e *Engine) WithContext(ctx context.Context) formats.Engine { return &Engine{ctx: ctx} }

// stepsPerCheck is how many XML tokens the reader parses between looks at
// the context: a few hundred microseconds of work, so a stop is prompt while
// checks cost nothing measurable.
const stepsPerCheck = 4096

// stopper returns a fresh Stopper for one call; nil when the engine is
// unbound.
func (e *Engine) stopper() *formats.Stopper { return formats.NewStopper(e.ctx, stepsPerCheck) }

// New returns the Word engine.
func New() *Engine { return &Engine{} }

func init() { formats.Register(New()) }

// Type reports formats.Word.
func (*Engine) Type() formats.FileType { return formats.Word }

var (
	_ formats.Engine        = (*Engine)(nil)
	_ formats.Filler        = (*Engine)(nil)
	_ formats.ContextBinder = (*Engine)(nil)
)
