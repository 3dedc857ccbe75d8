package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/compose-spec/compose-go/v2/loader"
	"github.com/compose-spec/compose-go/v2/types"
)

// There is no Docker engine here: the test compose file is checked by the
// compose-spec loader (schema-validated, so a misspelt key fails) and for
// the shape the tests rely on.
func TestDockerComposeTestFileLoads(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(root, "docker-compose.test.yml")
	content, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := loader.LoadWithContext(ctx, types.ConfigDetails{WorkingDir: root,
		ConfigFiles: []types.ConfigFile{{Filename: name, Content: content}}, Environment: map[string]string{}})
	if err != nil {
		t.Fatalf("docker-compose.test.yml does not load: %v", err)
	}
	redis, ok := p.Services["redis"]
	if !ok || len(redis.Ports) != 1 || redis.Ports[0].Published != "6379" || redis.Ports[0].HostIP != "127.0.0.1" {
		t.Fatalf("redis must publish 127.0.0.1:6379 for the tests: %+v", redis.Ports)
	}
	workers := 0
	for _, s := range p.Services {
		if len(s.Command) == 0 || s.Command[0] != "worker" {
			continue
		}
		workers++
		if s.Build == nil || s.Build.Dockerfile != "deploy/Dockerfile" {
			t.Errorf("%s: build %+v, want deploy/Dockerfile", s.Name, s.Build)
		}
		if s.Environment["FORMFILL_REDIS_URL"] == nil || *s.Environment["FORMFILL_REDIS_URL"] != "redis://redis:6379/0" {
			t.Errorf("%s: FORMFILL_REDIS_URL = %v", s.Name, s.Environment["FORMFILL_REDIS_URL"])
		}
		if _, ok := s.DependsOn["redis"]; !ok {
			t.Errorf("%s does not wait for redis", s.Name)
		}
	}
	if workers != 2 {
		t.Fatalf("%d worker services, want 2", workers)
	}
	if _, err := os.Stat(filepath.Join(root, "deploy", "Dockerfile")); err != nil {
		t.Errorf("the workers build from deploy/Dockerfile: %v", err)
	}
}
