package jobs

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hibiken/asynq"
)

// Completion webhooks. A job submitted with Notify(url) is announced to url
// once it has ended (completed, or failed for good): a worker enqueues a
// delivery, itself an asynq task on the NotifyQueue, which workers POST
// with retries and backoff: deliveries outlive a worker's restart (at least
// once) and run beside the jobs, never in a job's slot, so a receiver that
// never answers holds up no job.
//
// Each POST carries a JSON Notification, and the headers:
//
//	Idempotency-Key        the same on every attempt at one delivery
//	X-Formfill-Event       job or batch
//	X-Formfill-Timestamp   Unix seconds of this attempt
//	X-Formfill-Signature   v1=hex(HMAC-SHA256(secret, timestamp + "." + body))
//
// The signature is present when the delivering worker has a secret
// (--notify-secret, FORMFILL_NOTIFY_SECRET). A receiver checks it with
// VerifyNotification, refusing old timestamps against replay, and drops a
// repeated Idempotency-Key.
const (
	HeaderIdempotencyKey = "Idempotency-Key"
	HeaderEvent          = "X-Formfill-Event"
	HeaderTimestamp      = "X-Formfill-Timestamp"
	HeaderSignature      = "X-Formfill-Signature"
)

// NotifyQueue is the queue of webhook deliveries.
const NotifyQueue = "notify"

// NotifyTaskType is the asynq type of a delivery.
const NotifyTaskType = "formfill:notify"

// notifyHeader is the asynq task header carrying a job's webhook URL: it
// travels beside the payload, so jobs of every kind take it alike.
const notifyHeader = "formfill-notify"

// Events a webhook announces.
const (
	EventJob   = "job"
	EventBatch = "batch"
)

// Notification is the body of a webhook delivery.
type Notification struct {
	Event  string `json:"event"`            // job or batch
	JobID  string `json:"job_id,omitempty"` // event job
	Kind   Kind   `json:"kind,omitempty"`
	Status State  `json:"status,omitempty"`
	// Summary says what the job left, never the document: its output's
	// doc_id, or its error's kind, field and message; for a batch, its
	// counts.
	Summary map[string]any `json:"summary,omitempty"`
	// At is when the job ended, or the batch finished.
	At time.Time `json:"at"`
}

// Delivery is the payload of a NotifyTaskType task.
type Delivery struct {
	URL   string `json:"url"`
	Event string `json:"event"`
	JobID string `json:"job_id,omitempty"` // event job: the body is read from its status at delivery
	// Body is a batch's notification, made by the client.
	Body *Notification `json:"body,omitempty"`
}

// Notify asks for a webhook POST to rawURL once the job has ended; "" asks
// for none.
func Notify(rawURL string) Option { return func(o *options) { o.notify = rawURL } }

// CheckNotifyURL accepts an absolute http or https URL.
func CheckNotifyURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: notify URL %q: expected an absolute http:// or https:// URL", ErrInvalidConfig, raw)
	}
	return nil
}

// NotifyURLOf returns the webhook URL a job's task carries, if any.
func NotifyURLOf(t *asynq.Task) string { return t.Headers()[notifyHeader] }

// deliveryRetries bounds the attempts at one delivery: with the worker's
// backoff capped at 10 minutes, about three hours.
const deliveryRetries = 25

// EnqueueDelivery queues d, once: a delivery's task ID is its idempotency
// key, so a job run twice (at least once) is announced once.
func (c *Client) EnqueueDelivery(ctx context.Context, d Delivery) error {
	if err := CheckNotifyURL(d.URL); err != nil {
		return err
	}
	if d.JobID == "" || (d.Event != EventJob && d.Body == nil) {
		return fmt.Errorf("%w: a delivery needs the job (or batch) it announces, and a batch's needs its body", ErrInvalidConfig)
	}
	data, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("encode delivery: %w", err)
	}
	_, err = c.aq.EnqueueContext(ctx, asynq.NewTask(NotifyTaskType, data), asynq.TaskID(DeliveryKey(d)), asynq.Queue(NotifyQueue),
		asynq.MaxRetry(deliveryRetries), asynq.Timeout(time.Minute), asynq.Retention(c.retention))
	if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return fmt.Errorf("queue the webhook of %s: %w", d.JobID, c.connErr(err))
	}
	return nil
}

// DeliveryKey is a delivery's idempotency key (and task ID).
// A batch's JobID names the run (notifyBatch), so it is announced once too.
func DeliveryKey(d Delivery) string { return "n-" + d.JobID }

// SignNotification returns the X-Formfill-Signature of body sent at ts.
func SignNotification(secret []byte, ts time.Time, body []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(strconv.FormatInt(ts.Unix(), 10) + "."))
	mac.Write(body)
	return "v1=" + hex.EncodeToString(mac.Sum(nil))
}

// VerifyNotification checks a delivery's signature and refuses one whose
// timestamp is more than maxAge from now (a replay).
func VerifyNotification(secret []byte, timestamp, signature string, body []byte, maxAge time.Duration) error {
	sec, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil {
		return fmt.Errorf("%s %q: expected Unix seconds", HeaderTimestamp, timestamp)
	}
	ts := time.Unix(sec, 0)
	if d := time.Since(ts); d > maxAge || d < -maxAge {
		return fmt.Errorf("%s %s is %v away: a replay, or a clock off", HeaderTimestamp, timestamp, d.Round(time.Second))
	}
	want := SignNotification(secret, ts, body)
	for s := range strings.SplitSeq(signature, ",") {
		if hmac.Equal([]byte(strings.TrimSpace(s)), []byte(want)) {
			return nil
		}
	}
	return fmt.Errorf("%s does not match the body: wrong secret, or the body was changed", HeaderSignature)
}

// NotificationOf is the notification of a job that has ended.
func NotificationOf(st *Status) *Notification {
	n := &Notification{Event: EventJob, JobID: st.ID, Kind: st.Kind, Status: st.State, At: st.CompletedAt, Summary: map[string]any{}}
	if n.At.IsZero() {
		n.At = time.Now().UTC()
	}
	if r := st.Result; r != nil {
		if r.OutputDocID != "" {
			n.Summary["output_doc_id"] = r.OutputDocID
		}
		if r.Error != nil {
			n.Summary["error"] = map[string]any{"kind": r.Error.Kind, "field": r.Error.Field, "message": r.Error.Message}
		}
		if len(r.Group) > 0 {
			failed := 0
			for _, g := range r.Group {
				if g == nil || g.Error != nil {
					failed++
				}
			}
			n.Summary["documents"], n.Summary["documents_failed"] = len(r.Group), failed
		}
	}
	return n
}

// PendingDeliveries counts the webhook deliveries not yet made: queued,
// running or waiting for a retry.
func (c *Client) PendingDeliveries(ctx context.Context) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	qi, err := c.insp.GetQueueInfo(NotifyQueue)
	if err != nil {
		if strings.Contains(err.Error(), "not found") {
			return 0, nil // no delivery was ever queued
		}
		return 0, c.connErr(err)
	}
	return qi.Pending + qi.Active + qi.Scheduled + qi.Retry, nil
}
