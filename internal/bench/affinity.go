//go:build linux

package bench

import (
	"fmt"
	"os"
	"runtime"
	"strconv"

	"golang.org/x/sys/unix"
)

// cpuPlan splits the machine for a pinned bench: the work (the in-process
// baseline, the worker processes) runs on work; the driver, which plays the
// clients, runs on the rest. Redis is a separate server: pin it yourself
// (taskset -pc) if it runs on this machine. The split is what a deployment
// has: worker cores that do nothing but jobs, clients and Redis elsewhere, so
// the gap between the pinned baseline and the pinned queued runs is what the
// queue costs the workers.
type cpuPlan struct {
	work, driver, all unix.CPUSet
}

// newCPUPlan checks cpus against the CPUs this process may use; at least one
// must be left for the driver.
func newCPUPlan(cpus []int) (*cpuPlan, error) {
	var p cpuPlan
	if err := unix.SchedGetaffinity(0, &p.all); err != nil {
		return nil, fmt.Errorf("--cpus: read this process's CPUs: %w", err)
	}
	p.driver = p.all
	for _, c := range cpus {
		if !p.all.IsSet(c) {
			return nil, fmt.Errorf("--cpus: CPU %d is not one this process may use (it may use %s)", c, cpuList(&p.all))
		}
		p.work.Set(c)
		p.driver.Clear(c)
	}
	if p.driver.Count() == 0 {
		return nil, fmt.Errorf("--cpus %s leaves no CPU for the driver and Redis: name fewer than %d", cpuList(&p.work), p.all.Count())
	}
	return &p, nil
}

// pinProcess moves every thread of this process onto set. Threads created
// later inherit their creator's set, so the whole process stays there.
func pinProcess(set *unix.CPUSet) error {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return fmt.Errorf("list this process's threads: %w", err)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		// A thread may have exited since the listing: not an error.
		if err := unix.SchedSetaffinity(tid, set); err != nil && err != unix.ESRCH {
			return fmt.Errorf("pin thread %d to CPUs %s: %w", tid, cpuList(set), err)
		}
	}
	return nil
}

// pinWork and pinDriver move this process onto the work CPUs (for the
// in-process baseline) or the driver's; unpin gives it all its CPUs back.
// On a nil plan they do nothing.
func (p *cpuPlan) pinWork() error {
	if p == nil {
		return nil
	}
	return pinProcess(&p.work)
}

func (p *cpuPlan) pinDriver() error {
	if p == nil {
		return nil
	}
	return pinProcess(&p.driver)
}

func (p *cpuPlan) unpin() error {
	if p == nil {
		return nil
	}
	return pinProcess(&p.all)
}

// startWorker runs start, which starts a worker process, so that the process
// lands on the work CPUs.
func (p *cpuPlan) startWorker(start func() error) error { return startOn(&p.work, start) }

// startOn starts a child process on set: a child inherits the CPUs of the
// thread that forks it, so the fork happens on a locked thread moved there
// for the moment.
func startOn(set *unix.CPUSet, start func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var own unix.CPUSet
	if err := unix.SchedGetaffinity(0, &own); err != nil {
		return fmt.Errorf("read this thread's CPUs: %w", err)
	}
	if err := unix.SchedSetaffinity(0, set); err != nil {
		return fmt.Errorf("move to CPUs %s: %w", cpuList(set), err)
	}
	err := start()
	if rerr := unix.SchedSetaffinity(0, &own); rerr != nil && err == nil {
		err = fmt.Errorf("move back to CPUs %s: %w", cpuList(&own), rerr)
	}
	return err
}

// cpuList writes set as "0,2,3".
func cpuList(set *unix.CPUSet) string {
	s := ""
	for c := range 1024 {
		if set.IsSet(c) {
			if s != "" {
				s += ","
			}
			s += strconv.Itoa(c)
		}
	}
	return s
}
