package mcp

import (
	"slices"
	"sync"
	"time"
)

// jobMeta is what this replica remembers about a job it submitted: the
// tool that made it (to shape get_job's answer like the tool's) and where
// write_answers was asked to save the filled document. The job itself lives
// in the job store; a replica that lacks this note still answers, returning
// the document as base64 instead of writing it.
type jobMeta struct {
	ID         string
	Tool       string
	Owner      string // the name of the principal that made it
	DocID      string
	OutputPath string
	// Delivered is where the filled document was written, once it was: a
	// later get_job reports it instead of writing again over what the
	// user may since have changed.
	Delivered string
	Created   time.Time
	// shared says whether Redis took the note (redisIndex), so that it
	// alone decides who sees the job.
	shared bool
}

// tracker keeps the recent jobs of each principal, newest last, bounded per
// principal so a long-lived agent cannot grow it without limit.
type tracker struct {
	mu    sync.Mutex
	max   int
	byID  map[string]*jobMeta
	owner map[string][]string
	docs  map[string]bool // owner + ":" + doc ID: the documents each may name
}

func newTracker(max int) *tracker {
	return &tracker{max: max, byID: map[string]*jobMeta{}, owner: map[string][]string{}, docs: map[string]bool{}}
}

func (t *tracker) add(m jobMeta) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, dup := t.byID[m.ID]; dup {
		return
	}
	t.byID[m.ID] = &m
	if m.DocID != "" {
		t.docs[m.Owner+":"+m.DocID] = true
	}
	ids := append(t.owner[m.Owner], m.ID)
	if len(ids) > t.max {
		for _, old := range ids[:len(ids)-t.max] {
			delete(t.byID, old)
		}
		ids = append([]string(nil), ids[len(ids)-t.max:]...)
	}
	t.owner[m.Owner] = ids
}

func (t *tracker) get(id string) (jobMeta, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	m, ok := t.byID[id]
	if !ok {
		return jobMeta{}, false
	}
	return *m, true
}

// markDelivered notes that job id's filled document was written to path.
func (t *tracker) markDelivered(id, path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if m, ok := t.byID[id]; ok {
		m.Delivered = path
	}
}

// forget drops the notes of ids.
func (t *tracker) forget(ids []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, id := range ids {
		m, ok := t.byID[id]
		if !ok {
			continue
		}
		delete(t.byID, id)
		list := t.owner[m.Owner]
		if i := slices.Index(list, id); i >= 0 {
			t.owner[m.Owner] = slices.Delete(list, i, i+1)
		}
	}
}

// recent returns up to n job IDs of owner, newest first.
func (t *tracker) recent(owner string, n int) []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := t.owner[owner]
	out := make([]string, 0, min(n, len(ids)))
	for i := len(ids) - 1; i >= 0 && len(out) < n; i-- {
		out = append(out, ids[i])
	}
	return out
}

// own notes that owner may name document docID.
func (t *tracker) own(owner, docID string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.docs[owner+":"+docID] = true
}

// owns tells whether owner may name document docID.
func (t *tracker) owns(owner, docID string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.docs[owner+":"+docID]
}
