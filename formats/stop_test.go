package formats_test

import (
	"bytes"
	"context"
	"errors"
	"io"
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

func TestForkedStopperCountsItsOwnStepsOnTheSameContext(t *testing.T) {
	ctx := ctxtest.NewCountdown(1)
	s := formats.NewStopper(ctx, 3)
	for range 2 {
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
	}
	fork := s.Fork()
	// The fork starts its own count: two steps of it do not reach three,
	// though the parent has taken two already.
	for range 2 {
		if err := fork.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if ctx.Asked() != 0 {
		t.Fatalf("the context was asked %d times, want 0: a fork must not share its parent's count", ctx.Asked())
	}
	if err := fork.Step(); err != nil || ctx.Asked() != 1 {
		t.Fatalf("the fork's third step: err = %v, asked %d; want a look at the live context", err, ctx.Asked())
	}
	if err := s.Step(); !errors.Is(err, formats.ErrStopped) {
		t.Fatalf("the parent's third step after the context ended: err = %v, want a stop", err)
	}
	var none *formats.Stopper
	if none.Fork() != nil {
		t.Fatal("a nil Stopper's fork must be nil, which never stops")
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

func TestStopperReaderAndWriterEndWithTheContext(t *testing.T) {
	data := bytes.Repeat([]byte("formfill "), 100_000) // 900 KB: several writer chunks
	live := formats.NewStopper(context.Background(), 1)
	if got, err := io.ReadAll(live.Reader(bytes.NewReader(data))); err != nil || !bytes.Equal(got, data) {
		t.Fatalf("a live reader read %d bytes, %v; want all %d", len(got), err, len(data))
	}
	var buf bytes.Buffer
	if n, err := live.Writer(&buf).Write(data); err != nil || n != len(data) || !bytes.Equal(buf.Bytes(), data) {
		t.Fatalf("a live writer wrote %d bytes, %v; want all %d", n, err, len(data))
	}

	// Two looks pass, then the context has ended: the writer stops after
	// two chunks, the reader after two reads.
	buf.Reset()
	n, err := formats.NewStopper(ctxtest.NewCountdown(2), 1).Writer(&buf).Write(data)
	if !errors.Is(err, formats.ErrStopped) || n != buf.Len() || n == 0 || n >= len(data) {
		t.Fatalf("a writer stopped after two chunks wrote %d of %d bytes (%d passed on), %v; want part, and ErrStopped", n, len(data), buf.Len(), err)
	}
	r := formats.NewStopper(ctxtest.NewCountdown(2), 1).ReadSeeker(bytes.NewReader(data))
	p := make([]byte, 1000)
	for i := range 2 {
		if _, err := r.Read(p); err != nil {
			t.Fatalf("read %d: %v", i+1, err)
		}
	}
	if _, err := r.Read(p); !errors.Is(err, formats.ErrStopped) {
		t.Fatalf("third read: %v, want ErrStopped", err)
	}
	if off, err := r.Seek(10, io.SeekStart); off != 10 || err != nil {
		t.Fatalf("Seek = %d, %v: seeking does no work and is not stopped", off, err)
	}

	//lint:ignore SA1012 a nil context is what an unbound engine passes
	var none *formats.Stopper = formats.NewStopper(nil, 1)
	br := bytes.NewReader(data)
	if none.Reader(br) != io.Reader(br) || none.Writer(&buf) != io.Writer(&buf) || none.ReadSeeker(br) != io.ReadSeeker(br) {
		t.Fatal("a nil Stopper must hand back the reader or writer itself: unbound engines pay nothing")
	}
}
