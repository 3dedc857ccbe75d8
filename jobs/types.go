package jobs

import (
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
)

// Payload is what a task carries: references to blobs, never document bytes.
type Payload struct {
	Kind  Kind   `json:"kind"`
	DocID string `json:"doc_id,omitempty"` // sha256 hex of the document blob
	// SourceDocID names the document a verify job's document was written
	// from, so verify also reports what the write lost; the worker fetches
	// it into Source.
	SourceDocID string `json:"source_doc_id,omitempty"`
	Source      []byte `json:"-"`
	// PreviousDocID names the filled document carry_over reads the
	// answers from (any format); the worker fetches it into Previous.
	PreviousDocID string                         `json:"previous_doc_id,omitempty"`
	Previous      []byte                         `json:"-"`
	FileType      formats.FileType               `json:"file_type,omitempty"`
	Locations     []formats.Location             `json:"locations,omitempty"`
	Answers       []formats.Answer               `json:"answers,omitempty"`
	Expected      []formats.ExpectedAnswer       `json:"expected,omitempty"`
	Insertion     *formats.BuildInsertionRequest `json:"insertion,omitempty"`
	DryRun        bool                           `json:"dry_run,omitempty"`
	// Page bounds the elements a reading operation returns (offset, limit,
	// max_tokens).
	formats.Page
	View    string   `json:"view,omitempty"`    // extract_compact: map or targets
	IDs     []string `json:"ids,omitempty"`     // extract_compact: elements to return in full
	Pattern string   `json:"pattern,omitempty"` // search
	Regex   bool     `json:"regex,omitempty"`   // search: pattern is a regular expression
	Format  string   `json:"format,omitempty"`  // read_document: toon or json
	// The review options of write and fill (formats.WriteOptions): absent
	// in jobs of earlier versions, which then write as before.
	TrackChanges     bool   `json:"track_changes,omitempty"`
	CommentUncertain bool   `json:"comment_uncertain,omitempty"`
	Author           string `json:"author,omitempty"`
	Date             string `json:"date,omitempty"`
	// Flatten and FlattenSignatures burn a filled PDF form into its pages
	// (formats.WriteOptions).
	Flatten           bool `json:"flatten,omitempty"`
	FlattenSignatures bool `json:"flatten_signatures,omitempty"`
	// StripActiveContent removes the output's active content (write, fill).
	StripActiveContent bool `json:"strip_active_content,omitempty"`
	// Group holds the fill payloads of a fill_group job, each with its own
	// document and answers.
	Group []Payload `json:"group,omitempty"`
	// AnswersBlob holds Answers/Expected/Locations/Group as a blob when they are
	// too large to travel in the task itself (see maxInlinePayload).
	AnswersBlob string `json:"answers_blob,omitempty"`
	PayloadBlob string `json:"payload_blob,omitempty"` // the whole payload, sealed as a blob, when the client encrypts at rest (WithKeyring)
}

// WriteOptions are the write options the payload carries.
func (p *Payload) WriteOptions() formats.WriteOptions {
	return formats.WriteOptions{DryRun: p.DryRun, TrackChanges: p.TrackChanges, CommentUncertain: p.CommentUncertain, Author: p.Author, Date: p.Date,
		Flatten: p.Flatten, FlattenSignatures: p.FlattenSignatures, StripActiveContent: p.StripActiveContent}
}

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
