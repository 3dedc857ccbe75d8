package mcp

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// issuer is an authorization server for the tests: it publishes its
// metadata (RFC 8414) and a JWKS, and signs access tokens with keys made
// in the test.
type issuer struct {
	t      *testing.T
	srv    *httptest.Server
	mu     sync.Mutex
	keys   map[string]any // kid → private key
	jwks   jose.JSONWebKeySet
	served int // JWKS fetches
}

func newIssuer(t *testing.T) *issuer {
	iss := &issuer{t: t, keys: map[string]any{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]string{"issuer": iss.srv.URL, "jwks_uri": iss.srv.URL + "/jwks"})
	})
	mux.HandleFunc("/jwks", func(w http.ResponseWriter, r *http.Request) {
		iss.mu.Lock()
		defer iss.mu.Unlock()
		iss.served++
		json.NewEncoder(w).Encode(iss.jwks)
	})
	iss.srv = httptest.NewServer(mux)
	t.Cleanup(iss.srv.Close)
	iss.addKey("ec-1", jose.ES256)
	return iss
}

// addKey makes a key pair and publishes its public half under kid.
func (iss *issuer) addKey(kid string, alg jose.SignatureAlgorithm) {
	var priv, pub any
	switch alg {
	case jose.RS256:
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			iss.t.Fatal(err)
		}
		priv, pub = k, &k.PublicKey
	default:
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			iss.t.Fatal(err)
		}
		priv, pub = k, &k.PublicKey
	}
	iss.mu.Lock()
	defer iss.mu.Unlock()
	iss.keys[kid] = priv
	iss.jwks.Keys = append(iss.jwks.Keys, jose.JSONWebKey{Key: pub, KeyID: kid, Algorithm: string(alg), Use: "sig"})
}

// tokenSpec describes an access token to sign.
type tokenSpec struct {
	kid, sub, iss, scope string
	aud                  []string
	exp                  time.Duration // from now; 0: no exp
	alg                  jose.SignatureAlgorithm
	key                  any // signs instead of kid's key (a forger's)
}

func (iss *issuer) token(spec tokenSpec) string {
	iss.t.Helper()
	iss.mu.Lock()
	key := iss.keys[spec.kid]
	iss.mu.Unlock()
	if spec.key != nil {
		key = spec.key
	}
	alg := spec.alg
	if alg == "" {
		alg = jose.ES256
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: key}, (&jose.SignerOptions{}).WithType("at+jwt").WithHeader("kid", spec.kid))
	if err != nil {
		iss.t.Fatal(err)
	}
	claims := map[string]any{"sub": spec.sub, "iss": spec.iss, "aud": spec.aud, "iat": time.Now().Unix(), "scope": spec.scope}
	if spec.exp != 0 {
		claims["exp"] = time.Now().Add(spec.exp).Unix()
	}
	tok, err := jwt.Signed(signer).Claims(claims).Serialize()
	if err != nil {
		iss.t.Fatal(err)
	}
	return tok
}

// oauthServer is formfill as a resource server of iss, with the single
// token s3cret besides.
func oauthServer(t *testing.T, iss *issuer) (*Server, *httptest.Server, string) {
	ts := httptest.NewUnstartedServer(nil)
	resource := "http://" + ts.Listener.Addr().String() + EndpointPath
	s := newTestServer(t, newMemStore(), workdir(t), OAuth(OAuthConfig{Issuer: iss.srv.URL, Resource: resource}))
	ts.Config.Handler = s.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	return s, ts, resource
}

// postWith posts an MCP request with a bearer token and returns the status,
// body and WWW-Authenticate header.
func postWith(t *testing.T, url, token, body string) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url+EndpointPath, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header.Get("WWW-Authenticate")
}

const initLegacy = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","clientInfo":{"name":"t","version":"1"},"capabilities":{}}}`

