package deploy

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

const (
	testRedisPassword = "test-redis-password"
	testMCPToken      = "test-mcp-token"
	testS3AccessKey   = "test-s3-access"
	testS3SecretKey   = "test-s3-secret"
)

func composeEnv() map[string]string {
	return map[string]string{
		"FORMFILL_REDIS_PASSWORD": testRedisPassword,
		"FORMFILL_MCP_TOKEN":      testMCPToken,
		"FORMFILL_S3_ACCESS_KEY":  testS3AccessKey,
		"FORMFILL_S3_SECRET_KEY":  testS3SecretKey,
	}
}

// loadCompose loads content (compose.yml's text) with the compose-spec
// loader, which validates against the Compose JSON schema: an unknown key
// anywhere is an error.
func loadCompose(t *testing.T, content []byte, env map[string]string) (*types.Project, error) {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return loader.LoadWithContext(ctx, types.ConfigDetails{
		WorkingDir:  dir,
		ConfigFiles: []types.ConfigFile{{Filename: filepath.Join(dir, "compose.yml"), Content: content}},
		Environment: env,
	})
}

func mustLoadCompose(t *testing.T) *types.Project {
	t.Helper()
	p, err := loadCompose(t, mustRead(t, "compose.yml"), composeEnv())
	if err != nil {
		t.Fatalf("compose.yml does not load: %v", err)
	}
	return p
}

func service(t *testing.T, p *types.Project, name string) types.ServiceConfig {
	t.Helper()
	s, ok := p.Services[name]
	if !ok {
		t.Fatalf("compose.yml has no service %q", name)
	}
	return s
}

func env(s types.ServiceConfig, key string) string {
	if v, ok := s.Environment[key]; ok && v != nil {
		return *v
	}
	return ""
}

func TestComposeRedisPersistsAndRequiresPassword(t *testing.T) {
	p := mustLoadCompose(t)
	redis := service(t, p, "redis")
	cmd := strings.Join(redis.Command, " ")
	for _, want := range []string{"--appendonly yes", "--requirepass " + testRedisPassword} {
		if !strings.Contains(cmd, want) {
			t.Errorf("redis command %q lacks %q", cmd, want)
		}
	}
	mounted := false
	for _, v := range redis.Volumes {
		if v.Type == types.VolumeTypeVolume && v.Target == "/data" {
			if _, declared := p.Volumes[v.Source]; !declared {
				t.Errorf("redis mounts volume %q that is not declared", v.Source)
			}
			mounted = true
		}
	}
	if !mounted {
		t.Error("redis has no named volume on /data: AOF would not survive the container")
	}
}

func TestComposeWorkersScaleAndDrain(t *testing.T) {
	p := mustLoadCompose(t)
	w := service(t, p, "worker")
	if got := []string(w.Command); !slices.Equal(got[:3], []string{"worker", "--concurrency", "4"}) {
		t.Errorf("worker command = %v, want worker --concurrency 4", got)
	}
	if url := env(w, "FORMFILL_REDIS_URL"); !strings.Contains(url, ":"+testRedisPassword+"@redis:6379") {
		t.Errorf("worker FORMFILL_REDIS_URL = %q, want the password and the redis service", url)
	}
	// `--scale worker=N` fails on a fixed name or a published host port.
	if w.ContainerName != "" || len(w.Ports) > 0 {
		t.Errorf("worker has container_name %q / ports %v: cannot be scaled", w.ContainerName, w.Ports)
	}
	drain, err := workerDrain(w.Command)
	if err != nil {
		t.Fatal(err)
	}
	if w.StopGracePeriod == nil || time.Duration(*w.StopGracePeriod) <= drain {
		t.Errorf("worker stop_grace_period %v must exceed the %s drain", w.StopGracePeriod, drain)
	}
	if _, ok := w.DependsOn["redis"]; !ok {
		t.Error("worker does not depend on redis")
	}
}

func TestComposeMCPAndAsynqmonUseSecrets(t *testing.T) {
	p := mustLoadCompose(t)
	mcp := service(t, p, "mcp")
	if got := strings.Join(mcp.Command, " "); got != "mcp --http :8080 --token "+testMCPToken {
		t.Errorf("mcp command = %q", got)
	}
	mon := service(t, p, "asynqmon")
	if !strings.HasPrefix(mon.Image, "hibiken/asynqmon") {
		t.Errorf("asynqmon image = %q", mon.Image)
	}
	if env(mon, "REDIS_ADDR") != "redis:6379" || env(mon, "REDIS_PASSWORD") != testRedisPassword {
		t.Errorf("asynqmon not pointed at redis with the password: addr %q", env(mon, "REDIS_ADDR"))
	}
	for _, port := range mon.Ports {
		if port.HostIP != "127.0.0.1" {
			t.Errorf("asynqmon (no auth) published on %q, want loopback only", port.HostIP)
		}
	}
}

func TestComposeRejectsMistakes(t *testing.T) {
	good := string(mustRead(t, "compose.yml"))
	tests := []struct {
		name    string
		content string
		env     map[string]string
		wantErr string
	}{
		{"misspelt service key", strings.Replace(good, "stop_grace_period:", "stop_grace_periode:", 1), composeEnv(), "stop_grace_periode"},
		{"misspelt top-level key", strings.Replace(good, "\nvolumes:", "\nvolume:", 1), composeEnv(), "volume"},
		{"no redis password", good, map[string]string{"FORMFILL_MCP_TOKEN": "x"}, "FORMFILL_REDIS_PASSWORD"},
		{"no mcp token", good, map[string]string{"FORMFILL_REDIS_PASSWORD": "x"}, "FORMFILL_MCP_TOKEN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.content == good && tt.env == nil {
				t.Fatal("test case changes nothing")
			}
			_, err := loadCompose(t, []byte(tt.content), tt.env)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestWorkerDrain(t *testing.T) {
	tests := []struct {
		args    []string
		want    time.Duration
		wantErr bool
	}{
		{[]string{"worker", "--concurrency", "4"}, DefaultWorkerDrain, false},
		{[]string{"worker", "--shutdown-timeout", "30s"}, 30 * time.Second, false},
		{[]string{"worker", "--shutdown-timeout=1m"}, time.Minute, false},
		{[]string{"worker", "--shutdown-timeout", "soon"}, 0, true},
	}
	for _, tt := range tests {
		got, err := workerDrain(tt.args)
		if (err != nil) != tt.wantErr || (!tt.wantErr && got != tt.want) {
			t.Errorf("workerDrain(%v) = %v, %v; want %v (error %v)", tt.args, got, err, tt.want, tt.wantErr)
		}
	}
}
