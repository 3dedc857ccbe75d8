package worker

import (
	"errors"
	"testing"
	"time"
)

// The backoff docs/RELIABILITY.md promises: 1 s, 2 s, 4 s … capped at a
// minute, plus up to a quarter of jitter.
func TestRetryDelayBacksOffToAMinuteWithJitter(t *testing.T) {
	for _, tt := range []struct {
		retried int
		base    time.Duration
	}{
		{0, time.Second}, {1, 2 * time.Second}, {2, 4 * time.Second}, {5, 32 * time.Second},
		{6, time.Minute}, {20, time.Minute}, {1 << 30, time.Minute},
	} {
		lo, hi := tt.base, tt.base+tt.base/4
		spread := map[time.Duration]bool{}
		for range 200 {
			d := retryDelay(tt.retried, errors.New("blip"), nil)
			if d < lo || d > hi {
				t.Fatalf("retryDelay(%d) = %v, want within [%v, %v]", tt.retried, d, lo, hi)
			}
			spread[d] = true
		}
		if len(spread) < 10 {
			t.Errorf("retryDelay(%d) gave %d distinct delays in 200 draws: no jitter to spread retries", tt.retried, len(spread))
		}
	}
}
