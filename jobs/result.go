package jobs

import (
	"context"
	"encoding/json"
	"fmt"
)

// taskKey is the hash asynq keeps a task in: its "state" field and, where
// GetTaskInfo reads it from, its "result". Writing the result there
// ourselves, in the same round trip as the output document, saves the
// worker one of its few Redis trips per job, and reading the state alone
// makes Wait's polls light. A change of asynq's layout shows at once: every
// test that waits for a job or reads a result back would fail.
func taskKey(queue, id string) string { return "asynq:{" + queue + "}:t:" + id }

// StoreResult records a job's result under its ID and, for jobs that
// produce one, the output document as a blob (setting res.OutputDocID), in
// one round trip to Redis. Workers call it once per job, before asynq marks
// the job done.
func (c *Client) StoreResult(ctx context.Context, queue, id string, res *Result, output []byte) error {
	var outID string
	if output != nil {
		outID = DocID(output)
		res.OutputDocID = outID
	}
	data, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("job %s: encode result: %w", id, err)
	}
	pipe := c.rdb.Pipeline()
	if output != nil {
		pipe.Set(ctx, blobPrefix+outID, output, c.blobTTL)
	}
	pipe.HSet(ctx, taskKey(queue, id), "result", data)
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("job %s: store result: %w", id, c.connErr(err))
	}
	return nil
}
