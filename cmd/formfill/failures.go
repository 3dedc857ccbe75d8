package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/formfill/formfill/jobs"
)

func runFailures(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "failures",
		desc: `Lists the jobs that failed for good, newest first, from the failure store:
workers copy each one there, with its error and a summary of its payload
(never the document or the answers), and keep it --keep-failures (default
30d), past asynq's own archive, which keeps at most 10,000 failures a queue
and drops older ones silently.`,
		examples: []string{"formfill failures", "formfill failures --queue bulk --since 7d --limit 500 --json"}})
	queue := fs.String("queue", "", "only this queue: interactive or bulk (default both)")
	limit := fs.Int("limit", 50, "at most this many failures")
	sinceArg := fs.String("since", "", "only failures this recent: 7d, 12h (default: all kept)")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	queues := jobs.Queues
	if *queue != "" {
		if _, err := jobs.ParseQueue(*queue); err != nil {
			return &usageError{err}
		}
		queues = []string{*queue}
	}
	if *limit < 1 {
		return usagef("--limit %d: expected 1 or more", *limit)
	}
	var since time.Time
	if *sinceArg != "" {
		d, err := jobs.ParseKeep(*sinceArg)
		if err != nil {
			return &usageError{fmt.Errorf("--since: %w", err)}
		}
		since = time.Now().Add(-d)
	}
	b, err := openRemote(ctx, e, g)
	if err != nil {
		return err
	}
	defer b.Close()
	list, err := b.client.KeptFailures(ctx, queues, since, *limit)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, map[string]any{"failures": list})
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no failures kept")
		return nil
	}
	fmt.Fprintf(e.stdout, "%-20s %-36s %-16s %-18s %s\n", "FAILED AT", "JOB", "KIND", "ERROR", "MESSAGE")
	for _, f := range list {
		msg := strings.ReplaceAll(f.Error.Message, "\n", " ")
		if len(msg) > 100 {
			msg = msg[:100] + "…"
		}
		fmt.Fprintf(e.stdout, "%-20s %-36s %-16s %-18s %s\n", f.FailedAt.Format("2006-01-02 15:04:05"), f.JobID, f.Kind, f.Error.Kind, msg)
	}
	return nil
}
