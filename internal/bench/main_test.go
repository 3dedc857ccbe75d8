package bench

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseWorkers(t *testing.T) {
	tests := []struct {
		in      string
		want    []int
		wantErr string
	}{
		{"1,2,4", []int{1, 2, 4}, ""},
		{" 4 , 1 ", []int{4, 1}, ""},
		{"", nil, ""},
		{"0", nil, "between 1 and 64"},
		{"two", nil, "between 1 and 64"},
		{"100", nil, "between 1 and 64"},
		{"2,2", nil, "given twice"},
	}
	for _, tt := range tests {
		got, err := parseWorkers(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseWorkers(%q) err = %v, want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("parseWorkers(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestParseFlags(t *testing.T) {
	t.Setenv("FORMFILL_REDIS_URL", "redis://from-env:6379/3")
	var stderr bytes.Buffer
	cfg, out, err := parseFlags([]string{"--jobs", "50", "--mix", "fill=1", "--workers", "2", "--poll", "2ms",
		"--worker-bin", "/x/formfill", "--json", "--svg", "c.svg", "--no-baseline", "--cpus", "0,3", "--group", "8"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Jobs != 50 || cfg.Mix.String() != "fill=1" || !slices.Equal(cfg.Workers, []int{2}) || cfg.Poll != 2*time.Millisecond ||
		cfg.WorkerBin != "/x/formfill" || cfg.Baseline || cfg.RedisURL != "redis://from-env:6379/3" || !slices.Equal(cfg.CPUs, []int{0, 3}) ||
		cfg.Group != 8 {
		t.Errorf("cfg = %+v", cfg)
	}
	if !out.json || out.svg != "c.svg" {
		t.Errorf("output options = %+v", out)
	}
	if len(cfg.Docs) != len(DefaultDocs) {
		t.Errorf("docs = %v, want the defaults", cfg.Docs)
	}
}

func TestMainUsageErrorsExitTwo(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"--mix", "fill=x"}, "positive integer"},
		{[]string{"--workers", "0"}, "between 1 and 64"},
		{[]string{"--jobs", "-1"}, "must be positive"},
		{[]string{"--cpus", "first"}, "not a CPU number"},
		{[]string{"--cpus", "0,0"}, "CPU 0 given twice"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"--group", "0"}, "--group 0: expected 1 to 64"},
		{[]string{"--no-such-flag"}, "not defined"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := Main(tt.args, &stdout, &stderr); code != 2 {
			t.Errorf("Main(%v) = %d, want 2", tt.args, code)
		}
		if !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("Main(%v) stderr = %q, want %q", tt.args, stderr.String(), tt.wantErr)
		}
	}
}

func TestMainHelpShowsAnExample(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("--help exit %d", code)
	}
	for _, want := range []string{"Example:", "formfill bench --jobs", "-mix", "-worker-bin", "formfill bench --cpus 0"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("help lacks %q", want)
		}
	}
}
