package pdf

import (
	"bytes"
	"log/slog"
	"testing"
)

// TestLoggerFallsBackAsTheStopperDoes checks the engine and the text
// layer pick the same logger a call's Stopper would: the one given, else
// slog.Default().
func TestLoggerFallsBackAsTheStopperDoes(t *testing.T) {
	given := slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
	for _, tc := range []struct {
		name string
		log  *slog.Logger
		want *slog.Logger
	}{
		{"none given", nil, slog.Default()},
		{"one given", given, given},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e *Engine = New()
			if tc.log != nil {
				e = e.WithLogger(tc.log).(*Engine)
			}
			if got := e.logger(); got != tc.want {
				t.Errorf("engine logger = %p, want %p", got, tc.want)
			}
			if got := e.stopper().Logger(); got != tc.want {
				t.Errorf("stopper logger = %p, want %p", got, tc.want)
			}
			if got := newTextLayer(nil, tc.log).log; got != tc.want {
				t.Errorf("text layer logger = %p, want %p", got, tc.want)
			}
		})
	}
}
