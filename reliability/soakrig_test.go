package reliability

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// soakRig is the soak's two `formfill worker` processes: a steady one whose
// memory is sampled every second, and a victim killed with -9 and replaced
// every killEvery.
type soakRig struct {
	mu      sync.Mutex
	steady  *workerProc
	victims []*workerProc
	samples []int64
	done    chan struct{}
	bg      sync.WaitGroup
}

func startSoakRig(t *testing.T, bin, url string, killEvery time.Duration) *soakRig {
	r := &soakRig{
		steady:  startWorkerProc(t, bin, url, "steady", 2),
		victims: []*workerProc{startWorkerProc(t, bin, url, "victim-0", 2)},
		done:    make(chan struct{}),
	}
	r.bg.Add(2)
	go r.every(killEvery, func(i int) {
		r.victims[len(r.victims)-1].kill()
		r.victims = append(r.victims, startWorkerProc(t, bin, url, fmt.Sprintf("victim-%d", i), 2))
	})
	go r.every(time.Second, func(int) { r.samples = append(r.samples, r.steady.rss()) }) // 0 once it is gone
	return r
}

// every calls f under the rig's lock every d until the rig stops.
func (r *soakRig) every(d time.Duration, f func(i int)) {
	defer r.bg.Done()
	for i := 1; ; i++ {
		select {
		case <-r.done:
			return
		case <-time.After(d):
		}
		r.mu.Lock()
		f(i)
		r.mu.Unlock()
	}
}

// stop ends the kills and the sampling. On a fast machine the jobs can end
// before the memory can be judged: the steady worker, idle now, is sampled
// on until there are enough samples.
func (r *soakRig) stop() {
	waitFor(time.Duration(soakMinSamples+5)*time.Second, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.samples) >= soakMinSamples
	})
	close(r.done)
	r.bg.Wait()
}

func (r *soakRig) kills() int { return len(r.victims) - 1 }

func (r *soakRig) rss() []int64 { return r.samples }

// runs counts the runs of each job: a start logged by a worker. A job a
// victim was running when killed never logs its end there, and starts
// again elsewhere.
func (r *soakRig) runs() map[string]int {
	runs := map[string]int{}
	for _, p := range append([]*workerProc{r.steady}, r.victims...) {
		for _, id := range p.started() {
			runs[id]++
		}
	}
	return runs
}
