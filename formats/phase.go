package formats

import "context"

// The phases of an engine's call, for whoever watches them (the worker
// makes them trace spans): the archive guard, the parse, the work, the
// check of what was written, and the serialisation of the output.
const (
	PhaseGuard   = "guard"
	PhaseOpen    = "open"
	PhaseExtract = "extract"
	PhaseWrite   = "write"
	PhaseVerify  = "verify"
	PhaseSave    = "save"
)

// PhaseWatcher is told when an engine's phase starts; it returns what to
// call when the phase ends, with the phase's error (nil on success).
type PhaseWatcher func(ctx context.Context, phase string) (end func(error))

type phaseKey struct{}

// WithPhases returns ctx carrying w: an engine bound to it (WithContext)
// reports its phases to w. Engines do not depend on how phases are
// recorded, so formats stays free of any tracing library.
func WithPhases(ctx context.Context, w PhaseWatcher) context.Context {
	return context.WithValue(ctx, phaseKey{}, w)
}

// StartPhase reports that phase starts on ctx and returns its end; with no
// watcher on ctx (or a nil ctx) both cost nothing.
func StartPhase(ctx context.Context, phase string) (end func(error)) {
	if ctx == nil {
		return noPhase
	}
	w, _ := ctx.Value(phaseKey{}).(PhaseWatcher)
	if w == nil {
		return noPhase
	}
	return w(ctx, phase)
}

func noPhase(error) {}

// Phase reports that phase starts in the call s stops, and returns its
// end; a nil Stopper (an unbound engine) reports nothing.
func (s *Stopper) Phase(phase string) (end func(error)) {
	if s == nil {
		return noPhase
	}
	return StartPhase(s.ctx, phase)
}

// InPhase runs f as phase of the call s stops, reporting its start and
// its end with f's error.
func InPhase[T any](s *Stopper, phase string, f func() (T, error)) (T, error) {
	end := s.Phase(phase)
	v, err := f()
	end(err)
	return v, err
}

// Quiet returns a Stopper on the same context, with a count of its own,
// that reports no phase: for a phase that does its work through another
// call's steps (a fill's verify reading back the document it saved) and
// is itself the one span. A nil s gives nil.
func (s *Stopper) Quiet() *Stopper {
	if s == nil {
		return nil
	}
	q := s.Fork()
	if q.ctx != nil {
		q.ctx = context.WithValue(q.ctx, phaseKey{}, PhaseWatcher(nil))
	}
	return q
}
