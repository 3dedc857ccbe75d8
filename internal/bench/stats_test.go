package bench

import (
	"os"
	"strings"
	"testing"
	"time"
)

func ms(vs ...int) []time.Duration {
	out := make([]time.Duration, len(vs))
	for i, v := range vs {
		out[i] = time.Duration(v) * time.Millisecond
	}
	return out
}

func TestPercentileNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond // 1..100 ms
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{"empty", nil, 50, 0},
		{"single", ms(7), 99, 7 * time.Millisecond},
		{"p50 of 1..100", hundred, 50, 50 * time.Millisecond},
		{"p95 of 1..100", hundred, 95, 95 * time.Millisecond},
		{"p99 of 1..100", hundred, 99, 99 * time.Millisecond},
		{"p100 is max", hundred, 100, 100 * time.Millisecond},
		{"p0 is min", hundred, 0, 1 * time.Millisecond},
		{"p50 of four rounds up rank", ms(10, 20, 30, 40), 50, 20 * time.Millisecond},
		{"p51 of four", ms(10, 20, 30, 40), 51, 30 * time.Millisecond},
		{"p99 of ten is the max", ms(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 99, 10 * time.Millisecond},
		{"over 100 clamps", ms(1, 2), 150, 2 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Percentile(tt.sorted, tt.p); got != tt.want {
				t.Errorf("Percentile(p%.0f) = %v, want %v", tt.p, got, tt.want)
			}
		})
	}
}

func TestSummarizeSortsACopy(t *testing.T) {
	in := ms(30, 10, 20, 40)
	s := Summarize(in)
	if s.Count != 4 || s.P50 != 20*time.Millisecond || s.Max != 40*time.Millisecond || s.Mean != 25*time.Millisecond {
		t.Errorf("Summarize = %+v", s)
	}
	if in[0] != 30*time.Millisecond {
		t.Error("Summarize reordered its input")
	}
	if z := Summarize(nil); z.Count != 0 || z.P99 != 0 {
		t.Errorf("Summarize(nil) = %+v", z)
	}
}

func TestParseVmHWM(t *testing.T) {
	tests := []struct {
		name, in string
		want     int64
		wantErr  string
	}{
		{"typical", "Name:\tformfill\nVmPeak:\t  900 kB\nVmHWM:\t   51234 kB\nVmRSS:\t 40000 kB\n", 51234 * 1024, ""},
		{"missing", "Name:\tkthreadd\nState:\tS\n", 0, "no VmHWM"},
		{"garbage value", "VmHWM:\t lots kB\n", 0, "malformed"},
		{"wrong unit", "VmHWM:\t 12 MB\n", 0, "malformed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseVmHWM(strings.NewReader(tt.in))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("parseVmHWM = %d, %v; want %d", got, err, tt.want)
			}
		})
	}
}

func TestPeakRSSOfThisProcess(t *testing.T) {
	n, err := PeakRSS(os.Getpid())
	if err != nil {
		t.Skipf("no /proc on this system: %v", err)
	}
	if n < 1<<20 {
		t.Errorf("peak RSS of the test process = %d bytes, implausibly small", n)
	}
	if _, err := PeakRSS(-1); err == nil {
		t.Error("PeakRSS(-1) succeeded")
	}
}
