package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
)

// formfill as an OAuth 2.1 resource server: a client presents an access
// token (a JWT) that the configured issuer signed; formfill checks it
// against the issuer's JWKS — signature, iss, aud = this server's resource
// URI, exp (and nbf) — and serves the principal "oauth:<sub>". The token's
// scopes decide what it may do: OAuthScopeWrite every tool, OAuthScopeRead
// only the read-only ones; a token with neither is refused (403
// insufficient_scope). RFC 9728 Protected Resource Metadata tells clients
// where to get a token (see http.go).

// The scopes formfill understands in an access token's "scope" (or "scp")
// claim.
const (
	OAuthScopeRead  = "formfill:read"
	OAuthScopeWrite = "formfill:write"
)

// OAuthConfig configures formfill as an OAuth 2.1 resource server.
type OAuthConfig struct {
	// Issuer is the authorization server's issuer identifier: tokens must
	// carry it as "iss", and the Protected Resource Metadata lists it.
	Issuer string
	// Resource is this server's canonical URI as clients reach it (e.g.
	// https://forms.example.com/mcp): tokens must name it in "aud".
	Resource string
	// JWKSURL is where the issuer publishes its signing keys. Empty: read
	// from the issuer's metadata (RFC 8414
	// /.well-known/oauth-authorization-server, else OpenID Connect
	// discovery).
	JWKSURL string
}

// check reports what an OAuthConfig lacks.
func (c OAuthConfig) check() error {
	iss, err := url.Parse(c.Issuer)
	if c.Issuer == "" || err != nil || !iss.IsAbs() || iss.Host == "" {
		return fmt.Errorf("mcp: OAuth issuer %q: want the authorization server's issuer URL, e.g. https://auth.example.com", c.Issuer)
	}
	res, err := url.Parse(c.Resource)
	if c.Resource == "" || err != nil || !res.IsAbs() || res.Host == "" || res.Fragment != "" {
		return fmt.Errorf("mcp: OAuth resource %q: want this server's URL as clients reach it, e.g. https://forms.example.com%s", c.Resource, EndpointPath)
	}
	if c.JWKSURL != "" {
		if u, err := url.Parse(c.JWKSURL); err != nil || !u.IsAbs() {
			return fmt.Errorf("mcp: OAuth JWKS URL %q is not an absolute URL", c.JWKSURL)
		}
	}
	return nil
}

// signatureAlgorithms are the JWS algorithms accepted on access tokens:
// the asymmetric ones a JWKS publishes keys for ("none" and HMAC never).
var signatureAlgorithms = []jose.SignatureAlgorithm{
	jose.RS256, jose.RS384, jose.RS512, jose.PS256, jose.PS384, jose.PS512,
	jose.ES256, jose.ES384, jose.ES512, jose.EdDSA,
}

// jwksMinInterval is how often an unknown key ID may fetch the JWKS again,
// so that tokens naming made-up keys cannot flood the issuer (a variable
// for the tests).
var jwksMinInterval = 10 * time.Second

const (
	jwksMaxAge      = 10 * time.Minute // keys are fetched again after this
	jwksMaxBytes    = 1 << 20
	oauthLeeway     = time.Minute // clock skew allowed on exp and nbf
	oauthFetchLimit = 10 * time.Second
)

// oauthVerifier checks access tokens against the issuer's JWKS.
type oauthVerifier struct {
	cfg    OAuthConfig
	client *http.Client
	log    *slog.Logger

	mu      sync.Mutex
	jwksURL string
	keys    jose.JSONWebKeySet
	fetched time.Time // last fetch that succeeded
	tried   time.Time // last fetch, succeeded or not
}

func newOAuthVerifier(cfg OAuthConfig, log *slog.Logger) (*oauthVerifier, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	v := &oauthVerifier{cfg: cfg, client: &http.Client{Timeout: oauthFetchLimit}, log: log, jwksURL: cfg.JWKSURL}
	// Fetch the keys now to report a wrong issuer early; an issuer that
	// is down is tried again at the first token.
	ctx, cancel := context.WithTimeout(context.Background(), oauthFetchLimit)
	defer cancel()
	if err := v.refresh(ctx); err != nil {
		log.Warn("mcp: OAuth signing keys not fetched yet; tried again at the first token", "issuer", cfg.Issuer, "err", err)
	}
	return v, nil
}

