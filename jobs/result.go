package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/formfill/formfill/internal/queue"
	"github.com/redis/go-redis/v9"
)

// Outputs are the documents a job produced: Doc for a write or fill; for
// a fill_group, Items, one per entry of its result's Group (nil where that
// fill produced none).
type Outputs struct {
	Doc   []byte
	Items [][]byte
}

// StoreResult records a job's result under its ID and its output documents
// as blobs (setting each result's OutputDocID), in one round trip to
// Redis. Workers call it once per job, before asynq marks the job done. The
// result goes where asynq's inspector reads it (queue.ResultField of the
// task's hash), written here with the output document: one of the
// worker's few Redis trips per job saved.
func (c *Backend) StoreResult(ctx context.Context, q, id string, res *Result, out Outputs) error {
	if len(out.Items) != 0 && len(out.Items) != len(res.Group) {
		return fmt.Errorf("job %s: store result: %d outputs for %d group results", id, len(out.Items), len(res.Group))
	}
	pipe := c.rdb.Pipeline()
	if err := c.queueOutput(ctx, pipe, res, out.Doc); err != nil {
		return err
	}
	for i, doc := range out.Items {
		if err := c.queueOutput(ctx, pipe, res.Group[i], doc); err != nil {
			return err
		}
	}
	data, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("job %s: encode result: %w", id, err)
	}
	if data, err = c.seal("result:"+id, data); err != nil {
		return err
	}
	pipe.HSet(ctx, queue.TaskKey(q, id), queue.ResultField, data)
	if res.Error != nil {
		if err := c.queueFailure(ctx, pipe, id, res); err != nil {
			return err
		}
	} else {
		pipe.Del(ctx, failedKey(id)) // an earlier attempt's record is void now
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("job %s: store result: %w", id, c.connErr(err))
	}
	return nil
}

// queueOutput adds output, if any, to pipe as a blob and names it in res.
// Its doc_id is its sha256: the result records the output's hash, and
// every read of the blob (formfill result, the MCP server) checks it.
func (c *Client) queueOutput(ctx context.Context, pipe redis.Pipeliner, res *Result, output []byte) error {
	if output == nil || res == nil {
		return nil
	}
	res.OutputDocID = DocID(output)
	stored, err := c.seal("blob:"+res.OutputDocID, output)
	if err != nil {
		return err
	}
	if _, inRedis := c.blobs.(redisBlobStore); inRedis {
		// In the result's transaction: the output exists iff the result does.
		pipe.Set(ctx, blobPrefix+res.OutputDocID, stored, c.blobTTL)
		return nil
	}
	// Elsewhere, before the result that names it is stored.
	return c.blobs.Put(ctx, res.OutputDocID, stored, c.blobTTL)
}

// jobKey is the key of formfill's own record of kind (failed, canceled,
// phase) about job id, in the Cluster slot of its task (queue.RecordKey).
func jobKey(kind, id string) string {
	q, err := queueOfID(id)
	if err != nil {
		q = "" // an ID of no formfill queue: an untagged key
	}
	return queue.RecordKey(kind, q, id)
}
