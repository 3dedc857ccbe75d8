package reliability

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// workerProc is one `formfill worker` process whose log lines are kept.
type workerProc struct {
	name string
	cmd  *exec.Cmd
	mu   sync.Mutex
	logs []string
	done chan struct{}
}

// startWorkerProc starts `formfill worker` against url.
func startWorkerProc(tb testing.TB, bin, url, name string, concurrency int) *workerProc {
	tb.Helper()
	p := &workerProc{name: name, done: make(chan struct{})}
	p.cmd = exec.Command(bin, "worker", "--concurrency", strconv.Itoa(concurrency))
	p.cmd.Env = append(os.Environ(), "FORMFILL_REDIS_URL="+url)
	out, err := p.cmd.StderrPipe()
	if err != nil {
		tb.Fatal(err)
	}
	p.cmd.Stdout = p.cmd.Stderr
	if err := p.cmd.Start(); err != nil {
		tb.Fatalf("start %s: %v", name, err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.mu.Lock()
			p.logs = append(p.logs, sc.Text())
			p.mu.Unlock()
		}
		p.cmd.Wait()
		close(p.done)
	}()
	tb.Cleanup(p.kill)
	return p
}

// kill sends SIGKILL: no drain, no handing back, the jobs it runs are
// orphaned until their lease expires.
func (p *workerProc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// rss is the process's resident set size in bytes, from /proc.
func (p *workerProc) rss() int64 {
	return procStatusBytes("/proc/"+strconv.Itoa(p.cmd.Process.Pid)+"/status", "VmRSS:")
}

// procStatusBytes reads a size field ("VmRSS:", "VmHWM:") of a
// /proc/…/status file in bytes, or 0 where it does not say (the process
// is gone, or no /proc).
func procStatusBytes(path, field string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

var finishedRe = regexp.MustCompile(`msg="?job finished"?.*job_id[=":]+"?([ib]-[0-9a-f-]+).*outcome[=":]+"?(\w+)`)

// finished returns job ID → outcomes logged by this process, in order.
func (p *workerProc) finished() map[string][]string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string][]string{}
	for _, l := range p.logs {
		if m := finishedRe.FindStringSubmatch(l); m != nil {
			out[m[1]] = append(out[m[1]], m[2])
		}
	}
	return out
}

var startedRe = regexp.MustCompile(`msg="?job started"?.*job_id[=":]+"?([ib]-[0-9a-f-]+)`)

// started returns the IDs of the jobs this process logged as started.
func (p *workerProc) started() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, l := range p.logs {
		if m := startedRe.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

func (p *workerProc) output() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.logs, "\n")
}

// waitFor polls cond every 10 ms until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}
