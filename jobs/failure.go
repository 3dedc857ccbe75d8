package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// A failed job's result lives in asynq's archive, which keeps only the
// newest 10,000 failed tasks of a queue and deletes older ones whole: a
// bulk run with many bad documents would see its early failures turn into
// "job not found" within minutes. So a job that fails also leaves its
// result under a key of formfill's own, kept for the client's retention
// like a completed job's.
func failedKey(id string) string { return jobKey("failed", id) }

// failure is the record a failed job leaves under failedKey.
type failure struct {
	Result   *Result   `json:"result"`
	FailedAt time.Time `json:"failed_at"`
}

// queueFailure adds the failure record of job id to pipe.
func (c *Client) queueFailure(ctx context.Context, pipe redis.Pipeliner, id string, res *Result) error {
	data, err := json.Marshal(failure{Result: res, FailedAt: time.Now().UTC()})
	if err != nil {
		return fmt.Errorf("job %s: encode failure: %w", id, err)
	}
	if data, err = c.seal("failure:"+id, data); err != nil {
		return err
	}
	pipe.Set(ctx, failedKey(id), data, c.retention)
	return nil
}

// RecordFailure keeps res as the result of job id, which failed for good
// without the worker storing a result (its last retry ran out), so the
// failure outlives asynq's archive.
func (c *Backend) RecordFailure(ctx context.Context, id string, res *Result) error {
	pipe := c.rdb.Pipeline()
	if err := c.queueFailure(ctx, pipe, id, res); err != nil {
		return err
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("job %s: record failure: %w", id, c.connErr(err))
	}
	return nil
}

// failureOf returns the failure record of job id, or nil if it has none.
func (c *Client) failureOf(ctx context.Context, id string) (*failure, error) {
	data, err := c.rdb.Get(ctx, failedKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("job %s: %w", id, c.connErr(err))
	}
	if data, err = c.open("failure:"+id, data); err != nil {
		return nil, fmt.Errorf("job %s: failure record: %w", id, err)
	}
	var f failure
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("job %s: decode failure record: %w", id, err)
	}
	if f.Result == nil || f.Result.Error == nil {
		return nil, fmt.Errorf("job %s: failure record without an error", id)
	}
	return &f, nil
}

// failedStatus is the status of a job whose task asynq no longer holds
// but whose failure record is kept, or nil if there is none.
func (c *Client) failedStatus(ctx context.Context, queue, id string) (*Status, error) {
	f, err := c.failureOf(ctx, id)
	if f == nil || err != nil {
		return nil, err
	}
	return &Status{ID: id, Kind: f.Result.Kind, Queue: queue, State: StateFailed, CompletedAt: f.FailedAt,
		LastError: f.Result.Error.Message, Result: f.Result}, nil
}
