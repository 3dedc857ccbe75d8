package jobs

import (
	"log/slog"

	"github.com/formfill/formfill/internal/redislog"
)

// RouteRedisLogs sends go-redis's log lines, which it would print to
// stderr by the hundred while Redis restarts, to l at debug level (nil:
// slog's default logger as it is when each line is written). go-redis's
// logger is global to the process, so the binary decides, once, in main:
// importing this package changes no logger.
func RouteRedisLogs(l *slog.Logger) { redislog.Route(l) }
