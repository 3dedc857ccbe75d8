package formats

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
)

// ErrStopped is the error of work that stopped part-way because its context
// ended: the job's timeout passed or it was canceled. It is not an input
// error: the same document may well go through with more time.
var ErrStopped = errors.New("stopped before the work was done")

// ContextBinder is implemented by engines that can stop part-way through a
// call. WithContext returns the engine bound to ctx: its calls check ctx
// between units of work (a few thousand XML elements, one answer, one field)
// and return an error wrapping ErrStopped and ctx's error once it has ended.
// A bound engine is for the calls of one job; the engine itself is unchanged.
type ContextBinder interface {
	WithContext(ctx context.Context) Engine
}

// WithContext returns e bound to ctx if e can stop part-way, else e itself.
// Without it, the work of a timed-out job runs on to its end, holding a CPU
// and the document's memory.
func WithContext(ctx context.Context, e Engine) Engine {
	if b, ok := e.(ContextBinder); ok && ctx != nil {
		return b.WithContext(ctx)
	}
	return e
}

// Stopper checks a context from inside long loops. Step is cheap enough for
// every iteration of a parser's inner loop: it looks at the context only
// once every so many steps. A nil Stopper, and one made from a nil context,
// never stops. A Stopper belongs to one call: it is not safe for concurrent
// use.
type Stopper struct {
	ctx   context.Context
	every int
	n     int
	log   *slog.Logger // the call's logger (Logger); nil: slog.Default()
}

// NewStopper returns a Stopper on ctx whose Step checks it every every
// steps; for a nil ctx (an engine bound to none) it returns nil, which never
// stops.
func NewStopper(ctx context.Context, every int) *Stopper {
	if ctx == nil {
		return nil
	}
	return &Stopper{ctx: ctx, every: max(every, 1)}
}

// Step counts one unit of work and, every so many, reports whether the
// context has ended.
func (s *Stopper) Step() error {
	if s == nil || s.ctx == nil {
		return nil
	}
	if s.n++; s.n < s.every {
		return nil
	}
	s.n = 0
	return s.Check()
}

// Fork returns a Stopper on the same context, with a count of its own, for
// work that runs alongside s's on another goroutine: a Stopper is not safe
// for concurrent use. A nil s forks nil.
func (s *Stopper) Fork() *Stopper {
	if s == nil {
		return nil
	}
	return &Stopper{ctx: s.ctx, every: s.every, log: s.log}
}

// Check reports at once whether the context has ended: an error wrapping
// ErrStopped and the context's own error (context.DeadlineExceeded or
// context.Canceled), or nil.
func (s *Stopper) Check() error {
	if s == nil || s.ctx == nil {
		return nil
	}
	if err := s.ctx.Err(); err != nil {
		return fmt.Errorf("%w: %w", ErrStopped, err)
	}
	return nil
}

// Logged returns s carrying log as the call's logger, which every part of
// the call reads through Logger: the Stopper is the one value they all
// see. A nil log returns s unchanged; for a nil s it returns a Stopper
// that never stops (CanStop is false) and only carries log.
func (s *Stopper) Logged(log *slog.Logger) *Stopper {
	switch {
	case log == nil:
		return s
	case s == nil:
		return &Stopper{every: 1, log: log}
	}
	s.log = log
	return s
}

// Logger is the call's logger: the one given to Logged, else
// slog.Default(), which is what engines wrote to before they were given
// one.
func (s *Stopper) Logger() *slog.Logger {
	if s != nil && s.log != nil {
		return s.log
	}
	return slog.Default()
}

// CanStop reports whether s may ever stop the call: false for a nil
// Stopper and for one that only carries a logger. Work done only so that a
// call can stop part-way is skipped when it is false.
func (s *Stopper) CanStop() bool { return s != nil && s.ctx != nil }

// LoggerBinder is implemented by engines that log (a panic recovered from
// a library, a slower path taken) to a logger given to them rather than
// to slog.Default. WithLogger returns the engine logging to log; the
// engine itself is unchanged. A nil log means slog.Default().
type LoggerBinder interface {
	WithLogger(log *slog.Logger) Engine
}

// WithLogger returns e logging to log if e logs at all, else e itself.
func WithLogger(e Engine, log *slog.Logger) Engine {
	if b, ok := e.(LoggerBinder); ok && log != nil {
		return b.WithLogger(log)
	}
	return e
}
