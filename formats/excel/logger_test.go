package excel

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestEngineLogsToTheLoggerGiven: a call's Stopper carries the logger the
// engine was given, bound to a context or not, and WithContext keeps it;
// an engine given none logs to slog.Default as it always did.
func TestEngineLogsToTheLoggerGiven(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	given := formats.WithLogger(New(), log).(*Engine)
	for _, c := range []struct {
		name string
		e    *Engine
		want *slog.Logger
	}{
		{"no logger", New(), slog.Default()},
		{"a logger", given, log},
		{"a logger, then a context", given.WithContext(context.Background()).(*Engine), log},
		{"a context, then a logger", formats.WithLogger(New().WithContext(context.Background()), log).(*Engine), log},
	} {
		if got := c.e.stopper().Logger(); got != c.want {
			t.Errorf("%s: the call logs to %p, want %p", c.name, got, c.want)
		}
	}
	if New().stopper() != nil {
		t.Error("an engine bound to nothing and given no logger makes a Stopper: its calls would take the stoppable paths")
	}
}
