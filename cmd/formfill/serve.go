package main

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/embedded"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "serve",
		desc: `Runs an embedded Redis on a local port plus a worker, for several clients
on one machine without installing Redis. Prints the URL clients should use
(FORMFILL_REDIS_URL). Jobs live in memory: they are lost when serve stops.
For anything that must survive a restart, run a real Redis and formfill worker.
--dashboard serves the read-only job dashboard behind the MCP transport's
authentication.`,
		examples: []string{
			"formfill serve --addr 127.0.0.1:6380 --concurrency 4",
			"FORMFILL_REDIS_URL=redis://127.0.0.1:6380 formfill batch manifest.jsonl --out-dir out/",
			"FORMFILL_MCP_TOKEN=s3cret formfill serve --dashboard 127.0.0.1:8081",
		}})
	addr := fs.String("addr", "127.0.0.1:6380", "address the embedded Redis listens on")
	concurrency := fs.Int("concurrency", 4, "jobs the worker runs at once")
	dash := addDashboardFlags(fs)
	notifyAllow := addNotifyAllowFlag(fs.FlagSet, e)
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	policy, err := notifyAllow.policy()
	if err != nil {
		return err
	}
	if err := dash.check(e); err != nil {
		return err
	}
	if g.redis != "" {
		return usagef("serve starts its own Redis; --redis does not apply (use formfill worker for an existing Redis)")
	}
	if *concurrency < 1 {
		return usagef("--concurrency %d: expected 1 or more", *concurrency)
	}
	useFonts(e, g)
	log := serverLogger(e, g)
	keys, err := keyringOf(e)
	if err != nil {
		return err
	}
	store, err := blobStoreOf(ctx, e, g)
	if err != nil {
		return err
	}
	srv, err := embedded.Start(embedded.Addr(*addr), embedded.Concurrency(*concurrency), embedded.Logger(log), embedded.Keyring(keys),
		embedded.NotifySecret([]byte(e.getenv(envNotifySecret))), embedded.NotifyAllow(policy), embedded.BlobStore(blobStore(store)))
	if err != nil {
		return err
	}
	defer srv.Close()
	stopDash, err := dash.serve(srv.Conn(), log)
	if err != nil {
		return err
	}
	defer stopDash()
	if g.json {
		printJSON(e.stdout, map[string]any{"redis_url": srv.URL(), "concurrency": *concurrency})
	} else {
		fmt.Fprintf(e.stdout, "formfill serve: embedded Redis and worker ready\n  export %s=%s\n", envRedisURL, srv.URL())
	}
	<-ctx.Done()
	log.Info("serve: stopping; unfinished jobs are lost with the embedded Redis")
	return nil
}
