package jobs

import (
	"errors"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/queue"
	"github.com/hibiken/asynq"
)

func TestParseRedisURLSentinel(t *testing.T) {
	tests := []struct {
		name, url      string
		master         string
		sentinels      []string
		db             int
		pass, sentPass string
		tls            bool
	}{
		{"one sentinel", "redis-sentinel://127.0.0.1:26379/mymaster", "mymaster", []string{"127.0.0.1:26379"}, 0, "", "", false},
		{"three sentinels, db and password", "redis-sentinel://:s3cret@s1:26379,s2:26380,s3:26381/formfill/2",
			"formfill", []string{"s1:26379", "s2:26380", "s3:26381"}, 2, "s3cret", "", false},
		{"sentinel password", "redis-sentinel://:s3cret@s1:26379/m?sentinel_password=sp", "m", []string{"s1:26379"}, 0, "s3cret", "sp", false},
		{"tls", "rediss-sentinel://s1:26379/m/1", "m", []string{"s1:26379"}, 1, "", "", true},
		{"ipv6", "redis-sentinel://[::1]:26379/m", "m", []string{"[::1]:26379"}, 0, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := ParseRedisURL(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			o, ok := conn.(asynq.RedisFailoverClientOpt)
			if !ok {
				t.Fatalf("got %T, want asynq.RedisFailoverClientOpt", conn)
			}
			if o.MasterName != tt.master || strings.Join(o.SentinelAddrs, " ") != strings.Join(tt.sentinels, " ") || o.DB != tt.db ||
				o.Password != tt.pass || o.SentinelPassword != tt.sentPass || (o.TLSConfig != nil) != tt.tls {
				t.Fatalf("got %+v", o)
			}
		})
	}
}

func TestParseRedisURLCluster(t *testing.T) {
	conn, err := ParseRedisURL("redis-cluster://app:s3cret@n1:7000,n2:7001,n3:7002")
	if err != nil {
		t.Fatal(err)
	}
	o, ok := conn.(asynq.RedisClusterClientOpt)
	if !ok || strings.Join(o.Addrs, " ") != "n1:7000 n2:7001 n3:7002" || o.Username != "app" || o.Password != "s3cret" || o.TLSConfig != nil {
		t.Fatalf("got %T %+v", conn, conn)
	}
	if conn, err := ParseRedisURL("rediss-cluster://n1:7000/0"); err != nil || conn.(asynq.RedisClusterClientOpt).TLSConfig == nil {
		t.Fatalf("rediss-cluster with /0: %v %+v", err, conn)
	}
}

func TestParseRedisURLRefusesBadHAURLs(t *testing.T) {
	for _, tt := range []struct{ name, url, errHas string }{
		{"sentinel without master", "redis-sentinel://:s3cret@s1:26379", "master's name"},
		{"sentinel without port", "redis-sentinel://:s3cret@s1/m", "host:port"},
		{"empty server in list", "redis-sentinel://:s3cret@s1:1,,s2:2/m", "host:port"},
		{"port out of range", "redis-cluster://:s3cret@n1:70000", "1 to 65535"},
		{"bad db", "redis-sentinel://:s3cret@s1:26379/m/x", "database"},
		{"too deep a path", "redis-sentinel://:s3cret@s1:26379/m/1/2", "master's name"},
		{"cluster database", "redis-cluster://:s3cret@n1:7000/3", "database 0 only"},
		{"unknown parameter", "redis-sentinel://:s3cret@s1:26379/m?sentinel_pasword=x", "sentinel_password"},
		{"sentinel parameter on a cluster", "redis-cluster://:s3cret@n1:7000?sentinel_password=x", "redis-sentinel"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRedisURL(tt.url)
			if err == nil || !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want ErrInvalidConfig mentioning %q", err, tt.errHas)
			}
			if strings.Contains(err.Error(), "s3cret") {
				t.Fatalf("error leaks the password: %v", err)
			}
		})
	}
}

func TestRedactURLHidesHAPasswords(t *testing.T) {
	for raw, want := range map[string]string{
		"redis-sentinel://:s3cret@s1:26379,s2:26380/m/1?sentinel_password=s3cret": "redis-sentinel://:xxxxx@s1:26379,s2:26380/m/1?sentinel_password=xxxxx",
		"redis-cluster://app:s3cret@n1:7000,n2:7001":                              "redis-cluster://app:xxxxx@n1:7000,n2:7001",
		"redis-cluster://n1:7000":                                                 "redis-cluster://n1:7000",
		"redis-sentinel://:s3cret@s1:26379":                                       "redis-sentinel://xxxxx@s1:26379",
	} {
		if got := RedactURL(raw); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", raw, got, want)
		}
	}
}

func TestRedisWarningsJudgeEveryHAServer(t *testing.T) {
	tests := []struct {
		url  string
		want []string
	}{
		{"redis-sentinel://:p@127.0.0.1:26379,127.0.0.1:26380/m", nil},
		{"redis-cluster://127.0.0.1:7000", []string{"no password"}},
		{"redis-sentinel://:p@127.0.0.1:26379,10.0.0.2:26379/m", []string{"without TLS", "encryption at rest"}},
		{"rediss-cluster://:p@10.0.0.2:7000", []string{"encryption at rest"}},
	}
	for _, tt := range tests {
		got := strings.Join(RedisWarnings(tt.url, false), "\n")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("RedisWarnings(%s) = %q, want a warning about %q", tt.url, got, w)
			}
		}
		if len(tt.want) == 0 && got != "" {
			t.Errorf("RedisWarnings(%s) = %q, want none", tt.url, got)
		}
	}
}

func TestJobKeysShareTheirQueuesSlot(t *testing.T) {
	for _, tt := range []struct{ key, want string }{
		{failedKey("b-123"), "formfill:failed:{bulk}:b-123"},
		{canceledKey("i-9"), "formfill:canceled:{interactive}:i-9"},
		{phaseKey("b-1"), "formfill:phase:{bulk}:b-1"},
		{failedKey("x-1"), "formfill:failed:x-1"},
	} {
		if tt.key != tt.want {
			t.Errorf("key %q, want %q", tt.key, tt.want)
		}
	}
	// asynq's task key carries the same hash tag.
	if !strings.Contains(queue.TaskKey(QueueBulk, "b-123"), "{bulk}") {
		t.Fatalf("asynq task key %q lost its hash tag", queue.TaskKey(QueueBulk, "b-123"))
	}
}

func FuzzParseRedisURL(f *testing.F) {
	for _, s := range []string{"redis-sentinel://:p@s1:26379,s2:1/m/2?sentinel_password=x", "redis-cluster://a:b@n1:7000", "rediss-cluster://@:", "redis-sentinel://%zz@h:1/m", "redis-cluster://u:s3cret@h:1/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		_, err := ParseRedisURL(raw)
		red := RedactURL(raw)
		// A password given once, as the password of a Sentinel or Cluster
		// URL, never shows.
		if !isHAScheme(raw) || strings.Count(raw, "s3cret") != 1 || !strings.Contains(raw, ":s3cret@") || strings.Count(raw, "@") != 1 {
			return
		}
		if strings.Contains(red, "s3cret") {
			t.Fatalf("RedactURL(%q) = %q keeps the password", raw, red)
		}
		if err != nil && strings.Contains(err.Error(), "s3cret") {
			t.Fatalf("ParseRedisURL(%q) error %q keeps the password", raw, err)
		}
	})
}
