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

// compose.ha.yml keeps documents in its s3 service: workers and the MCP
// server get the same --blob-store and the credentials the s3 service
// is configured with, and nothing starts without them.
func TestComposeHAKeepsDocumentsInS3(t *testing.T) {
	p, err := loadCompose(t, mustRead(t, "compose.ha.yml"), composeEnv())
	if err != nil {
		t.Fatalf("compose.ha.yml does not load: %v", err)
	}
	s3 := service(t, p, "s3")
	cmd := strings.Join(s3.Command, " ")
	for _, want := range []string{"weed server", "-s3", "-s3.config=/tmp/s3.json", "$FORMFILL_S3_ACCESS_KEY"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("s3 command lacks %q: %s", want, cmd)
		}
	}
	if env(s3, "FORMFILL_S3_SECRET_KEY") != testS3SecretKey {
		t.Errorf("s3 service is not given the secret key")
	}
	for _, name := range []string{"worker", "mcp"} {
		svc := service(t, p, name)
		if b, _, err := jobs.ParseBlobStoreURL(env(svc, "FORMFILL_BLOB_STORE")); err != nil || b != "formfill" {
			t.Errorf("%s FORMFILL_BLOB_STORE: %q, %v", name, b, err)
		}
		if env(svc, "AWS_ENDPOINT_URL") != "http://s3:8333" || env(svc, "AWS_ACCESS_KEY_ID") != testS3AccessKey ||
			env(svc, "AWS_SECRET_ACCESS_KEY") != testS3SecretKey {
			t.Errorf("%s does not reach the s3 service with its credentials", name)
		}
		if _, ok := svc.DependsOn["s3"]; !ok {
			t.Errorf("%s does not depend on s3", name)
		}
		if env(svc, "FORMFILL_REDIS_URL") == "" {
			t.Errorf("%s lost its Redis URL in the merge", name)
		}
	}
	noKey := composeEnv()
	delete(noKey, "FORMFILL_S3_SECRET_KEY")
	if _, err := loadCompose(t, mustRead(t, "compose.ha.yml"), noKey); err == nil || !strings.Contains(err.Error(), "FORMFILL_S3_SECRET_KEY") {
		t.Errorf("compose.ha.yml loads without FORMFILL_S3_SECRET_KEY: %v", err)
	}
}
