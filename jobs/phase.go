package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Phase is the step a running job is at, as its worker reports it: what it
// does and, in a job of several documents, which of them. Clients waiting
// for the job see it in Status.Phase (Await reports each change, for
// progress reports); it is a hint, never the job's state.
type Phase struct {
	Step string `json:"step"`
	Doc  int    `json:"doc,omitempty"`  // the document being worked on, from 1
	Docs int    `json:"docs,omitempty"` // the documents of the job
}

// String says the phase in words: "write answers", or "document 3 of 10:
// fill and verify".
func (p Phase) String() string {
	if p.Docs > 0 {
		return fmt.Sprintf("document %d of %d: %s", p.Doc, p.Docs, p.Step)
	}
	return p.Step
}

func phaseKey(id string) string { return jobKey("phase", id) }

// phaseTTL bounds how long a phase is kept: a phase outliving its job is
// never read (only unfinished jobs' phases are), so it need not be removed.
const phaseTTL = time.Hour

// ReportPhase records the phase job id is at. A worker calls it as the job
// moves on; a failure to record it harms nothing but the progress report.
func (c *Backend) ReportPhase(ctx context.Context, id string, p Phase) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	if err := c.rdb.Set(ctx, phaseKey(id), b, phaseTTL).Err(); err != nil {
		return fmt.Errorf("job %s: record phase: %w", id, c.connErr(err))
	}
	return nil
}

// parsePhase reads a recorded phase; nil when there is none.
func parsePhase(b []byte) *Phase {
	if len(b) == 0 {
		return nil
	}
	var p Phase
	if json.Unmarshal(b, &p) != nil || p.Step == "" {
		return nil
	}
	return &p
}

// samePhase reports whether two phases say the same.
func samePhase(a, b *Phase) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
