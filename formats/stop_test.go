package formats_test

import (
	"context"
	"errors"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
)

func TestStopperLooksAtTheContextEverySoManySteps(t *testing.T) {
	tests := []struct {
		name      string
		every     int
		steps     int
		wantAsked int
	}{
		{"every step", 1, 10, 10},
		{"every fourth step", 4, 10, 2},
		{"fewer steps than one interval", 100, 99, 0},
		{"an interval below one counts as one", 0, 3, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := ctxtest.NewCountdown(1 << 20)
			s := formats.NewStopper(ctx, tt.every)
			for range tt.steps {
				if err := s.Step(); err != nil {
					t.Fatal(err)
				}
			}
			if ctx.Asked() != tt.wantAsked {
				t.Fatalf("%d steps asked the context %d times, want %d", tt.steps, ctx.Asked(), tt.wantAsked)
			}
		})
	}
}

func TestStopperReportsTheEndWrapped(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	<-ctx.Done()
	s := formats.NewStopper(ctx, 2)
	if err := s.Step(); err != nil {
		t.Fatalf("first step of two looked at the context: %v", err)
	}
	err := s.Step()
	if !errors.Is(err, formats.ErrStopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want one wrapping ErrStopped and context.DeadlineExceeded", err)
	}
	if formats.IsInputError(err) {
		t.Fatal("a stop must not be an input error: the job would never be retried")
	}
}

func TestNilStopperNeverStops(t *testing.T) {
	//lint:ignore SA1012 a nil context is what an unbound engine passes
	s := formats.NewStopper(nil, 1)
	if s != nil {
		t.Fatalf("NewStopper(nil) = %+v, want nil", s)
	}
	for range 10 {
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

// plain is an engine that cannot be bound to a context.
type plain struct{ formats.Engine }

func TestWithContextLeavesAnEngineThatCannotStopAsItIs(t *testing.T) {
	e := plain{}
	if got := formats.WithContext(context.Background(), e); got != formats.Engine(e) {
		t.Fatalf("WithContext returned %T, want the engine itself", got)
	}
}
