package bench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
)

// workerProcs is a set of `formfill worker` processes started for one run.
type workerProcs struct {
	cmds []*exec.Cmd
	logs []*tailBuffer
	done []chan error
}

// startWorkers spawns n worker processes of bin against redisURL, on pin's
// work CPUs when pin is not nil. Their output is kept (the last few KB) to
// explain a failure.
func startWorkers(bin string, n, concurrency int, redisURL string, pin *cpuPlan) (*workerProcs, error) {
	w := &workerProcs{}
	for i := range n {
		cmd := exec.Command(bin, "worker", "--concurrency", strconv.Itoa(concurrency))
		cmd.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+redisURL)
		log := &tailBuffer{max: 4 << 10}
		cmd.Stdout, cmd.Stderr = log, log
		// Workers die with the bench instead of lingering as orphans
		// when it is interrupted.
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		start := cmd.Start
		if pin != nil {
			start = func() error { return pin.startWorker(cmd.Start) }
		}
		if err := start(); err != nil {
			w.stop(time.Second)
			return nil, fmt.Errorf("start worker %d (%s): %w", i+1, bin, err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		w.cmds, w.logs, w.done = append(w.cmds, cmd), append(w.logs, log), append(w.done, done)
	}
	return w, nil
}

// waitReady blocks until every process has registered with Redis (asynq
// writes a server record with its PID on start), so a run does not count
// worker start-up as job latency.
func (w *workerProcs) waitReady(ctx context.Context, insp *asynq.Inspector, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		for i, d := range w.done {
			select {
			case err := <-d:
				d <- err
				return fmt.Errorf("worker %d exited at start (%v): %s", i+1, err, w.logs[i].String())
			default:
			}
		}
		servers, err := insp.Servers()
		if err == nil && w.allRegistered(servers) {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("workers not registered with Redis after %s (last error %v); worker 1 said: %s",
				timeout, err, w.logs[0].String())
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (w *workerProcs) allRegistered(servers []*asynq.ServerInfo) bool {
	pids := map[int]bool{}
	for _, s := range servers {
		pids[s.PID] = true
	}
	for _, c := range w.cmds {
		if !pids[c.Process.Pid] {
			return false
		}
	}
	return true
}

// pids lists the worker processes' IDs.
func (w *workerProcs) pids() []int {
	out := make([]int, len(w.cmds))
	for i, c := range w.cmds {
		out[i] = c.Process.Pid
	}
	return out
}

// peakRSS reads each live worker's VmHWM; a worker that exited counts 0.
func (w *workerProcs) peakRSS() []int64 {
	out := make([]int64, len(w.cmds))
	for i, c := range w.cmds {
		out[i], _ = PeakRSS(c.Process.Pid)
	}
	return out
}

// stop sends SIGTERM (the worker drains) and kills what is still running
// after grace.
func (w *workerProcs) stop(grace time.Duration) error {
	var errs []error
	for _, c := range w.cmds {
		_ = c.Process.Signal(syscall.SIGTERM)
	}
	ctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	for i, d := range w.done {
		select {
		case <-d:
		case <-ctx.Done():
			_ = w.cmds[i].Process.Kill()
			<-d
			errs = append(errs, fmt.Errorf("worker %d did not drain within %s: killed", i+1, grace))
		}
	}
	return errors.Join(errs...)
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
