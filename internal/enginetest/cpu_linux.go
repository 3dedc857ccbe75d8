package enginetest

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// cpuClocksWork reports whether this system gives the clocks below.
func cpuClocksWork() bool {
	_, err := os.Stat("/proc/thread-self/schedstat")
	return err == nil
}

// threadCPU is the CPU time of the calling OS thread, to the nanosecond.
func threadCPU() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// taskCPU is the CPU time of thread tid of this process, from
// /proc/self/task/<tid>/schedstat (nanoseconds on CPU), or -1.
func taskCPU(tid int) time.Duration {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/schedstat")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return -1
	}
	ns, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return -1
	}
	return time.Duration(ns)
}

// processCPU is the user and system CPU time of the whole process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func gettid() int { return syscall.Gettid() }
