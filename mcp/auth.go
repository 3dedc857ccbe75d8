package mcp

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/mark3labs/mcp-go/server"
)

// credentials authenticate the principals of the HTTP transport: the
// static tokens (the single --token and a tokens file) and, when
// configured, OAuth access tokens.
type credentials struct {
	tokens *tokenSet
	oauth  *oauthVerifier
}

// none reports whether no way to authenticate is configured: the HTTP
// transport then refuses every request.
func (c *credentials) none() bool { return c.tokens.empty() && c.oauth == nil }

// authenticate returns the principal of the request's bearer token.
func (c *credentials) authenticate(r *http.Request) (Principal, *authError) {
	token, ok := bearerToken(r)
	if !ok {
		return Principal{}, &authError{description: "send Authorization: Bearer <token>"}
	}
	if p, ok := c.tokens.lookup(token); ok {
		return p, nil
	}
	if c.oauth != nil && strings.Count(token, ".") == 2 {
		p, err := c.oauth.verify(r.Context(), token)
		if err != nil {
			if ae, ok := err.(*authError); ok {
				return Principal{}, ae
			}
			return Principal{}, invalidToken("%v", err)
		}
		return p, nil
	}
	return Principal{}, invalidToken("the bearer token is not one this server accepts")
}

// bearerToken returns the token of an Authorization: Bearer header.
func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	const prefix = "bearer "
	if len(h) < len(prefix) || !strings.EqualFold(h[:len(prefix)], prefix) {
		return "", false
	}
	token := strings.TrimSpace(h[len(prefix):])
	return token, token != ""
}

// refuse answers a request whose credentials were refused: 401 with a
// WWW-Authenticate challenge (RFC 6750) naming, when OAuth is configured,
// the Protected Resource Metadata (RFC 9728) that tells the client where to
// get a token; 403 for a token without the scope the server needs.
func (s *Server) refuse(w http.ResponseWriter, err *authError) {
	params := []string{`realm="formfill"`}
	if s.creds.oauth != nil {
		params = append(params, fmt.Sprintf("resource_metadata=%q", s.resourceMetadataURL()))
	}
	status, msg := http.StatusUnauthorized, "Unauthorized: "
	if err.code != "" {
		params = append(params, fmt.Sprintf("error=%q", err.code), fmt.Sprintf("error_description=%q", strings.ReplaceAll(err.description, `"`, "'")))
	}
	if err.code == "insufficient_scope" {
		status, msg = http.StatusForbidden, "Forbidden: "
		params = append(params, fmt.Sprintf("scope=%q", OAuthScopeRead+" "+OAuthScopeWrite))
	}
	w.Header().Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
	http.Error(w, msg+err.description, status)
}

// resourceMetadataURL is where the Protected Resource Metadata of the
// OAuth resource is published.
func (s *Server) resourceMetadataURL() string {
	u, err := url.Parse(s.cfg.oauth.Resource)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host + server.ProtectedResourceMetadataPath(s.cfg.oauth.Resource)
}

// protectedResourceMetadata is the RFC 9728 document of the OAuth resource.
func (s *Server) protectedResourceMetadata() server.ProtectedResourceMetadataConfig {
	return server.ProtectedResourceMetadataConfig{
		Resource:               s.cfg.oauth.Resource,
		AuthorizationServers:   []string{s.cfg.oauth.Issuer},
		ScopesSupported:        []string{OAuthScopeRead, OAuthScopeWrite},
		BearerMethodsSupported: []string{"header"},
		ResourceName:           "formfill",
	}
}
