package formats

import (
	"context"
	"log/slog"
	"strings"
	"testing"
)

// TestStopperCarriesTheCallsLogger: a Stopper given a logger hands it to
// every part of the call, forks keep it, and without one the call logs
// where engines always logged; carrying a logger never makes a call
// stoppable.
func TestStopperCarriesTheCallsLogger(t *testing.T) {
	var b strings.Builder
	log := slog.New(slog.NewTextHandler(&b, nil))
	for _, c := range []struct {
		name        string
		stop        *Stopper
		wantLog     *slog.Logger
		wantCanStop bool
	}{
		{"nil stopper, no logger", (*Stopper)(nil).Logged(nil), slog.Default(), false},
		{"nil stopper, a logger", (*Stopper)(nil).Logged(log), log, false},
		{"bound, no logger", NewStopper(context.Background(), 1).Logged(nil), slog.Default(), true},
		{"bound, a logger", NewStopper(context.Background(), 1).Logged(log), log, true},
		{"a fork keeps the logger", NewStopper(context.Background(), 1).Logged(log).Fork(), log, true},
	} {
		if got := c.stop.Logger(); got != c.wantLog {
			t.Errorf("%s: Logger() = %p, want %p", c.name, got, c.wantLog)
		}
		if got := c.stop.CanStop(); got != c.wantCanStop {
			t.Errorf("%s: CanStop() = %v, want %v", c.name, got, c.wantCanStop)
		}
		if err := c.stop.Step(); err != nil {
			t.Errorf("%s: Step() = %v on a live context", c.name, err)
		}
	}
}
