package main

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/internal/batch"
	"github.com/formfill/formfill/internal/safefile"
	"github.com/formfill/formfill/jobs"
)

// docJob is a job on one document file.
type docJob struct {
	path, typ string
	payload   jobs.Payload
	opts      []jobs.Option
}

// prepare uploads the job's document, if it needs one, and returns the
// payload to submit.
func (j docJob) prepare(ctx context.Context, c *jobs.Client) (jobs.Payload, error) {
	p := j.payload
	if p.Kind.NeedsDocument() {
		data, ft, err := readDocument(j.path, j.typ)
		if err != nil {
			return p, err
		}
		if p.DocID, err = c.PutBlob(ctx, data); err != nil {
			return p, err
		}
		p.FileType = ft
	}
	return p, nil
}

// submitDoc uploads the document and submits the job; it returns the job ID.
func submitDoc(ctx context.Context, c *jobs.Client, j docJob) (string, error) {
	p, err := j.prepare(ctx, c)
	if err != nil {
		return "", err
	}
	return c.Submit(ctx, p, j.opts...)
}

// runDocJob runs a job to its end and returns its result; a job that failed
// comes back as a *jobs.FailedError (with the result, if it left one).
func runDocJob(ctx context.Context, b *backend, j docJob) (*jobs.Result, error) {
	p, err := j.prepare(ctx, b.client)
	if err != nil {
		return nil, err
	}
	st, err := b.client.Run(ctx, p, append(j.opts, jobs.PollEvery(b.pollInterval()))...)
	if err != nil && j.path != "" {
		err = fmt.Errorf("%s: %w", j.path, err)
	}
	if st == nil {
		return nil, err
	}
	return st.Result, err
}

// saveOutput fetches the job's output document and writes it to path.
func saveOutput(ctx context.Context, c *jobs.Client, res *jobs.Result, path string) error {
	data, err := batch.FetchOutput(ctx, c, res, path)
	if err != nil {
		return err
	}
	return writeOutput(path, data)
}

// checkWritable fails early when an output path cannot be created, before
// any work is queued. It touches no file but a temporary one of its own.
func checkWritable(path string) error { return safefile.CheckWritable(path) }
