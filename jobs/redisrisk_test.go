package jobs

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedisWarnings: a server warns of each missing defence of the Redis
// it uses, and of none that is in place.
func TestRedisWarnings(t *testing.T) {
	tests := []struct {
		url   string
		keyed bool
		want  []string // one substring per warning, in order
	}{
		{"redis://:pw@127.0.0.1:6379/0", false, nil},
		{"redis://localhost:6379/0", true, []string{"no password"}},
		{"redis://redis.internal:6379/0", false, []string{"no password", "without TLS", "encryption at rest is off"}},
		{"rediss://user:pw@redis.internal:6380/0", false, []string{"encryption at rest is off"}},
		{"rediss://user:pw@redis.internal:6380/0", true, nil},
		{"redis://user:pw@10.0.0.5:6379", true, []string{"without TLS"}},
	}
	for _, tc := range tests {
		got := RedisWarnings(tc.url, tc.keyed)
		if len(got) != len(tc.want) {
			t.Errorf("%s keyed=%v: %q, want %d warnings", tc.url, tc.keyed, got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) || !strings.Contains(got[i], "SECURITY.md") {
				t.Errorf("%s: warning %q does not say %q and point to SECURITY.md", tc.url, got[i], w)
			}
		}
	}
}

// TestKeyringFromEnv: keys come from the variable or the file (not both),
// bad keys are refused naming the entry without printing the key.
func TestKeyringFromEnv(t *testing.T) {
	file := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(file, []byte("# rotated 2026-01\nnew:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\nold:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	tests := []struct {
		name    string
		env     map[string]string
		sealing string // "" = no keyring
		bad     string // in the error; "" = none
	}{
		{"none", nil, "", ""},
		{"file", map[string]string{KeyFileEnv: file}, "new", ""},
		{"inline, comma-separated", map[string]string{KeyEnv: "a:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=,b:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="}, "a", ""},
		{"both", map[string]string{KeyEnv: "a:x", KeyFileEnv: file}, "", "not both"},
		{"short key", map[string]string{KeyEnv: "a:c2hvcnQ="}, "", `key "a": expected 32 bytes`},
		{"no ID", map[string]string{KeyEnv: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="}, "", "expected ID:KEY"},
		{"duplicate ID", map[string]string{KeyEnv: "a:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=,a:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="}, "", "listed twice"},
		{"missing file", map[string]string{KeyFileEnv: file + ".gone"}, "", KeyFileEnv},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, err := KeyringFromEnv(env(tc.env))
			switch {
			case tc.bad != "":
				if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tc.bad) || strings.Contains(err.Error(), "MDEy") {
					t.Fatalf("err = %v, want an invalid configuration saying %q and no key", err, tc.bad)
				}
			case err != nil:
				t.Fatal(err)
			case tc.sealing == "" && k != nil:
				t.Fatalf("a keyring with nothing configured")
			case tc.sealing != "" && (k == nil || k.SealingKey() != tc.sealing):
				t.Fatalf("keyring %v, want one sealing with %q", k, tc.sealing)
			}
		})
	}
}
