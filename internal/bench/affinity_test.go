//go:build linux

package bench

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

func TestNewCPUPlanRefusesCPUsItCannotUse(t *testing.T) {
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil {
		t.Skipf("cannot read this process's CPUs: %v", err)
	}
	every := []int{}
	for c := range 1024 {
		if all.IsSet(c) {
			every = append(every, c)
		}
	}
	tests := []struct {
		name string
		cpus []int
		want string
	}{
		{"a CPU this process may not use", []int{1023}, "CPU 1023 is not one this process may use"},
		{"every CPU, leaving none for the driver", every, "leaves no CPU for the driver"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newCPUPlan(tt.cpus)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("newCPUPlan(%v) = %v, want an error saying %q", tt.cpus, err, tt.want)
			}
		})
	}
}

func TestStartWorkerPutsTheChildOnTheWorkCPUsOnly(t *testing.T) {
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil || all.Count() < 2 {
		t.Skipf("needs two CPUs to split (have %d, err %v)", all.Count(), err)
	}
	first := firstCPU(&all)
	plan, err := newCPUPlan([]int{first})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("sleep", "5")
	if err := plan.startWorker(cmd.Start); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var child unix.CPUSet
	if err := unix.SchedGetaffinity(cmd.Process.Pid, &child); err != nil {
		t.Fatal(err)
	}
	if child.Count() != 1 || !child.IsSet(first) {
		t.Errorf("child runs on CPUs %s, want only %d", cpuList(&child), first)
	}
	var own unix.CPUSet
	if err := unix.SchedGetaffinity(0, &own); err != nil {
		t.Fatal(err)
	}
	if own != all {
		t.Errorf("starting the child left this thread on CPUs %s, want %s back", cpuList(&own), cpuList(&all))
	}
}

func TestPinProcessMovesEveryThread(t *testing.T) {
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil || all.Count() < 2 {
		t.Skipf("needs two CPUs (have %d, err %v)", all.Count(), err)
	}
	plan, err := newCPUPlan([]int{firstCPU(&all)})
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.pinWork(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := plan.unpin(); err != nil {
			t.Fatal(err)
		}
	}()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip(err)
	}
	for _, task := range tasks {
		data, err := os.ReadFile("/proc/self/task/" + task.Name() + "/status")
		if err != nil {
			continue // the thread exited
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok && strings.TrimSpace(v) != cpuList(&plan.work) {
				t.Errorf("thread %s may run on %s, want %s", task.Name(), strings.TrimSpace(v), cpuList(&plan.work))
			}
		}
	}
}

func firstCPU(set *unix.CPUSet) int {
	for c := range 1024 {
		if set.IsSet(c) {
			return c
		}
	}
	return -1
}
