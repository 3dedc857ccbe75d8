package batch

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// Doc is one document's outcome, as the summary reports it.
type Doc struct {
	N      int    `json:"n"`
	File   string `json:"file"`
	Output string `json:"output"`
	Status string `json:"status"`
	JobID  string `json:"job_id,omitempty"`
	Error  string `json:"error,omitempty"`
	// Carry counts the answers carried over from the entry's previous
	// document.
	Carry *CarryCounts `json:"carry_over,omitempty"`
}

// CarryCounts are a document's carried answers: known or uncertain, and
// the targets left unanswered.
type CarryCounts struct {
	Carried    int `json:"carried"`
	Uncertain  int `json:"uncertain"`
	Unanswered int `json:"unanswered"`
}

// Summary is the end of a batch run.
type Summary struct {
	Total       int     `json:"total"`
	Done        int     `json:"done"`
	Failed      int     `json:"failed"`
	Skipped     int     `json:"skipped"`
	Submitted   int     `json:"submitted"`
	Unfinished  int     `json:"unfinished,omitempty"`
	ElapsedMS   int64   `json:"elapsed_ms"`
	DocsPerSec  float64 `json:"docs_per_second"`
	Interrupted bool    `json:"interrupted,omitempty"`
	// FailoverWaitMS is the longest a Redis command of the run waited
	// through a failover of a Sentinel or Cluster Redis: the outage the
	// batch rode through.
	FailoverWaitMS int64 `json:"failover_wait_ms,omitempty"`
	Failures       []Doc `json:"failures"`
	Documents      []Doc `json:"documents"`
}

// Summarize counts the outcomes of a run that submitted jobs over elapsed.
func Summarize(docs []Doc, submitted int, elapsed time.Duration, interrupted bool) Summary {
	s := Summary{Total: len(docs), Submitted: submitted, ElapsedMS: elapsed.Milliseconds(), Interrupted: interrupted,
		Documents: docs, Failures: []Doc{}}
	for _, d := range docs {
		switch d.Status {
		case outcomeDone:
			s.Done++
		case outcomeFailed:
			s.Failed++
			s.Failures = append(s.Failures, d)
		case outcomeSkipped:
			s.Skipped++
		default:
			s.Unfinished++
		}
	}
	if elapsed > 0 {
		s.DocsPerSec = float64(s.Done+s.Failed) / elapsed.Seconds()
	}
	return s
}

// Problems lists the answers a report found missing or mismatched, for
// error messages.
func Problems(r *formats.VerificationReport) string {
	var out []string
	for _, c := range r.ContentResults {
		if c.Status != formats.ContentMatched {
			out = append(out, fmt.Sprintf("%s %s", c.PairID, c.Status))
		}
	}
	if n := len(r.StructuralIssues); n > 0 {
		out = append(out, fmt.Sprintf("%d structural issues", n))
	}
	return strings.Join(out, ", ")
}

// FetchOutput fetches a job's output document, bound for path.
func FetchOutput(ctx context.Context, c *jobs.Client, res *jobs.Result, path string) ([]byte, error) {
	if res.OutputDocID == "" && len(res.Group) > 0 {
		return nil, fmt.Errorf("a %s job has one output per document, not one for %s: see output_doc_id in each of its %d group entries (formfill result --json)",
			res.Kind, path, len(res.Group))
	}
	if res.OutputDocID == "" {
		return nil, fmt.Errorf("the job produced no document to write to %s", path)
	}
	data, err := c.GetBlob(ctx, res.OutputDocID)
	if err != nil {
		return nil, fmt.Errorf("output document: %w", err)
	}
	return data, nil
}
