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
// reach formfill as errors, which it reports where they matter, so go-redis's
// lines go to slog at debug level, for anyone looking into a connection
// problem. Set here, for every binary and test that talks to Redis through
// this package.
func init() { redis.SetLogger(redisLogger{}) }

// redisLogger is go-redis's logger writing to slog's default logger.
type redisLogger struct{}

// Printf implements go-redis's internal.Logging.
func (redisLogger) Printf(ctx context.Context, format string, v ...any) {
	if ctx == nil {
		ctx = context.Background()
	}
	if l := slog.Default(); l.Enabled(ctx, slog.LevelDebug) {
		l.DebugContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
	}
}
