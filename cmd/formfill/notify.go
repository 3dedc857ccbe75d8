package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"time"

	"github.com/formfill/formfill/jobs"
)

// envNotifySecret names the variable holding the secret that signs webhook
// deliveries: read by whatever process delivers them (formfill worker,
// serve, and the embedded worker of a command run without Redis).
const envNotifySecret = "FORMFILL_NOTIFY_SECRET"

// notifyFlag is a command's --notify URL.
type notifyFlag struct {
	url *string
	e   *env
}

func addNotifyFlag(fs *flag.FlagSet, e *env) notifyFlag {
	return notifyFlag{fs.String("notify", "", "`URL` to POST to when the job ends (a signed webhook: docs/WEBHOOKS.md)"), e}
}

// apply adds the webhook to a job's options, refusing a URL that is not
// absolute http(s) or that the webhook allowlist ($FORMFILL_NOTIFY_ALLOW)
// refuses: workers with the same allowlist would drop its delivery, so the
// command says so before any job is made.
func (n notifyFlag) apply(ctx context.Context, opts []jobs.Option) ([]jobs.Option, error) {
	if *n.url == "" {
		return opts, nil
	}
	p, err := notifyPolicyOf(n.e.getenv(jobs.EnvNotifyAllow))
	if err != nil {
		return nil, err
	}
	if err := p.Check(ctx, *n.url); err != nil {
		return nil, &usageError{fmt.Errorf("--notify: %w", err)}
	}
	return append(opts, jobs.Notify(*n.url)), nil
}

// notifyPolicyOf parses a webhook allowlist (--notify-allow,
// FORMFILL_NOTIFY_ALLOW); "" allows public addresses only.
func notifyPolicyOf(spec string) (*jobs.NotifyPolicy, error) {
	p, err := jobs.ParseNotifyAllow(spec)
	if err != nil {
		return nil, &usageError{fmt.Errorf("--notify-allow: %w", err)}
	}
	return p, nil
}

// notifyAllowFlag is the --notify-allow flag of the commands that deliver
// webhooks or take webhook URLs from others (worker, serve, mcp). Its
// default is $FORMFILL_NOTIFY_ALLOW, so the flag's value is already the
// one the command uses: a flag given, even empty, wins over the variable,
// and an empty list is the default policy (public addresses only).
type notifyAllowFlag struct{ spec *string }

// addNotifyAllowFlag adds --notify-allow to fs.
func addNotifyAllowFlag(fs *flag.FlagSet, e *env) notifyAllowFlag {
	return notifyAllowFlag{fs.String("notify-allow", e.getenv(jobs.EnvNotifyAllow), "where webhooks may go: comma-separated public, host, *.domain, IP, CIDR, or * for anywhere\n"+
		"(default $"+jobs.EnvNotifyAllow+"; unset: public addresses only, no loopback, private or link-local;\n"+
		"--notify-allow='' is that default too, even when $"+jobs.EnvNotifyAllow+" is set)")}
}

// policy parses the flag's value: the one policy a command gives both
// the checks it makes and the worker it starts.
func (f notifyAllowFlag) policy() (*jobs.NotifyPolicy, error) { return notifyPolicyOf(*f.spec) }

// embeddedDeliveryWait bounds how long a command run without Redis waits
// for its webhook before it exits (and its embedded Redis with it).
const embeddedDeliveryWait = 30 * time.Second

// await lets the embedded worker make the webhook delivery before the
// command ends: the embedded Redis, which holds the delivery, ends with
// it. With a configured Redis the delivery outlives the command.
func (n notifyFlag) await(ctx context.Context, e *env, b *backend, res *jobs.Result) {
	if *n.url == "" || b.embedded == nil || res == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, embeddedDeliveryWait)
	defer cancel()
	for {
		left, err := b.client.PendingDeliveries(ctx)
		if err == nil && left == 0 {
			return
		}
		select {
		case <-ctx.Done():
			fmt.Fprintf(e.stderr, "formfill: the webhook to %s was not delivered within %v; set --redis so deliveries outlive the command\n", *n.url, embeddedDeliveryWait)
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// notifyOpt is the batch's per-job webhook option (none: a no-op).
func (o batchOptions) notifyOpt() jobs.Option { return jobs.Notify(o.notify) }

// notifyBatch queues the batch's own webhook: its counts, once the run has
// ended. Its ID names the manifest and the run's start, so each run is
// announced once.
func notifyBatch(ctx context.Context, e *env, b *backend, url, manifest string, start time.Time, s batchSummary) {
	sum := sha256.Sum256([]byte(manifest + "\x00" + start.Format(time.RFC3339Nano)))
	id := "batch-" + hex.EncodeToString(sum[:8])
	n := &jobs.Notification{Event: jobs.EventBatch, JobID: id, At: time.Now().UTC(), Status: jobs.StateCompleted,
		Summary: map[string]any{"manifest": manifest, "total": s.Total, "done": s.Done, "failed": s.Failed,
			"skipped": s.Skipped, "unfinished": s.Unfinished, "elapsed_ms": s.ElapsedMS}}
	if s.Failed > 0 || s.Unfinished > 0 {
		n.Status = jobs.StateFailed
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := b.client.EnqueueDelivery(ctx, jobs.Delivery{URL: url, Event: jobs.EventBatch, JobID: id, Body: n}); err != nil {
		fmt.Fprintf(e.stderr, "formfill batch: the batch's webhook was not queued: %v\n", err)
	}
}
