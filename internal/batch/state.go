package batch

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fillinput"
)

// StateFileName is the batch state log's name in the output directory.
const StateFileName = ".formfill-batch.json"

// Document outcomes in a batch.
const (
	outcomeDone    = "done"
	outcomeFailed  = "failed"
	outcomeSkipped = "skipped"
	// outcomeUnfinished is a document an interrupted run did not finish.
	outcomeUnfinished = "unfinished"
)

// stateRecord is what the state log remembers of one document.
type stateRecord struct {
	Output string    `json:"output"`
	File   string    `json:"file"`
	Key    string    `json:"key"` // sha256 of the document and its answers
	JobID  string    `json:"job_id,omitempty"`
	Status string    `json:"status"`
	Error  string    `json:"error,omitempty"`
	At     time.Time `json:"at"`
}

// State is an append-only log of JSON lines, one per finished
// document: appending is cheap for thousands of documents and survives an
// interruption (a torn last line is ignored on reading).
type State struct {
	mu   sync.Mutex
	path string
	f    *os.File
	recs map[string]stateRecord // by output path; the last line wins
}

// OpenState opens the state log of outDir, reading what earlier runs
// recorded there, and creates it if there is none.
func OpenState(outDir string) (*State, error) {
	s := &State{path: filepath.Join(outDir, StateFileName), recs: map[string]stateRecord{}}
	if f, err := os.Open(s.path); err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			var r stateRecord
			if json.Unmarshal(sc.Bytes(), &r) == nil && r.Output != "" {
				s.recs[r.Output] = r
			}
		}
		f.Close()
	}
	// O_NOFOLLOW: a link planted at the state file's name must not carry
	// its appends to another file. 0666 less the umask, as any new file.
	f, err := os.OpenFile(s.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND|syscall.O_NOFOLLOW, 0o666)
	if err != nil {
		return nil, fmt.Errorf("batch state: %w", err)
	}
	s.f = f
	return s, nil
}

// finished reports whether output was produced from exactly this key and
// is still on disk: such a document is not redone.
func (s *State) finished(output, key string) (stateRecord, bool) {
	s.mu.Lock()
	r, ok := s.recs[output]
	s.mu.Unlock()
	return r, ok && r.Key == key && r.Status == outcomeDone && fillinput.Exists(output)
}

// failedJob returns the job whose run last failed to fill output from
// exactly this key, or "". A group job completes even when some of its
// documents failed, so a rerun must not collect that job again but submit
// new work.
func (s *State) failedJob(output, key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.recs[output]; ok && r.Key == key && r.Status == outcomeFailed {
		return r.JobID
	}
	return ""
}

func (s *State) record(r stateRecord) error {
	r.At = time.Now().UTC()
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recs[r.Output] = r
	if _, err := s.f.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("batch state %s: %w", s.path, err)
	}
	return nil
}

// Close closes the log.
func (s *State) Close() error { return s.f.Close() }

// optionsKey is what the review options add to a document's work key:
// nothing without them, so keys of earlier runs stay valid.
func optionsKey(o formats.WriteOptions) []byte {
	if !o.TrackChanges && !o.CommentUncertain && o.Author == "" && o.Date == "" && !o.Flatten && !o.FlattenSignatures && !o.StripActiveContent {
		return nil
	}
	b, _ := json.Marshal(o)
	return b
}

// workKey identifies a document's work: the same bytes filled with the same
// answers (and review options, when given) always give the same key, so the
// job's idempotency key makes a rerun find the job instead of running it
// again.
func workKey(doc []byte, answers []formats.Answer, options []byte) (string, error) {
	a, err := json.Marshal(answers)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	d := sha256.Sum256(doc)
	h.Write(d[:])
	h.Write(a)
	h.Write(options)
	return "batch-" + hex.EncodeToString(h.Sum(nil)), nil
}
