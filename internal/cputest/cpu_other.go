//go:build !linux

package cputest

import "time"

// Available reports whether this system gives the clocks below: not here.
func Available() bool { return false }

// Thread is the calling thread's CPU time: unknown here, 0.
func Thread() time.Duration { return 0 }

// Task is the CPU time of thread tid: unknown here, -1.
func Task(int) time.Duration { return -1 }

// Process is the process's CPU time: unknown here, 0.
func Process() time.Duration { return 0 }

// Gettid is the calling thread's ID: unknown here, 0.
func Gettid() int { return 0 }
