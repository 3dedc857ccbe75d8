package jobs

import (
	"bytes"
	"context"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// TestGoRedisLogsGoToSlogAtDebug dials a port nobody listens on, which
// makes go-redis log "failed to dial", and checks that the line reaches
// slog at debug level and nothing at info.
func TestGoRedisLogsGoToSlogAtDebug(t *testing.T) {
	RouteRedisLogs(nil)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // a port that refuses connections

	dial := func(level slog.Level) string {
		var buf bytes.Buffer
		prev := slog.Default()
		slog.SetDefault(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: level})))
		defer slog.SetDefault(prev)
		c := redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1, DialTimeout: time.Second})
		defer c.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := c.Ping(ctx).Err(); err == nil {
			t.Fatalf("ping of %s succeeded; want a refused connection", addr)
		}
		return buf.String()
	}
	if out := dial(slog.LevelDebug); !strings.Contains(out, "failed to dial") || !strings.Contains(out, "level=DEBUG") || !strings.Contains(out, "component=go-redis") {
		t.Fatalf("at debug level, slog got %q; want go-redis's failed-to-dial line at DEBUG", out)
	}
	if out := dial(slog.LevelInfo); out != "" {
		t.Fatalf("at info level, slog got %q; want nothing from go-redis", out)
	}
}
