package bench

import (
	"os"
	"testing"
	"time"
)

func TestParseStatCPU(t *testing.T) {
	tests := []struct {
		name    string
		stat    string
		want    time.Duration
		wantErr bool
	}{
		{"plain", "1234 (formfill) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0 100 0 0", 3 * time.Second, false},
		{"name with spaces and parentheses", "7 (a) b (c)) R 1 7 7 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 1 0 0", 100 * time.Millisecond, false},
		{"no command name", "1234 formfill S 1", 0, true},
		{"too short", "1234 (formfill) S 1 2 3", 0, true},
		{"negative ticks", "1 (x) S 1 1 1 0 -1 0 0 0 0 0 -5 0 0 0 20 0 1 0 1 0 0", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseStatCPU(tt.stat)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("parseStatCPU = %v, %v; want %v, error %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestProcessCPUOfThisProcessGrowsWithWork(t *testing.T) {
	before, err := ProcessCPU(os.Getpid())
	if err != nil {
		t.Skipf("no /proc/<pid>/stat here (not Linux?): %v", err)
	}
	deadline := time.Now().Add(300 * time.Millisecond)
	x := 0
	for time.Now().Before(deadline) {
		x++
	}
	after, err := ProcessCPU(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if after-before < 100*time.Millisecond {
		t.Fatalf("CPU time grew %v over 300 ms of busy work (%d spins); want at least 100 ms", after-before, x)
	}
}

func TestCPUMSPerJob(t *testing.T) {
	if got := cpuMSPerJob(time.Second, 3*time.Second, 400); got != 5 {
		t.Fatalf("2 s over 400 jobs = %v ms/job, want 5", got)
	}
	if got := cpuMSPerJob(3*time.Second, time.Second, 400); got != 0 {
		t.Fatalf("a CPU time that went backwards gave %v, want 0 (unknown)", got)
	}
}
