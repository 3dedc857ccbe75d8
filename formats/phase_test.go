package formats

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// A quiet Stopper reports no phase, and still stops when its context
// ends, as the one it came from does.
func TestQuietStopperReportsNoPhaseAndStops(t *testing.T) {
	var seen []string
	ctx, cancel := context.WithCancel(WithPhases(context.Background(), func(_ context.Context, phase string) func(error) {
		seen = append(seen, phase)
		return func(error) {}
	}))
	s := NewStopper(ctx, 1)
	s.Phase(PhaseVerify)(nil)
	q := s.Quiet()
	q.Phase(PhaseGuard)(nil)
	if want := []string{PhaseVerify}; !slices.Equal(seen, want) {
		t.Errorf("phases %v, want %v", seen, want)
	}
	cancel()
	if err := q.Check(); !errors.Is(err, ErrStopped) {
		t.Errorf("the quiet Stopper after a cancel: %v, want ErrStopped", err)
	}
	if (*Stopper)(nil).Quiet() != nil {
		t.Error("a nil Stopper's quiet one is not nil")
	}
}
