package deploy

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/jobs"
	"github.com/hibiken/asynq"
)

// TestComposeHAFollowsTheSentinels loads compose.ha.yml: three sentinels
// watch one master with a quorum of two, every data node requires the
// password and refuses writes without a replica, and the worker and MCP
// server reach Redis through all three sentinels.
func TestComposeHAFollowsTheSentinels(t *testing.T) {
	p, err := loadCompose(t, mustRead(t, "compose.ha.yml"), composeEnv())
	if err != nil {
		t.Fatalf("compose.ha.yml does not load: %v", err)
	}
	for _, name := range []string{"redis-0", "redis-1", "redis-2"} {
		cmd := strings.Join(service(t, p, name).Command, " ")
		for _, want := range []string{"--appendonly yes", "--requirepass " + testRedisPassword, "--masterauth " + testRedisPassword, "--min-replicas-to-write 1"} {
			if !strings.Contains(cmd, want) {
				t.Errorf("%s command %q lacks %q", name, cmd, want)
			}
		}
		if name != "redis-0" && !strings.Contains(cmd, "--replicaof redis-0 6379") {
			t.Errorf("%s is not a replica of redis-0: %q", name, cmd)
		}
	}
	for _, name := range []string{"sentinel-0", "sentinel-1", "sentinel-2"} {
		cmd := strings.Join(service(t, p, name).Command, " ")
		if !strings.Contains(cmd, "sentinel monitor formfill redis-0 6379 2") || !strings.Contains(cmd, "--sentinel") {
			t.Errorf("%s does not monitor redis-0 with quorum 2: %q", name, cmd)
		}
	}
	for _, name := range []string{"worker", "mcp"} {
		url := env(service(t, p, name), "FORMFILL_REDIS_URL")
		conn, err := jobs.ParseRedisURL(url)
		if err != nil {
			t.Fatalf("%s FORMFILL_REDIS_URL: %v", name, err)
		}
		o, ok := conn.(asynq.RedisFailoverClientOpt)
		if !ok || o.MasterName != "formfill" || len(o.SentinelAddrs) != 3 || o.Password != testRedisPassword {
			t.Errorf("%s reaches Redis through %T %+v; want the three sentinels, master formfill, the password", name, conn, conn)
		}
	}
}
