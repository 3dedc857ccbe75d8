// Package redistest gives tests a real Redis: FORMFILL_TEST_REDIS (a URL or
// host:port) or 127.0.0.1:6379. Tests that need it skip, saying why, when
// nothing answers — unless FORMFILL_REQUIRE_REDIS is set, as CI sets it.
package redistest

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Addr is the host:port of the test Redis.
func Addr() string {
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

// Conn returns a connection to database db of the test Redis, emptied first.
// Each test package uses its own db so packages can run in parallel.
func Conn(tb testing.TB, db int) asynq.RedisClientOpt {
	tb.Helper()
	opt := asynq.RedisClientOpt{Addr: Addr(), DB: db}
	rdb := redis.NewClient(&redis.Options{Addr: opt.Addr, DB: db, DialTimeout: 2 * time.Second})
	defer rdb.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		msg := "no Redis at " + opt.Addr + " (set FORMFILL_TEST_REDIS or run scripts/ensure-redis.sh): " + err.Error()
		if os.Getenv("FORMFILL_REQUIRE_REDIS") != "" {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
	if err := rdb.FlushDB(ctx).Err(); err != nil {
		tb.Fatalf("flush test db %d: %v", db, err)
	}
	return opt
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
