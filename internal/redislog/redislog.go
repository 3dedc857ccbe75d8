// Package redislog routes go-redis's log lines to slog at debug level.
//
// go-redis logs through a logger of its own, straight to stderr: while
// Redis restarts, every pooled connection that fails to dial prints a line,
// hundreds of them, burying the log line of a real failure. The failures
// reach formfill as errors, which it reports where they matter, so the lines
// are kept for anyone looking into a connection problem, at debug level.
// go-redis's logger is global to the process: the binary routes it once,
// in main (jobs.RouteRedisLogs), and the test helpers for theirs.
package redislog

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// Route sends go-redis's log lines to l at debug level (nil: slog's
// default logger as it is when each line is written).
func Route(l *slog.Logger) { redis.SetLogger(logger{l}) }

// logger is go-redis's logger writing to a slog logger.
type logger struct{ l *slog.Logger }

// Printf implements go-redis's internal.Logging.
func (r logger) Printf(ctx context.Context, format string, v ...any) {
	if ctx == nil {
		ctx = context.Background()
	}
	l := r.l
	if l == nil {
		l = slog.Default()
	}
	if l.Enabled(ctx, slog.LevelDebug) {
		l.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
	}
}
