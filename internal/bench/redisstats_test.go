package bench

import (
	"math"
	"testing"
)

func TestParseRedisUsage(t *testing.T) {
	tests := []struct {
		name     string
		info     string
		commands int64
		cpu      float64
		wantErr  bool
	}{
		{"stats and cpu", "# Stats\r\ntotal_connections_received:12\r\ntotal_commands_processed:98765\r\n# CPU\r\nused_cpu_sys:1.500000\r\nused_cpu_user:2.250000\r\nused_cpu_sys_children:9\r\n", 98765, 3.75, false},
		{"stats only, as miniredis", "# Stats\r\ntotal_commands_processed:7\r\n", 7, -1, false},
		{"no command count", "# Stats\r\n", 0, 0, true},
		{"non-numeric count", "total_commands_processed:many\r\n", 0, 0, true},
		{"non-numeric cpu", "total_commands_processed:1\r\nused_cpu_sys:x\r\n", 0, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := parseRedisUsage(tt.info)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if err == nil && (u.commands != tt.commands || math.Abs(u.cpu-tt.cpu) > 1e-9) {
				t.Fatalf("usage = %+v, want %d commands and %g s CPU", u, tt.commands, tt.cpu)
			}
		})
	}
}

func TestRedisUsagePerJob(t *testing.T) {
	before := redisUsage{commands: 100, cpu: 1.0}
	after := redisUsage{commands: 1100, cpu: 1.5}
	if cmds, ms := after.perJob(before, 100); cmds != 10 || math.Abs(ms-5) > 1e-9 {
		t.Fatalf("per job = %g commands, %g ms; want 10 and 5", cmds, ms)
	}
	if _, ms := (redisUsage{commands: 10, cpu: -1}).perJob(redisUsage{cpu: -1}, 5); ms != 0 {
		t.Fatalf("unknown CPU gave %g ms", ms)
	}
}
