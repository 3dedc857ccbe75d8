package jobs

import (
	"testing"
	"time"
)

// TestExpiryKeepsTheFractionOfASecond: the stored expiry is read back no
// earlier than ttl after the moment before it was written. Truncated to
// whole seconds it came back up to a second early, and a one-second TTL
// could expire before the object's first read.
func TestExpiryKeepsTheFractionOfASecond(t *testing.T) {
	for _, ttl := range []time.Duration{time.Second, 1500 * time.Millisecond, time.Hour} {
		before := time.Now()
		v := expiryOf(ttl)
		after := time.Now()
		got, err := time.Parse(time.RFC3339, v)
		if err != nil {
			t.Fatalf("ttl %v: %q does not parse as RFC 3339: %v", ttl, v, err)
		}
		if got.Before(before.Add(ttl).Truncate(time.Microsecond)) || got.After(after.Add(ttl)) {
			t.Errorf("ttl %v: expiry %s, want between %s and %s", ttl, v,
				before.Add(ttl).UTC().Format(time.RFC3339Nano), after.Add(ttl).UTC().Format(time.RFC3339Nano))
		}
	}
}
