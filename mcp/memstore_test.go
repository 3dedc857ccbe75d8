package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

// memStore is an in-memory Store that runs jobs through the format engines
// on goroutines, like a worker would. hold() keeps new jobs pending until
// release(), to exercise the asynchronous paths deterministically.
type memStore struct {
	mu    sync.Mutex
	blobs map[string][]byte
	jobs  map[string]*jobs.Status
	seq   int
	held  bool
	queue []string
	subs  map[string]jobs.Payload
	// seen lists the states each job went through, so that Await reports
	// every one of them however fast the job runs.
	seen map[string][]jobs.State
}

func newMemStore() *memStore {
	return &memStore{blobs: map[string][]byte{}, jobs: map[string]*jobs.Status{}, subs: map[string]jobs.Payload{}, seen: map[string][]jobs.State{}}
}

func (m *memStore) PutBlob(_ context.Context, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	id := hex.EncodeToString(sum[:])
	m.mu.Lock()
	m.blobs[id] = append([]byte(nil), data...)
	m.mu.Unlock()
	return id, nil
}

func (m *memStore) GetBlob(_ context.Context, id string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.blobs[id]
	if !ok {
		return nil, fmt.Errorf("blob %s: %w", id, jobs.ErrBlobNotFound)
	}
	return b, nil
}

func (m *memStore) Submit(_ context.Context, p jobs.Payload, _ ...jobs.Option) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seq++
	id := fmt.Sprintf("interactive:job-%d", m.seq)
	m.jobs[id] = &jobs.Status{ID: id, Kind: p.Kind, Queue: jobs.QueueInteractive, State: statePending}
	m.subs[id] = p
	m.seen[id] = []jobs.State{statePending}
	if m.held {
		m.queue = append(m.queue, id)
	} else {
		go m.run(id, p)
	}
	return id, nil
}

func (m *memStore) hold() { m.mu.Lock(); m.held = true; m.mu.Unlock() }

func (m *memStore) release() {
	m.mu.Lock()
	m.held = false
	q := m.queue
	m.queue = nil
	m.mu.Unlock()
	for _, id := range q {
		m.mu.Lock()
		p := m.subs[id]
		m.mu.Unlock()
		go m.run(id, p)
	}
}

// payload returns what job id was submitted with.
func (m *memStore) payload(id string) jobs.Payload {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.subs[id]
}

func (m *memStore) run(id string, p jobs.Payload) {
	m.mu.Lock()
	st := m.jobs[id]
	if st.State != statePending {
		m.mu.Unlock()
		return
	}
	st.State = stateActive
	m.seen[id] = append(m.seen[id], stateActive)
	doc := m.blobs[p.DocID]
	if c := p.CarryOver; c != nil && c.PreviousDocID != "" {
		a := *c
		a.Previous = m.blobs[c.PreviousDocID] // as a worker fetches it
		p.CarryOver = &a
	}
	m.mu.Unlock()

	res, out, err := execute(p, doc)
	m.mu.Lock()
	defer m.mu.Unlock()
	if st.State == stateCanceled {
		return
	}
	st.CompletedAt = time.Now()
	if out != nil {
		sum := sha256.Sum256(out)
		res.OutputDocID = hex.EncodeToString(sum[:])
		m.blobs[res.OutputDocID] = out
	}
	switch {
	case formats.IsInputError(err):
		st.State, st.LastError = stateFailed, err.Error()
		st.Result = &jobs.Result{Kind: p.Kind, Error: jobs.ErrorOf(err)}
	case err != nil:
		st.State, st.LastError = stateFailed, err.Error()
	default:
		st.State, st.Result = stateCompleted, res
	}
	m.seen[id] = append(m.seen[id], st.State)
}

// queued returns the held jobs.
func (m *memStore) queued() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.queue...)
}

// execute runs one payload exactly as a worker does.
func execute(p jobs.Payload, doc []byte) (*jobs.Result, []byte, error) {
	return worker.Execute(context.Background(), p, doc)
}

func (m *memStore) Status(_ context.Context, id string) (*jobs.Status, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	st, ok := m.jobs[id]
	if !ok {
		return nil, fmt.Errorf("job %s: %w", id, jobs.ErrJobNotFound)
	}
	cp := *st
	return &cp, nil
}

// Await polls Status as a worker-backed store's wait would, every
// millisecond, reporting each state the job went through.
func (m *memStore) Await(ctx context.Context, id string, wait time.Duration, onState func(*jobs.Status)) (*jobs.Status, error) {
	deadline := time.Now().Add(wait)
	reported := 0
	for {
		st, err := m.Status(ctx, id)
		if err != nil {
			return nil, err
		}
		m.mu.Lock()
		states := append([]jobs.State(nil), m.seen[id]...)
		m.mu.Unlock()
		for ; onState != nil && reported < len(states); reported++ {
			step := *st
			if states[reported] != st.State {
				step.State, step.Result = states[reported], nil
			}
			onState(&step)
		}
		if finished(st.State) || !time.Now().Before(deadline) || ctx.Err() != nil {
			return st, nil
		}
		time.Sleep(min(time.Millisecond, time.Until(deadline)))
	}
}

func (m *memStore) Cancel(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	st, ok := m.jobs[id]
	if !ok {
		return fmt.Errorf("job %s: %w", id, jobs.ErrJobNotFound)
	}
	if !finished(st.State) {
		st.State = stateCanceled
		m.seen[id] = append(m.seen[id], stateCanceled)
	}
	return nil
}

func (m *memStore) Jobs(ctx context.Context, ids []string) ([]*jobs.Status, error) {
	out := make([]*jobs.Status, 0, len(ids))
	for _, id := range ids {
		st, err := m.Status(ctx, id)
		if err != nil {
			continue
		}
		out = append(out, st)
	}
	return out, nil
}
