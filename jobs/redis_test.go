package jobs

import (
	"errors"
	"strings"
	"testing"

	"github.com/hibiken/asynq"
)

func TestParseRedisURL(t *testing.T) {
	tests := []struct {
		name, url string
		addr      string
		db        int
		tls       bool
		user      string
		errHas    string
	}{
		{"plain", "redis://127.0.0.1:6379", "127.0.0.1:6379", 0, false, "", ""},
		{"db and password", "redis://:s3cret@redis:6380/4", "redis:6380", 4, false, "", ""},
		{"user and password", "redis://app:s3cret@redis:6379/1", "redis:6379", 1, false, "app", ""},
		{"tls", "rediss://cache.example:6380/0", "cache.example:6380", 0, true, "", ""},
		{"wrong scheme", "http://127.0.0.1:6379", "", 0, false, "", "redis://, rediss:// (TLS)"},
		{"no host", "redis://", "", 0, false, "", "expected redis://"},
		{"bad db keeps password secret", "redis://:s3cret@host:6379/notanumber", "", 0, false, "", "invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := ParseRedisURL(tt.url)
			if tt.errHas != "" {
				if err == nil || !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %v, want ErrInvalidConfig mentioning %q", err, tt.errHas)
				}
				if strings.Contains(err.Error(), "s3cret") {
					t.Fatalf("error leaks the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			opt := conn.(asynq.RedisClientOpt)
			if opt.Addr != tt.addr || opt.DB != tt.db || (opt.TLSConfig != nil) != tt.tls || opt.Username != tt.user {
				t.Fatalf("got %+v", opt)
			}
		})
	}
}

func TestRedactURLHidesPassword(t *testing.T) {
	for _, u := range []string{"redis://:s3cret@h:6379/0", "rediss://user:s3cret@h:6380", "redis://user:s3cret@h:6379/%zz"} {
		if got := RedactURL(u); strings.Contains(got, "s3cret") {
			t.Errorf("RedactURL(%q) = %q still shows the password", u, got)
		}
	}
	if got := RedactURL("redis://h:6379/2"); got != "redis://h:6379/2" {
		t.Errorf("RedactURL changed a URL without password: %q", got)
	}
}

func TestParseKindAndQueueOfID(t *testing.T) {
	if k, err := ParseKind("fill"); err != nil || k != KindFill {
		t.Fatalf("ParseKind(fill) = %q, %v", k, err)
	}
	if _, err := ParseKind("compact"); err == nil || !strings.Contains(err.Error(), "extract_compact") {
		t.Fatalf("ParseKind(compact) err = %v, want the valid kinds listed", err)
	}
	if k, err := KindOfTask(KindVerify.TaskType()); err != nil || k != KindVerify {
		t.Fatalf("KindOfTask round trip = %q, %v", k, err)
	}
	for id, want := range map[string]string{"i-abc": QueueInteractive, "b-abc": QueueBulk} {
		if q, err := queueOfID(id); err != nil || q != want {
			t.Errorf("queueOfID(%q) = %q, %v", id, q, err)
		}
	}
	if _, err := queueOfID("x-abc"); !errors.Is(err, ErrJobNotFound) {
		t.Errorf("queueOfID(x-abc) err = %v, want ErrJobNotFound", err)
	}
}

func TestJobSuffixIsStableForAKey(t *testing.T) {
	if jobSuffix("k1") != jobSuffix("k1") || jobSuffix("k1") == jobSuffix("k2") {
		t.Fatal("idempotency keys must map to stable, distinct IDs")
	}
	if jobSuffix("") == jobSuffix("") {
		t.Fatal("jobs without a key must get fresh IDs")
	}
}