// formfill checks an access token's signature against the issuer's JWKS,
// its iss, its aud (this server) and its expiry, and takes the principal
// from sub and the access from the scopes.
func TestOAuthAccessTokens(t *testing.T) {
	iss := newIssuer(t)
	s, ts, resource := oauthServer(t, iss)
	forger, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	good := tokenSpec{kid: "ec-1", sub: "alice", iss: iss.srv.URL, aud: []string{resource}, exp: time.Hour, scope: OAuthScopeRead + " " + OAuthScopeWrite}
	with := func(f func(*tokenSpec)) tokenSpec { c := good; f(&c); return c }
	tests := []struct {
		name      string
		spec      tokenSpec
		status    int
		principal Principal
		errCode   string // in WWW-Authenticate
	}{
		{"valid", good, http.StatusOK, Principal{Name: "oauth:alice"}, ""},
		{"read scope only", with(func(c *tokenSpec) { c.scope = OAuthScopeRead }), http.StatusOK, Principal{Name: "oauth:alice", ReadOnly: true}, ""},
		{"audience among several", with(func(c *tokenSpec) { c.aud = []string{"https://other.example", resource} }), http.StatusOK, Principal{Name: "oauth:alice"}, ""},
		{"no formfill scope", with(func(c *tokenSpec) { c.scope = "openid profile" }), http.StatusForbidden, Principal{}, "insufficient_scope"},
		{"expired", with(func(c *tokenSpec) { c.exp = -time.Hour }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"no exp", with(func(c *tokenSpec) { c.exp = 0 }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"other issuer", with(func(c *tokenSpec) { c.iss = "https://evil.example" }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"other audience", with(func(c *tokenSpec) { c.aud = []string{"https://other.example/mcp"} }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"forged signature", with(func(c *tokenSpec) { c.key = forger }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"unknown key", with(func(c *tokenSpec) { c.kid = "nope"; c.key = forger }), http.StatusUnauthorized, Principal{}, "invalid_token"},
		{"no subject", with(func(c *tokenSpec) { c.sub = "" }), http.StatusUnauthorized, Principal{}, "invalid_token"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tok := iss.token(tc.spec)
			code, body, challenge := postWith(t, ts.URL, tok, initLegacy)
			if code != tc.status {
				t.Fatalf("HTTP %d (%s), want %d", code, body, tc.status)
			}
			if tc.errCode != "" {
				if !strings.Contains(challenge, `error="`+tc.errCode+`"`) || !strings.Contains(challenge, `resource_metadata="`) {
					t.Fatalf("WWW-Authenticate %q lacks error=%q or resource_metadata", challenge, tc.errCode)
				}
				return
			}
			r := httptest.NewRequest(http.MethodPost, EndpointPath, nil)
			r.Header.Set("Authorization", "Bearer "+tok)
			if p, err := s.creds.authenticate(r); err != nil || p != tc.principal {
				t.Fatalf("principal %+v, %v; want %+v", p, err, tc.principal)
			}
		})
	}
	// An HMAC token signed with a public key's bytes ("alg confusion") and
	// an unsigned one never pass.
	parts := strings.Split(iss.token(good), ".")
	for name, tok := range map[string]string{
		"alg none": `eyJhbGciOiJub25lIn0.` + parts[1] + `.`,
		"HS256":    hs256(t, parts[1]),
	} {
		if code, body, _ := postWith(t, ts.URL, tok, initLegacy); code != http.StatusUnauthorized {
			t.Errorf("%s: HTTP %d (%s), want 401", name, code, body)
		}
	}
	// The single token still works beside OAuth.
	if code, body, _ := postWith(t, ts.URL, "s3cret", initLegacy); code != http.StatusOK {
		t.Errorf("the single token beside OAuth: HTTP %d (%s)", code, body)
	}
}

func hs256(t *testing.T, payload string) string {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: []byte("public-key-bytes-used-as-a-secret")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	obj, err := signer.Sign([]byte(`{"sub":"alice"}`))
	if err != nil {
		t.Fatal(err)
	}
	s, _ := obj.CompactSerialize()
	return s
}

// The issuer rotates its keys: a token signed with a key published after
// formfill fetched the JWKS is accepted once formfill fetches it again.
func TestOAuthKeyRotation(t *testing.T) {
	defer func(d time.Duration) { jwksMinInterval = d }(jwksMinInterval)
	jwksMinInterval = 0
	iss := newIssuer(t)
	_, ts, resource := oauthServer(t, iss)
	iss.addKey("rsa-2", jose.RS256)
	tok := iss.token(tokenSpec{kid: "rsa-2", alg: jose.RS256, sub: "bob", iss: iss.srv.URL, aud: []string{resource}, exp: time.Hour, scope: OAuthScopeWrite})
	if code, body, _ := postWith(t, ts.URL, tok, initLegacy); code != http.StatusOK {
		t.Fatalf("a token of a rotated-in key: HTTP %d (%s)", code, body)
	}
	// A flood of tokens naming an unknown key does not flood the issuer.
	jwksMinInterval = time.Hour
	iss.mu.Lock()
	fetches, signer := iss.served, iss.keys["ec-1"]
	iss.mu.Unlock()
	for range 5 {
		ghost := iss.token(tokenSpec{kid: "ghost", key: signer, sub: "x", iss: iss.srv.URL, aud: []string{resource}, exp: time.Hour, scope: OAuthScopeWrite})
		if code, _, _ := postWith(t, ts.URL, ghost, initLegacy); code != http.StatusUnauthorized {
			t.Fatalf("a token of an unknown key: HTTP %d", code)
		}
	}
	iss.mu.Lock()
	defer iss.mu.Unlock()
	if iss.served != fetches {
		t.Fatalf("unknown key IDs fetched the JWKS %d more times within the minimum interval, want 0", iss.served-fetches)
	}
}

// A client that calls without a token learns from the 401 where the
// Protected Resource Metadata is, and the metadata names the issuer, the
// resource and the scopes (RFC 9728).
func TestOAuthProtectedResourceMetadata(t *testing.T) {
	iss := newIssuer(t)
	_, ts, resource := oauthServer(t, iss)
	code, _, challenge := postWith(t, ts.URL, "", initLegacy)
	if code != http.StatusUnauthorized {
		t.Fatalf("no token: HTTP %d", code)
	}
	want := fmt.Sprintf(`resource_metadata=%q`, ts.URL+"/.well-known/oauth-protected-resource/mcp")
	if !strings.Contains(challenge, want) || strings.Contains(challenge, "error=") {
		t.Fatalf("WWW-Authenticate %q: want %s and no error code (no token was sent)", challenge, want)
	}
	for _, path := range []string{"/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		var meta struct {
			Resource             string   `json:"resource"`
			AuthorizationServers []string `json:"authorization_servers"`
			Scopes               []string `json:"scopes_supported"`
		}
		json.NewDecoder(resp.Body).Decode(&meta)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || meta.Resource != resource || len(meta.AuthorizationServers) != 1 ||
			meta.AuthorizationServers[0] != iss.srv.URL || strings.Join(meta.Scopes, " ") != OAuthScopeRead+" "+OAuthScopeWrite {
			t.Fatalf("%s: HTTP %d, %+v", path, resp.StatusCode, meta)
		}
	}
}

func TestOAuthConfigRefused(t *testing.T) {
	for name, cfg := range map[string]OAuthConfig{
		"no issuer":         {Resource: "https://forms.example/mcp"},
		"relative resource": {Issuer: "https://auth.example", Resource: "/mcp"},
		"no resource":       {Issuer: "https://auth.example"},
		"bad jwks":          {Issuer: "https://auth.example", Resource: "https://forms.example/mcp", JWKSURL: "jwks.json"},
	} {
		if _, err := NewWithStore(newMemStore(), Roots([]string{t.TempDir()}), OAuth(cfg)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
