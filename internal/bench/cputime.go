package bench

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// userHZ is the unit of the CPU times in /proc/<pid>/stat: Linux fixes it at
// 100 ticks a second for that interface, whatever the kernel's own HZ.
const userHZ = 100

// ProcessCPU returns the CPU time (user and system) a live process has used
// so far: for this process from getrusage, to the microsecond; for another
// from /proc/<pid>/stat, to the 10 ms tick (Linux only).
func ProcessCPU(pid int) (time.Duration, error) {
	if pid == os.Getpid() {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			return 0, fmt.Errorf("CPU time of this process: %w", err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
	}
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("CPU time of pid %d: %w", pid, err)
	}
	d, err := parseStatCPU(string(data))
	if err != nil {
		return 0, fmt.Errorf("CPU time of pid %d: %w", pid, err)
	}
	return d, nil
}

// parseStatCPU reads utime and stime, fields 14 and 15 of a stat line. The
// command name (field 2) is in parentheses and may hold spaces or
// parentheses itself, so fields are counted from the last ')'.
func parseStatCPU(stat string) (time.Duration, error) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("malformed stat line: no ')' after the command name")
	}
	f := strings.Fields(stat[i+1:])
	// f[0] is field 3 (state), so utime (14) and stime (15) are f[11], f[12].
	if len(f) < 13 {
		return 0, fmt.Errorf("malformed stat line: %d fields after the command name, want at least 13", len(f))
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("malformed CPU time %q in stat line", s)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / userHZ, nil
}

// cpuOf sums the CPU time of pids; a process that cannot be read makes the
// sum unknown (ok false).
func cpuOf(pids []int) (total time.Duration, ok bool) {
	for _, pid := range pids {
		d, err := ProcessCPU(pid)
		if err != nil {
			return 0, false
		}
		total += d
	}
	return total, true
}

// cpuMSPerJob turns a CPU-time difference into milliseconds per job.
func cpuMSPerJob(before, after time.Duration, jobs int) float64 {
	if jobs <= 0 || after < before {
		return 0
	}
	return float64(after-before) / float64(time.Millisecond) / float64(jobs)
}
