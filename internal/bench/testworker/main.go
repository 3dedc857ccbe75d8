// Command testworker stands in for `formfill worker` in the bench's tests:
// it takes the same arguments (worker --concurrency N) and FORMFILL_REDIS_URL,
// and runs the real worker package until SIGTERM, so the process path of the
// bench (spawn, registration, RSS, drain) is tested without depending on the
// CLI.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "testworker:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 || args[0] != "worker" {
		return fmt.Errorf("usage: testworker worker --concurrency N")
	}
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	concurrency := fs.Int("concurrency", 2, "jobs at once")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	conn, err := jobs.ParseRedisURL(os.Getenv("FORMFILL_REDIS_URL"))
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	w, err := worker.New(conn, worker.Concurrency(*concurrency), worker.Logger(log))
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	return w.Run(ctx)
}
