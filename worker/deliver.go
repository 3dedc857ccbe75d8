package worker

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/formfill/formfill/internal/queue"
	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Webhook deliveries (jobs.Delivery) run on an asynq server of their own,
// on jobs.NotifyQueue with their own slots: a receiver that never answers
// holds a delivery slot for DeliveryTimeout, never a job's.

// DeliveryTimeout bounds one attempt at a webhook POST.
const DeliveryTimeout = 10 * time.Second

// deliverySlots is how many deliveries a worker makes at once.
const deliverySlots = 8

// NotifySecret makes the worker sign its webhook deliveries with secret
// (HMAC-SHA256, jobs.SignNotification). Without it deliveries go unsigned.
func NotifySecret(secret []byte) Option { return func(w *Worker) { w.notifySecret = secret } }

// NotifyAllow sets where deliveries may go (jobs.NotifyPolicy, the
// operator's --notify-allow). Without it, public addresses only: a
// delivery to a loopback, private or link-local address is refused, as
// the URL may come from an MCP caller.
func NotifyAllow(p *jobs.NotifyPolicy) Option {
	return func(w *Worker) { w.notifyAllow = p }
}

// NotifyBackoff sets the wait before a failed delivery's first retry
// (default 1 s); each later wait doubles, up to 10 minutes.
func NotifyBackoff(d time.Duration) Option { return func(w *Worker) { w.notifyBackoff = d } }

// newNotifyServer makes the delivery server, on a Redis client of its own:
// asynq's job client carries the waker, which knows only the job queues.
func (w *Worker) newNotifyServer() {
	rdb := w.conn.MakeRedisClient().(redis.UniversalClient)
	queue.WatchFailovers(rdb, w.conn, jobs.DefaultFailoverWait)
	w.notifyRDB = rdb
	base := w.notifyBackoff
	w.notifyServer = asynq.NewServerFromRedisClient(rdb, asynq.Config{
		Concurrency: deliverySlots,
		Queues:      map[string]int{jobs.NotifyQueue: 1},
		RetryDelayFunc: func(n int, _ error, _ *asynq.Task) time.Duration {
			return min(base<<min(n, 20), 10*time.Minute)
		},
		// A retry waits in asynq's retry set until the forwarder moves it
		// back: every 5 s by asynq's default, every half second here, so
		// a first backoff of 1 s is not stretched to 5.
		DelayedTaskCheckInterval: 500 * time.Millisecond,
		ShutdownTimeout:          DeliveryTimeout + time.Second,
		Logger:                   slogAdapter{w.log.With("component", "asynq-notify")},
		LogLevel:                 asynq.WarnLevel,
	})
}

// notifyEnd queues the webhook of a job that has ended for good, if it
// asked for one. The delivery is queued before asynq marks the job, so a
// worker dying in between still announces it (and the job, run again,
// does not announce it twice: the delivery's ID is the job's).
func (w *Worker) notifyEnd(ctx context.Context, t *asynq.Task, id string, log *slog.Logger) {
	url := jobs.NotifyURLOf(t)
	if url == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := w.client.EnqueueDelivery(ctx, jobs.Delivery{URL: url, Event: jobs.EventJob, JobID: id}); err != nil {
		log.Warn("job's webhook not queued", "error", err)
	}
}

// finalOutcome reports whether a job's run with outcome ended it for good.
func finalOutcome(ctx context.Context, outcome string) bool {
	if outcome != "retry" {
		return true
	}
	n, _ := asynq.GetRetryCount(ctx)
	maxRetry, ok := asynq.GetMaxRetry(ctx)
	return ok && n >= maxRetry && !errors.Is(ctx.Err(), context.Canceled)
}

// deliver makes one attempt at a delivery: an error makes asynq retry it.
func (w *Worker) deliver(ctx context.Context, t *asynq.Task) error {
	var d jobs.Delivery
	if err := json.Unmarshal(t.Payload(), &d); err != nil {
		return fmt.Errorf("delivery: %w: %w", err, asynq.SkipRetry)
	}
	if err := jobs.CheckNotifyURL(d.URL); err != nil {
		return fmt.Errorf("delivery: %w: %w", err, asynq.SkipRetry)
	}
	n := d.Body
	if d.Event == jobs.EventJob {
		// Queued as the job ended: asynq marks it a moment later.
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		st, err := w.client.Await(wctx, d.JobID, jobs.PollEvery(50*time.Millisecond))
		cancel()
		if st == nil || !st.State.Final() { // a failed job is an ending too
			if err != nil {
				return fmt.Errorf("webhook of job %s: the job has not ended yet: %w", d.JobID, err)
			}
			return fmt.Errorf("webhook of job %s: the job has not ended yet", d.JobID)
		}
		n = jobs.NotificationOf(st)
	}
	if n == nil {
		return fmt.Errorf("delivery without a body: %w", asynq.SkipRetry)
	}
	body, err := json.Marshal(n)
	if err != nil {
		return fmt.Errorf("encode notification: %w: %w", err, asynq.SkipRetry)
	}
	return w.post(ctx, d, body)
}

// post sends body to the receiver, signed, and wants a 2xx answer.
func (w *Worker) post(ctx context.Context, d jobs.Delivery, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, DeliveryTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, d.URL, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("webhook %s: %w: %w", d.URL, err, asynq.SkipRetry)
	}
	now := time.Now()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "formfill-webhook/1")
	req.Header.Set(jobs.HeaderIdempotencyKey, jobs.DeliveryKey(d))
	req.Header.Set(jobs.HeaderEvent, d.Event)
	req.Header.Set(jobs.HeaderTimestamp, fmt.Sprint(now.Unix()))
	if len(w.notifySecret) > 0 {
		req.Header.Set(jobs.HeaderSignature, jobs.SignNotification(w.notifySecret, now, body))
	}
	resp, err := w.httpClient.Do(req)
	if errors.Is(err, jobs.ErrNotifyRefused) {
		// The allowlist will refuse every retry too.
		w.log.Warn("webhook refused by the allowlist", "job_id", d.JobID, "url", d.URL, "error", err)
		return fmt.Errorf("webhook of %s: %w: %w", d.JobID, err, asynq.SkipRetry)
	}
	if err != nil {
		return fmt.Errorf("webhook %s: %w", d.URL, err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook %s answered %s", d.URL, resp.Status)
	}
	w.log.Info("webhook delivered", "job_id", d.JobID, "event", d.Event)
	return nil
}
