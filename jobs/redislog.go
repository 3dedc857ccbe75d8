package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// go-redis logs through a logger of its own, straight to stderr: while
// Redis restarts, every pooled connection that fails to dial prints a line,
// hundreds of them, burying the log line of a real failure. The failures
// reach formfill as errors, which it reports where they matter, so
// RouteRedisLogs sends go-redis's lines to slog at debug level, for anyone
// looking into a connection problem.

// RouteRedisLogs sends go-redis's log lines to l at debug level (nil:
// slog's default logger as it is when each line is written). go-redis's
// logger is global to the process, so the binary decides, once, in main:
// importing this package changes no logger.
func RouteRedisLogs(l *slog.Logger) { redis.SetLogger(redisLogger{l}) }

// redisLogger is go-redis's logger writing to a slog logger.
type redisLogger struct{ l *slog.Logger }

// Printf implements go-redis's internal.Logging.
func (r redisLogger) Printf(ctx context.Context, format string, v ...any) {
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
