package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/formfill/formfill/jobs"
)

// jobFailedError is a job that ended failed or canceled, with the error it
// left in its result.
type jobFailedError struct {
	id    string
	state jobs.State
	je    *jobs.JobError
}

func (e *jobFailedError) Error() string {
	msg := string(e.state)
	if e.je != nil {
		msg = e.je.Message
		if e.je.Field != "" {
			msg = fmt.Sprintf("%s (%s: %s)", msg, e.je.Kind, e.je.Field)
		} else if e.je.Kind != "" {
			msg = fmt.Sprintf("%s (%s)", msg, e.je.Kind)
		}
	}
	return fmt.Sprintf("job %s %s: %s", e.id, e.state, msg)
}

// docJob is a job on one document file.
type docJob struct {
	path, typ string
	payload   jobs.Payload
	opts      []jobs.SubmitOption
}

// submitDoc uploads the document and submits the job; it returns the job ID.
func submitDoc(ctx context.Context, c *jobs.Client, j docJob) (string, error) {
	p := j.payload
	if p.Kind.NeedsDocument() {
		data, ft, err := readDocument(j.path, j.typ)
		if err != nil {
			return "", err
		}
		if p.DocID, err = c.PutBlob(ctx, data); err != nil {
			return "", err
		}
		p.FileType = ft
	}
	return c.Submit(ctx, p, j.opts...)
}

// runDocJob submits a job, waits for it and returns its result; a job that
// failed on its input comes back as a *jobFailedError.
func runDocJob(ctx context.Context, b *backend, j docJob) (string, *jobs.Result, error) {
	id, err := submitDoc(ctx, b.client, j)
	if err != nil {
		return "", nil, err
	}
	res, err := awaitResult(ctx, b.client, id, b.pollInterval())
	if err != nil && j.path != "" {
		err = fmt.Errorf("%s: %w", j.path, err)
	}
	return id, res, err
}

// awaitResult waits for job id to finish and returns its result.
func awaitResult(ctx context.Context, c *jobs.Client, id string, poll time.Duration) (*jobs.Result, error) {
	st, err := c.Wait(ctx, id, poll)
	if err != nil {
		return nil, err
	}
	return resultOf(st)
}

func resultOf(st *jobs.Status) (*jobs.Result, error) {
	if st.State != jobs.StateCompleted {
		var je *jobs.JobError
		if st.Result != nil {
			je = st.Result.Error
		}
		if je == nil && st.LastError != "" {
			je = &jobs.JobError{Message: st.LastError}
		}
		return st.Result, &jobFailedError{id: st.ID, state: st.State, je: je}
	}
	if st.Result == nil {
		return nil, fmt.Errorf("job %s completed without a stored result", st.ID)
	}
	if st.Result.Error != nil {
		return st.Result, &jobFailedError{id: st.ID, state: jobs.StateFailed, je: st.Result.Error}
	}
	return st.Result, nil
}

// saveOutput fetches the job's output document and writes it to path.
func saveOutput(ctx context.Context, c *jobs.Client, res *jobs.Result, path string) error {
	if res.OutputDocID == "" && len(res.Group) > 0 {
		return fmt.Errorf("a %s job has one output per document, not one for %s: see output_doc_id in each of its %d group entries (formfill result --json)",
			res.Kind, path, len(res.Group))
	}
	if res.OutputDocID == "" {
		return fmt.Errorf("the job produced no document to write to %s", path)
	}
	data, err := c.GetBlob(ctx, res.OutputDocID)
	if err != nil {
		return fmt.Errorf("output document: %w", err)
	}
	return writeOutput(path, data)
}

// checkWritable fails early when an output path cannot be created, before
// any work is queued.
func checkWritable(path string) error {
	f, err := os.OpenFile(path+".tmp", os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("output %s: %w", path, err)
	}
	f.Close()
	return os.Remove(path + ".tmp")
}
