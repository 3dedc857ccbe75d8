//go:build unix

package excel

import "syscall"

// calcCPUNow is the CPU time (user and system, every thread, the garbage
// collector's too) the process has used so far, -1 when unknown. On a
// shared machine it varies less than wall time.
func calcCPUNow() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
