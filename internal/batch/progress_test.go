package batch

import (
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/syncbuf"
)

func TestProgressLine(t *testing.T) {
	start := time.Unix(1000, 0)
	p := &Progress{total: 10, start: start}
	p.Add(outcomeDone)
	p.Add(outcomeDone)
	p.Add(outcomeFailed)
	p.Add(outcomeSkipped)
	plain := p.line(start.Add(3 * time.Second))
	for _, want := range []string{"4/10", "done 2", "failed 1", "skipped 1", "1.0 docs/s", "ETA 6s"} {
		if !strings.Contains(plain, want) {
			t.Errorf("line %q lacks %q", plain, want)
		}
	}
	if strings.Contains(plain, "[") {
		t.Errorf("plain line has a bar: %q", plain)
	}
	p.terminal = true
	if bar := p.line(start.Add(3 * time.Second)); !strings.HasPrefix(bar, "[============                  ]") {
		t.Errorf("terminal bar at 4/10 = %q", bar)
	}
}

func TestProgressBarRedrawsOnATerminalAndEndsItsLine(t *testing.T) {
	var out syncbuf.Buffer
	p := NewProgress(&out, 3, true, false)
	p.Add(outcomeDone)
	// Two redraws at 200 ms, waited for rather than slept for: a loaded
	// machine may run the ticker late.
	for deadline := time.Now().Add(30 * time.Second); strings.Count(out.String(), "\r[") < 2; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("terminal output %q after 30 s: want the bar redrawn twice", out.String())
		}
	}
	p.Close()
	got := out.String()
	last := got[strings.LastIndex(got, "\r[")+1:]
	if strings.Count(got, "\r[") < 3 || !strings.HasSuffix(got, "\n") || !strings.Contains(last, "1/3") {
		t.Fatalf("terminal output %q: want redrawn bars, the last (at Close) counting 1/3 and ending in a newline", got)
	}
	var quiet syncbuf.Buffer
	q := NewProgress(&quiet, 3, true, true)
	q.Add(outcomeDone)
	q.Close()
	if quiet.String() != "" {
		t.Fatalf("--quiet wrote %q", quiet.String())
	}
}
