package mcp

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tokensFile writes a tokens file of lines, readable by its owner only.
func tokensFile(t testing.TB, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestParseTokens(t *testing.T) {
	bobSum := HashToken("bob-token")
	tests := []struct {
		name    string
		file    string
		want    map[string]bool // name → read-only
		wantErr string
	}{
		{"plain and hashed with a scope", "# principals\n\nalice alice-token\nbob " + bobSum + " read-only\n",
			map[string]bool{"alice": false, "bob": true}, ""},
		{"email-like name", "ops@example.com tok\n", map[string]bool{"ops@example.com": false}, ""},
		{"no token", "alice\n", nil, "line 1: want NAME TOKEN"},
		{"unknown scope", "alice tok admin\n", nil, `line 1: principal "alice": unknown scope "admin"`},
		{"bad hash", "alice sha256:abc\n", nil, "64 hex digits"},
		{"name twice", "alice a\nalice b\n", nil, `line 2: principal "alice" is named again (first on line 1)`},
		{"token shared", "alice same\nbob same\n", nil, `line 2: the token of "bob" is also the token of line 1`},
		{"hash of a plain token shared", "alice bob-token\nbob " + bobSum + "\n", nil, "also the token of line 1"},
		{"colon in name", "oauth:alice tok\n", nil, `':' is not allowed`},
		{"empty file", "# nothing\n", nil, "no principals"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			entries, err := parseTokens(strings.NewReader(tc.file))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for _, e := range entries {
				got[e.principal.Name] = e.principal.ReadOnly
			}
			if len(got) != len(tc.want) {
				t.Fatalf("principals %v, want %v", got, tc.want)
			}
			for name, ro := range tc.want {
				if r, ok := got[name]; !ok || r != ro {
					t.Fatalf("principals %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// The tokens file is refused when its group or other users can read or
// change it, when it is not a regular file, and when it clashes with the
// single --token.
func TestTokensFileRefusedWhenUnsafe(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode os.FileMode
		ok   bool
	}{{"owner only", 0o600, true}, {"owner read only", 0o400, true}, {"group readable", 0o640, false},
		{"world readable", 0o604, false}, {"group writable", 0o620, false}} {
		t.Run(tc.name, func(t *testing.T) {
			path := tokensFile(t, "alice alice-token")
			if err := os.Chmod(path, tc.mode); err != nil {
				t.Fatal(err)
			}
			_, err := NewWithStore(newMemStore(), Roots([]string{t.TempDir()}), Logger(quietLogger()), TokensFile(path))
			if tc.ok != (err == nil) {
				t.Fatalf("mode %04o: error %v, want ok=%v", tc.mode, err, tc.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "chmod 600") {
				t.Fatalf("the error does not say how to fix it: %v", err)
			}
		})
	}
	dir := t.TempDir()
	if _, err := NewWithStore(newMemStore(), Roots([]string{dir}), TokensFile(dir)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("a directory as tokens file: %v", err)
	}
	if _, err := NewWithStore(newMemStore(), Roots([]string{dir}), Token("x"), TokensFile(tokensFile(t, "default y"))); err == nil || !strings.Contains(err.Error(), "single --token") {
		t.Fatalf("a tokens file naming default beside --token: %v", err)
	}
	if _, err := NewWithStore(newMemStore(), Roots([]string{dir}), Token("x"), TokensFile(tokensFile(t, "alice x"))); err == nil || !strings.Contains(err.Error(), "single --token") {
		t.Fatalf("a tokens file reusing --token: %v", err)
	}
}

// Each token authenticates its principal; the single --token is
// "default"; a changed file is read again, and a change that breaks it
// leaves the tokens before in force.
func TestTokensAuthenticatePrincipals(t *testing.T) {
	path := tokensFile(t, "alice alice-token", "bob "+HashToken("bob-token")+" read-only")
	s := newTestServer(t, newMemStore(), t.TempDir(), TokensFile(path))
	whoami := func(token string) (Principal, *authError) {
		r := httptest.NewRequest(http.MethodPost, EndpointPath, nil)
		r.Header.Set("Authorization", "Bearer "+token)
		return s.creds.authenticate(r)
	}
	for token, want := range map[string]Principal{
		"s3cret":      {Name: DefaultPrincipal},
		"alice-token": {Name: "alice"},
		"bob-token":   {Name: "bob", ReadOnly: true},
	} {
		if got, err := whoami(token); err != nil || got != want {
			t.Errorf("token %q: %+v, %v; want %+v", token, got, err, want)
		}
	}
	for _, token := range []string{HashToken("bob-token"), "alice-toke", "nope"} {
		if got, err := whoami(token); err == nil {
			t.Errorf("token %q authenticated %+v", token, got)
		}
	}

	// Revoke alice, add carol.
	s.creds.tokens.checked = time.Time{}
	if err := os.WriteFile(path, []byte("carol carol-token\nbob "+HashToken("bob-token")+" read-only\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bump(t, path)
	if _, err := whoami("alice-token"); err == nil {
		t.Error("a revoked token still authenticates")
	}
	if got, err := whoami("carol-token"); err != nil || got.Name != "carol" {
		t.Errorf("an added token: %+v, %v", got, err)
	}

	// A broken change keeps the tokens before.
	s.creds.tokens.checked = time.Time{}
	os.WriteFile(path, []byte("carol\n"), 0o600)
	bump(t, path)
	if got, err := whoami("carol-token"); err != nil || got.Name != "carol" {
		t.Errorf("after a broken change: %+v, %v; want carol still in force", got, err)
	}
}

// bump moves a file's modification time on, as a later write would.
func bump(t *testing.T, path string) {
	t.Helper()
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

func TestCheckPrincipalName(t *testing.T) {
	for name, ok := range map[string]bool{"alice": true, "a.b_c-d@e": true, "": false, "oauth:x": false,
		"with space": false, strings.Repeat("a", 129): false, "ünï": false} {
		if err := CheckPrincipalName(name); (err == nil) != ok {
			t.Errorf("%q: %v, want ok=%v", name, err, ok)
		}
	}
}
