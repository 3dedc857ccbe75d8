package jobs

import (
	"testing"
	"time"
)

func TestNextPollStretchesWithTheWait(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name         string
		poll, waited time.Duration
		want         time.Duration
	}{
		{"a short wait polls at the base interval", 50 * ms, 100 * ms, 50 * ms},
		{"past ten intervals it polls every tenth of the wait", 50 * ms, 2 * time.Second, 200 * ms},
		{"never less often than once a second", 50 * ms, time.Minute, time.Second},
		{"a base interval over a second is kept", 5 * time.Second, time.Minute, 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := nextPoll(tt.poll, tt.waited); got != tt.want {
				t.Fatalf("nextPoll(%v, %v) = %v, want %v", tt.poll, tt.waited, got, tt.want)
			}
		})
	}
}