// authError is why a request's credentials were refused, as RFC 6750 names
// it: invalid_token (401) or insufficient_scope (403).
type authError struct {
	code        string
	description string
}

func (e *authError) Error() string { return e.code + ": " + e.description }

func invalidToken(format string, args ...any) *authError {
	return &authError{code: "invalid_token", description: fmt.Sprintf(format, args...)}
}

// accessClaims are the claims formfill reads from an access token.
type accessClaims struct {
	jwt.Claims
	Scope string   `json:"scope"`
	Scp   []string `json:"scp"`
}

// scopes returns the token's scopes, from "scope" (space-separated, RFC
// 9068) or "scp" (a list, as some issuers write it).
func (c accessClaims) scopes() []string {
	return append(strings.Fields(c.Scope), c.Scp...)
}

// verify checks token and returns its principal.
func (v *oauthVerifier) verify(ctx context.Context, token string) (Principal, error) {
	tok, err := jwt.ParseSigned(token, signatureAlgorithms)
	if err != nil {
		return Principal{}, invalidToken("not a signed JWT with an asymmetric algorithm: %v", err)
	}
	if len(tok.Headers) != 1 {
		return Principal{}, invalidToken("want one signature, got %d", len(tok.Headers))
	}
	var claims accessClaims
	if err := v.claims(ctx, tok, &claims); err != nil {
		return Principal{}, err
	}
	if claims.Expiry == nil {
		return Principal{}, invalidToken("the token has no exp claim")
	}
	err = claims.ValidateWithLeeway(jwt.Expected{Issuer: v.cfg.Issuer, AnyAudience: jwt.Audience{v.cfg.Resource}, Time: time.Now()}, oauthLeeway)
	switch {
	case errors.Is(err, jwt.ErrExpired):
		return Principal{}, invalidToken("the token expired at %s", claims.Expiry.Time().UTC().Format(time.RFC3339))
	case errors.Is(err, jwt.ErrInvalidIssuer):
		return Principal{}, invalidToken("the token's issuer %q is not %q", claims.Issuer, v.cfg.Issuer)
	case errors.Is(err, jwt.ErrInvalidAudience):
		return Principal{}, invalidToken("the token's audience %q does not name this server (%s)", []string(claims.Audience), v.cfg.Resource)
	case err != nil:
		return Principal{}, invalidToken("%v", err)
	}
	if claims.Subject == "" || len(claims.Subject) > 255 {
		return Principal{}, invalidToken("the token's sub claim must name its subject (1 to 255 characters)")
	}
	p := Principal{Name: "oauth:" + claims.Subject}
	scopes := claims.scopes()
	switch {
	case slices.Contains(scopes, OAuthScopeWrite):
	case slices.Contains(scopes, OAuthScopeRead):
		p.ReadOnly = true
	default:
		return Principal{}, &authError{code: "insufficient_scope",
			description: fmt.Sprintf("the token carries neither %s nor %s", OAuthScopeRead, OAuthScopeWrite)}
	}
	return p, nil
}

// claims verifies tok's signature with the issuer's key and decodes its
// claims. A key ID not yet known fetches the JWKS again (keys rotate), at
// most every jwksMinInterval.
func (v *oauthVerifier) claims(ctx context.Context, tok *jwt.JSONWebToken, dst *accessClaims) error {
	hdr := tok.Headers[0]
	keys, stale := v.keysFor(hdr.KeyID, hdr.Algorithm)
	if len(keys) == 0 || stale {
		if err := v.refreshIfDue(ctx, len(keys) == 0); err != nil && len(keys) == 0 && !v.everFetched() {
			return invalidToken("the issuer's signing keys cannot be fetched: %v", err)
		}
		keys, _ = v.keysFor(hdr.KeyID, hdr.Algorithm)
	}
	if len(keys) == 0 {
		return invalidToken("the issuer publishes no key %q for %s", hdr.KeyID, hdr.Algorithm)
	}
	for _, k := range keys {
		if err := tok.Claims(k.Key, dst); err == nil {
			return nil
		}
	}
	return invalidToken("the signature does not verify with the issuer's key %q", hdr.KeyID)
}

