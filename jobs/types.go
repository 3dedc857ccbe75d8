package jobs

import (
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
)

// Result is what a job leaves under its ID.
type Result struct {
	Kind        Kind                          `json:"kind"`
	Compact     *formats.CompactStructure     `json:"compact,omitempty"`
	Raw         *formats.RawStructure         `json:"raw,omitempty"`
	Text        string                        `json:"text,omitempty"`
	Validated   []formats.ValidatedLocation   `json:"validated,omitempty"`
	Insertion   *formats.BuildInsertionResult `json:"insertion,omitempty"`
	Write       *formats.WriteResult          `json:"write,omitempty"`
	OutputDocID string                        `json:"output_doc_id,omitempty"` // blob of the filled document (write, fill)
	Fields      []formats.FormField           `json:"fields,omitempty"`
	View        *formats.DocumentView         `json:"view,omitempty"`   // read_document
	Search      *formats.SearchResult         `json:"search,omitempty"` // search
	Report      *formats.VerificationReport   `json:"report,omitempty"`
	Harvest     *formats.HarvestResult        `json:"harvest,omitempty"`    // harvest
	CarryOver   *reuse.Result                 `json:"carry_over,omitempty"` // carry_over
	Error       *Error                        `json:"error,omitempty"`      // set when the job failed
	// Group holds a fill_group job's results, one per payload and in the
	// same order; each has its own output document or error.
	Group []*Result `json:"group,omitempty"`
}

// State is where a job is in its life.
type State string

// Job states. Completed, failed and canceled are final.
const (
	StatePending   State = "pending"
	StateActive    State = "active"
	StateRetry     State = "retry"
	StateCompleted State = "completed"
	StateFailed    State = "failed"
	StateCanceled  State = "canceled"
	StateUnknown   State = "unknown" // past retention, or never existed
)

// Final reports whether a job in state s will not change any more.
func (s State) Final() bool {
	return s == StateCompleted || s == StateFailed || s == StateCanceled
}

// Status describes a job.
type Status struct {
	ID          string    `json:"job_id"`
	Kind        Kind      `json:"kind"`
	Queue       string    `json:"queue"`
	State       State     `json:"status"`
	Retried     int       `json:"retried"`
	MaxRetry    int       `json:"max_retry"`
	LastError   string    `json:"last_error,omitempty"`
	CompletedAt time.Time `json:"completed_at,omitzero"`
	Result      *Result   `json:"result,omitempty"`
	// Phase is the step an unfinished job's worker reported last, as a
	// wait saw it (Await's light looks read it; Status does not).
	Phase *Phase `json:"phase,omitempty"`
}

// QueueInfo is the depth and throughput of one queue.
type QueueInfo struct {
	Queue          string `json:"queue"`
	Pending        int    `json:"pending"`
	Active         int    `json:"active"`
	Retry          int    `json:"retry"`
	Failed         int    `json:"failed_retained"`
	Completed      int    `json:"completed_retained"`
	ProcessedToday int    `json:"processed_today"`
	FailedToday    int    `json:"failed_today"`
	LatencyMS      int64  `json:"latency_ms"` // age of the oldest pending job
	Paused         bool   `json:"paused,omitempty"`
}
