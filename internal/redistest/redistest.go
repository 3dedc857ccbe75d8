// Package redistest gives tests a real Redis: FORMFILL_TEST_REDIS (a URL or
// host:port) or 127.0.0.1:6379. Tests that need it skip, saying why, when
// nothing answers — unless FORMFILL_REQUIRE_REDIS is set, as CI sets it.
package redistest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redislog"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// routeOnce routes go-redis's log lines once, when a test first asks for
// Redis: tests stop and kill Redis servers on purpose, and go-redis's dial
// failures then go to slog at debug level, as the formfill binary routes
// them, instead of flooding the test output. Not in init: importing a
// package replaces no process-global logger.
var routeOnce sync.Once

// Addr is the host:port of the test Redis.
func Addr() string {
	routeOnce.Do(func() { redislog.Route(nil) })
	a := os.Getenv("FORMFILL_TEST_REDIS")
	if a == "" {
		return "127.0.0.1:6379"
	}
	a = strings.TrimPrefix(strings.TrimPrefix(a, "redis://"), "//")
	if i := strings.IndexByte(a, '/'); i >= 0 {
		a = a[:i]
	}
	return a
}

// startContainer starts a throw-away Redis when none answers. It is set by
// container.go, built only with -tags testcontainers (and a Docker engine),
// so the ordinary build does not carry testcontainers-go.
var startContainer func(ctx context.Context) (addr string, err error)

var (
	containerOnce sync.Once
	containerAddr string
	containerErr  error
)

// Conn returns a connection to database db of the test Redis, emptied first.
// Each test package uses its own db so packages can run in parallel. When
// nothing answers, a Redis container is tried (-tags testcontainers), else
// the test skips saying why — or fails if FORMFILL_REQUIRE_REDIS is set.
func Conn(tb testing.TB, db int) asynq.RedisClientOpt {
	tb.Helper()
	addr := Addr()
	err := ping(addr, db)
	if err != nil && startContainer != nil {
		containerOnce.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			containerAddr, containerErr = startContainer(ctx)
		})
		if containerErr == nil {
			addr = containerAddr
			err = ping(addr, db)
		} else {
			err = fmt.Errorf("%v; and no Redis container: %v", err, containerErr)
		}
	}
	if err != nil {
		msg := "no Redis at " + addr + " (set FORMFILL_TEST_REDIS, run scripts/ensure-redis.sh, or build with -tags testcontainers where Docker runs): " + err.Error()
		if os.Getenv("FORMFILL_REQUIRE_REDIS") != "" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	return asynq.RedisClientOpt{Addr: addr, DB: db}
}

// ping checks that the Redis at addr answers and empties database db.
func ping(addr string, db int) error {
	// Generous bounds: under CI every package shares this Redis, and a
	// refused connection fails at once anyway.
	rdb := redis.NewClient(&redis.Options{Addr: addr, DB: db, DialTimeout: 5 * time.Second})
	defer rdb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		return err
	}
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		return fmt.Errorf("flush test db %d: %w", db, err)
	}
	return nil
}

// URL returns the redis:// URL of database db of the test Redis.
func URL(db int) string {
	return "redis://" + Addr() + "/" + itoa(db)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
