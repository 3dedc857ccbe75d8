//go:build !linux

package enginetest

import "time"

func cpuClocksWork() bool       { return false }
func threadCPU() time.Duration  { return 0 }
func taskCPU(int) time.Duration { return -1 }
func processCPU() time.Duration { return 0 }
func gettid() int               { return 0 }
