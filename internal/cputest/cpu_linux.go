package cputest

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// Available reports whether this system gives the clocks below (Linux).
func Available() bool {
	_, err := os.Stat("/proc/thread-self/schedstat")
	return err == nil
}

// Thread is the CPU time of the calling OS thread, to the nanosecond.
func Thread() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// Task is the CPU time of thread tid of this process, from
// /proc/self/task/<tid>/schedstat (nanoseconds on CPU), or -1.
func Task(tid int) time.Duration {
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

// Process is the user and system CPU time of the whole process.
func Process() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Gettid is the calling OS thread's ID.
func Gettid() int { return syscall.Gettid() }
