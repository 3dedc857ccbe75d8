package batch

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Progress counts a batch's documents and shows the count: a redrawn bar on
// a terminal, a plain line every few seconds otherwise.
type Progress struct {
	total                 int
	done, failed, skipped atomic.Int64
	start                 time.Time

	w        io.Writer
	terminal bool
	every    time.Duration
	stop     chan struct{}
	wg       sync.WaitGroup
}

// NewProgress starts the display of a run of total documents on w: a bar
// when terminal, nothing when quiet.
func NewProgress(w io.Writer, total int, terminal, quiet bool) *Progress {
	p := &Progress{total: total, start: time.Now(), w: w, terminal: terminal, stop: make(chan struct{})}
	if quiet || w == nil {
		return p
	}
	p.every = 5 * time.Second
	if terminal {
		p.every = 200 * time.Millisecond
	}
	p.wg.Add(1)
	go p.loop()
	return p
}

// Add counts a document of the given outcome (a Doc's Status).
func (p *Progress) Add(outcome string) {
	switch outcome {
	case outcomeDone:
		p.done.Add(1)
	case outcomeFailed:
		p.failed.Add(1)
	case outcomeSkipped:
		p.skipped.Add(1)
	}
}

func (p *Progress) finished() int {
	return int(p.done.Load() + p.failed.Load() + p.skipped.Load())
}

func (p *Progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(p.every)
	defer t.Stop()
	last := -1
	for {
		select {
		case <-p.stop:
			if p.terminal {
				fmt.Fprintf(p.w, "\r%s\n", p.line(time.Now()))
			}
			return
		case now := <-t.C:
			if n := p.finished(); p.terminal {
				fmt.Fprintf(p.w, "\r%s", p.line(now))
			} else if n != last {
				fmt.Fprintln(p.w, p.line(now))
				last = n
			}
		}
	}
}

// Start is when the run began.
func (p *Progress) Start() time.Time { return p.start }

// Close stops the display, ending the bar's line.
func (p *Progress) Close() {
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
	p.wg.Wait()
}

// line renders the state: a bar on a terminal, then counts, rate and ETA.
func (p *Progress) line(now time.Time) string {
	n := p.finished()
	elapsed := now.Sub(p.start)
	var b strings.Builder
	if p.terminal {
		const width = 30
		fill := 0
		if p.total > 0 {
			fill = n * width / p.total
		}
		b.WriteString("[" + strings.Repeat("=", fill) + strings.Repeat(" ", width-fill) + "] ")
	}
	fmt.Fprintf(&b, "%d/%d  done %d  failed %d  skipped %d", n, p.total, p.done.Load(), p.failed.Load(), p.skipped.Load())
	worked := int(p.done.Load() + p.failed.Load())
	if worked > 0 && elapsed > 0 {
		rate := float64(worked) / elapsed.Seconds()
		fmt.Fprintf(&b, "  %.1f docs/s", rate)
		if left := p.total - n; left > 0 {
			fmt.Fprintf(&b, "  ETA %s", (time.Duration(float64(left)/rate) * time.Second).Round(time.Second))
		}
	}
	fmt.Fprintf(&b, "  %s", elapsed.Round(100*time.Millisecond))
	return b.String()
}
