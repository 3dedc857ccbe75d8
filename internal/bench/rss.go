package bench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// PeakRSS returns a process's peak resident set size in bytes (VmHWM, the
// "high water mark" Linux keeps in /proc/<pid>/status). It works only on
// Linux and only while the process is alive.
func PeakRSS(pid int) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, fmt.Errorf("peak RSS of pid %d: %w", pid, err)
	}
	defer f.Close()
	n, err := parseVmHWM(f)
	if err != nil {
		return 0, fmt.Errorf("peak RSS of pid %d: %w", pid, err)
	}
	return n, nil
}

// parseVmHWM reads the "VmHWM:   12345 kB" line of a /proc status file.
func parseVmHWM(r io.Reader) (int64, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("malformed VmHWM line %q", sc.Text())
		}
		kb, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || kb < 0 {
			return 0, fmt.Errorf("malformed VmHWM value %q", f[0])
		}
		return kb * 1024, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no VmHWM line (not Linux, or a kernel thread)")
}
