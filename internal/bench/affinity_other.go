//go:build !linux

package bench

import (
	"errors"
	"runtime"
)

// cpuPlan pins nothing: CPU affinity is a Linux feature.
type cpuPlan struct{}

func newCPUPlan([]int) (*cpuPlan, error) {
	return nil, errors.New("--cpus: pinning to CPUs needs Linux, this is " + runtime.GOOS)
}

func (p *cpuPlan) pinWork() error                       { return nil }
func (p *cpuPlan) pinDriver() error                     { return nil }
func (p *cpuPlan) unpin() error                         { return nil }
func (p *cpuPlan) startWorker(start func() error) error { return start() }
