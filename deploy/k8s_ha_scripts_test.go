package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The Redis pods' start scripts (k8s/ha/redis.yaml) decide who is master:
// run them with stand-ins for hostname, redis-cli (the Sentinels' answer)
// and redis-server (which prints what it was started with). A fresh
// cluster starts pod 0 as master and the others as its replicas; a pod
// restarted after a failover follows the master the Sentinels name, so the
// old master never comes back as a second one (split brain).
func TestK8sHARedisScriptsChooseTheMaster(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	m, err := decodeManifests(readK8sHA(t))
	if err != nil {
		t.Fatal(err)
	}
	cm := m.configMaps["formfill-redis"]
	if cm == nil {
		t.Fatal("no ConfigMap formfill-redis")
	}
	tests := []struct {
		name, pod, sentinelSays string
		wantReplicaOf           string // "" master
	}{
		{"fresh cluster, pod 0", "formfill-redis-0", "", ""},
		{"fresh cluster, pod 2", "formfill-redis-2", "", "formfill-redis-0.formfill-redis"},
		{"old master after a failover", "formfill-redis-0", "formfill-redis-1.formfill-redis", "formfill-redis-1.formfill-redis"},
		{"current master restarts", "formfill-redis-1", "formfill-redis-1.formfill-redis", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := runPodScript(t, cm.Data, "redis.sh", tt.pod, tt.sentinelSays)
			args := strings.Fields(out)
			i := strings.Index(out, "--replicaof")
			got := ""
			if i >= 0 {
				got = strings.Fields(out[i:])[1]
			}
			if got != tt.wantReplicaOf {
				t.Fatalf("started %v; replica of %q, want %q", args, got, tt.wantReplicaOf)
			}
			for _, want := range []string{"--requirepass pw", "--masterauth pw", "--replica-announce-ip " + tt.pod + ".formfill-redis", "--appendonly yes"} {
				if !strings.Contains(out, want) {
					t.Errorf("redis-server not started with %q: %s", want, out)
				}
			}
			conf := runPodScript(t, cm.Data, "sentinel.sh", tt.pod, tt.sentinelSays)
			master := tt.sentinelSays
			if master == "" {
				master = "formfill-redis-0.formfill-redis"
			}
			for _, want := range []string{"sentinel monitor formfill " + master + " 6379 2", "sentinel auth-pass formfill pw",
				"sentinel announce-ip " + tt.pod + ".formfill-redis", "--sentinel"} {
				if !strings.Contains(conf, want) {
					t.Errorf("sentinel configuration lacks %q:\n%s", want, conf)
				}
			}
		})
	}
}

// runPodScript runs script as pod would, the Sentinels answering master
// (nothing: none knows), and returns what redis-server was started with
// and, for Sentinel, its configuration file.
func runPodScript(t *testing.T, data map[string]string, script, pod, master string) string {
	t.Helper()
	dir, bin := t.TempDir(), t.TempDir()
	conf := filepath.Join(dir, "sentinel.conf")
	for name, body := range data {
		body = strings.ReplaceAll(body, "/scripts/", dir+"/")
		body = strings.ReplaceAll(body, "/tmp/sentinel.conf", conf)
		mustWrite(t, filepath.Join(dir, name), body)
	}
	mustWrite(t, filepath.Join(bin, "hostname"), "#!/bin/sh\necho "+pod+"\n")
	// Only a get-master-addr-by-name question gets an answer: host, then port.
	cli := "#!/bin/sh\ncase \"$*\" in *get-master-addr-by-name*) "
	if master != "" {
		cli += "printf '%s\\n%s\\n' " + master + " 6379;; esac\n"
	} else {
		cli += "exit 1;; esac\n"
	}
	mustWrite(t, filepath.Join(bin, "redis-cli"), cli)
	mustWrite(t, filepath.Join(bin, "redis-server"), "#!/bin/sh\necho \"$@\"\nif [ -f \""+conf+"\" ]; then cat \""+conf+"\"; fi\n")
	cmd := exec.Command("sh", filepath.Join(dir, script))
	cmd.Env = append(os.Environ(), "PATH="+bin+":"+os.Getenv("PATH"), "REDIS_PASSWORD=pw")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s on %s: %v\n%s", script, pod, err, out)
	}
	return string(out)
}

func mustWrite(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
}
