package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/redis/go-redis/v9"
)

// Failure retention. asynq keeps failed (archived) tasks only up to 10,000
// a queue and 90 days, and drops older ones without a word; formfill's own
// failure record (failedKey) lasts the result retention. So each job that
// fails for good is also copied, with its error and a summary of its
// payload but never its document or answers, to a Redis stream per queue,
// formfill:failures:{<queue>} (the queue's hash tag: one slot), trimmed by
// age: KeepFailures. `formfill failures` lists it.

// DefaultKeepFailures is how long failures are kept by default.
const DefaultKeepFailures = 30 * 24 * time.Hour

// FailureEntry is one kept failure.
type FailureEntry struct {
	JobID    string    `json:"job_id"`
	Queue    string    `json:"queue"`
	Kind     Kind      `json:"kind"`
	FailedAt time.Time `json:"failed_at"`
	Retried  int       `json:"retried"`
	// Error is the job's error: its kind, field and message.
	Error Error `json:"error"`
	// Payload summarizes what the job was given, without the document
	// or the answers: see SummarizePayload.
	Payload map[string]any `json:"payload,omitempty"`
	// Source says who copied it: the worker that ran the job's last
	// attempt ("worker"), or one that saw asynq archive it unrun
	// ("archive", as after a worker died on the last attempt).
	Source string `json:"source"`
}

// KeepFailure copies a failed job to the queue's failure stream, dropping
// entries older than keep. keep 0 keeps nothing.
func (c *Backend) KeepFailure(ctx context.Context, f FailureEntry, keep time.Duration) error {
	if keep <= 0 {
		return nil
	}
	data, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("job %s: encode kept failure: %w", f.JobID, err)
	}
	if data, err = c.seal("kept-failure:"+f.JobID, data); err != nil {
		return err
	}
	key := queue.FailuresKey(f.Queue)
	oldest := time.Now().Add(-keep).UnixMilli()
	pipe := c.rdb.Pipeline()
	pipe.XAdd(ctx, &redis.XAddArgs{Stream: key, MinID: strconv.FormatInt(oldest, 10), Approx: true,
		Values: []any{"job_id", f.JobID, "entry", data}})
	pipe.Expire(ctx, key, keep) // an idle queue's stream goes too
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("job %s: keep failure: %w", f.JobID, c.connErr(err))
	}
	return nil
}

// KeptFailures returns up to limit kept failures of queues, newest first,
// failed at or after since (zero: any).
func (c *Client) KeptFailures(ctx context.Context, queues []string, since time.Time, limit int) ([]FailureEntry, error) {
	start := "-"
	if !since.IsZero() {
		start = strconv.FormatInt(since.UnixMilli(), 10)
	}
	var out []FailureEntry
	for _, q := range queues {
		msgs, err := c.rdb.XRevRangeN(ctx, queue.FailuresKey(q), "+", start, int64(limit)).Result()
		if err != nil {
			return nil, fmt.Errorf("failures of queue %s: %w", q, c.connErr(err))
		}
		for _, m := range msgs {
			f, err := c.decodeKept(m)
			if err != nil {
				return nil, fmt.Errorf("failures of queue %s, entry %s: %w", q, m.ID, err)
			}
			out = append(out, f)
		}
	}
	slices.SortStableFunc(out, func(a, b FailureEntry) int { return b.FailedAt.Compare(a.FailedAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (c *Client) decodeKept(m redis.XMessage) (FailureEntry, error) {
	var f FailureEntry
	id, _ := m.Values["job_id"].(string)
	raw, _ := m.Values["entry"].(string)
	data, err := c.open("kept-failure:"+id, []byte(raw))
	if err != nil {
		return f, err
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, fmt.Errorf("decode: %w", err)
	}
	return f, nil
}

// SummarizePayload describes a task payload without its document or
// answers: the kind, the doc_id, the file type, how many answers,
// expectations and locations it had, a group's size. A payload sealed at
// rest says only that.
func SummarizePayload(raw []byte) map[string]any {
	var p Payload
	if err := json.Unmarshal(raw, &p); err != nil {
		return map[string]any{"unreadable": true, "bytes": len(raw)}
	}
	s := map[string]any{"kind": p.Kind}
	if p.PayloadBlob != "" {
		s["sealed"] = true
		return s
	}
	set := func(k string, v any, ok bool) {
		if ok {
			s[k] = v
		}
	}
	set("doc_id", p.DocID, p.DocID != "")
	set("file_type", p.FileType, p.FileType != "")
	set("answers", len(p.Answers), len(p.Answers) > 0)
	expected, locations := p.verifyArgs().Expected, p.validateArgs().Locations
	set("expected", len(expected), len(expected) > 0)
	set("locations", len(locations), len(locations) > 0)
	set("group", len(p.Group), len(p.Group) > 0)
	set("answers_blob", p.AnswersBlob, p.AnswersBlob != "")
	return s
}

// ParseKeep reads a retention such as 30d, 12h or 90m; 0 turns keeping off.
func ParseKeep(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%w: %q: expected a number of days (30d) or a duration (12h)", ErrInvalidConfig, s)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%w: %q: expected a number of days (30d) or a duration (12h)", ErrInvalidConfig, s)
	}
	return d, nil
}

// ArchivedFailure describes a job asynq archived, from its task: for a
// job no handler recorded (its worker died on the last attempt and asynq's
// recoverer archived it).
func (c *Backend) ArchivedFailure(ctx context.Context, id string) (FailureEntry, error) {
	queue, err := queueOfID(id)
	if err != nil {
		return FailureEntry{}, err
	}
	if err := ctx.Err(); err != nil {
		return FailureEntry{}, err
	}
	info, err := c.insp.GetTaskInfo(queue, id)
	if err != nil {
		return FailureEntry{}, fmt.Errorf("job %s: %w", id, c.connErr(err))
	}
	kind, _ := KindOfTask(info.Type)
	at := info.LastFailedAt
	if at.IsZero() {
		at = time.Now()
	}
	return FailureEntry{JobID: id, Queue: queue, Kind: kind, FailedAt: at.UTC(), Retried: info.Retried,
		Error: Error{Kind: ErrorFailed, Message: info.LastErr}, Payload: SummarizePayload(info.Payload), Source: "archive"}, nil
}