// everFetched reports whether the keys were fetched once.
func (v *oauthVerifier) everFetched() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return !v.fetched.IsZero()
}

// keysFor returns the cached signing keys that may have signed a token
// with key ID kid and algorithm alg, and whether the cache is old.
func (v *oauthVerifier) keysFor(kid, alg string) ([]jose.JSONWebKey, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	var out []jose.JSONWebKey
	for _, k := range v.keys.Keys {
		if (kid != "" && k.KeyID != kid) || (k.Use != "" && k.Use != "sig") || (k.Algorithm != "" && k.Algorithm != alg) || !k.IsPublic() {
			continue
		}
		out = append(out, k)
	}
	return out, time.Since(v.fetched) > jwksMaxAge
}

// refreshIfDue fetches the keys again unless a fetch was tried lately.
func (v *oauthVerifier) refreshIfDue(ctx context.Context, missing bool) error {
	v.mu.Lock()
	due := time.Since(v.tried) >= jwksMinInterval || (!missing && time.Since(v.fetched) > jwksMaxAge)
	v.mu.Unlock()
	if !due {
		return errors.New("fetched moments ago")
	}
	return v.refresh(ctx)
}

// refresh fetches the JWKS (finding its URL in the issuer's metadata the
// first time, when none was configured).
func (v *oauthVerifier) refresh(ctx context.Context) error {
	v.mu.Lock()
	v.tried = time.Now()
	jwksURL := v.jwksURL
	v.mu.Unlock()
	if jwksURL == "" {
		u, err := v.discover(ctx)
		if err != nil {
			return err
		}
		jwksURL = u
	}
	var set jose.JSONWebKeySet
	if err := v.getJSON(ctx, jwksURL, &set); err != nil {
		return fmt.Errorf("JWKS: %w", err)
	}
	v.mu.Lock()
	v.jwksURL, v.keys, v.fetched = jwksURL, set, time.Now()
	v.mu.Unlock()
	return nil
}

// discover reads the JWKS URL from the issuer's metadata, which must name
// the same issuer.
func (v *oauthVerifier) discover(ctx context.Context) (string, error) {
	var errs []error
	for _, u := range metadataURLs(v.cfg.Issuer) {
		var meta struct {
			Issuer  string `json:"issuer"`
			JWKSURI string `json:"jwks_uri"`
		}
		if err := v.getJSON(ctx, u, &meta); err != nil {
			errs = append(errs, err)
			continue
		}
		if strings.TrimRight(meta.Issuer, "/") != strings.TrimRight(v.cfg.Issuer, "/") {
			return "", fmt.Errorf("%s names issuer %q, not %q", u, meta.Issuer, v.cfg.Issuer)
		}
		if meta.JWKSURI == "" {
			return "", fmt.Errorf("%s has no jwks_uri", u)
		}
		return meta.JWKSURI, nil
	}
	return "", fmt.Errorf("no authorization server metadata: %w", errors.Join(errs...))
}

// metadataURLs are where an issuer's metadata may be: RFC 8414 (the
// well-known segment before the issuer's path), then OpenID Connect
// discovery (after it).
func metadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	p := strings.TrimRight(u.Path, "/")
	base := u.Scheme + "://" + u.Host
	return []string{
		base + "/.well-known/oauth-authorization-server" + p,
		base + p + "/.well-known/openid-configuration",
	}
}

func (v *oauthVerifier) getJSON(ctx context.Context, u string, dst any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := v.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: HTTP %d", u, resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, jwksMaxBytes+1))
	if err != nil {
		return fmt.Errorf("GET %s: %w", u, err)
	}
	if len(body) > jwksMaxBytes {
		return fmt.Errorf("GET %s: larger than %d bytes", u, jwksMaxBytes)
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return fmt.Errorf("GET %s: %w", u, err)
	}
	return nil
}
