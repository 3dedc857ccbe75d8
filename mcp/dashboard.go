package mcp

import (
	"encoding/base64"
	"log/slog"
	"net/http"
	"slices"
	"strings"
)

// DashboardPath is where the job dashboard (asynqmon) is mounted.
const DashboardPath = "/dashboard"

// Dashboard mounts h, the read-only asynqmon dashboard, at DashboardPath
// of the HTTP transport, behind the transport's authentication, for the
// principals named: the dashboard shows every principal's jobs, so only
// operators may see it (DefaultPrincipal is the single --token's). A
// browser sends credentials as HTTP Basic: any user name, the token as the
// password.
func Dashboard(h http.Handler, principals ...string) Option {
	return func(c *config) { c.dashboard, c.dashboardPrincipals = h, principals }
}

// DashboardHandler serves h, the read-only asynqmon dashboard, on its
// own (for formfill worker --dashboard and formfill serve --dashboard):
// at DashboardPath, behind exactly the authentication the HTTP transport
// would have with the same options (Token, TokensFile, OAuth,
// AllowOrigins), for the principals named, plus an unauthenticated
// /healthz and, with OAuth, the Protected Resource Metadata. Options that
// concern only the MCP tools are ignored. It fails like New on bad
// credentials, and with ErrNoToken when none are configured: the
// dashboard never runs open.
func DashboardHandler(h http.Handler, principals []string, opts ...Option) (http.Handler, error) {
	cfg := config{maxBody: DefaultMaxBodyBytes, logger: slog.Default()}
	for _, o := range opts {
		o(&cfg)
	}
	cfg.dashboard, cfg.dashboardPrincipals = h, principals
	creds, err := newCredentials(cfg)
	if err != nil {
		return nil, err
	}
	if creds.none() {
		return nil, ErrNoToken
	}
	s := &Server{cfg: cfg, log: cfg.logger, creds: creds}
	mux := http.NewServeMux()
	s.mountAround(mux)
	return mux, nil
}

// dashboardGuard admits the dashboard's principals, read-only: GET and
// HEAD only (asynqmon's read-only mode refuses its API's changes, and this
// refuses anything else before it). A browser without credentials is
// asked for them.
func (s *Server) dashboardGuard() http.Handler {
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalOf(r.Context())
		if !slices.Contains(s.cfg.dashboardPrincipals, p.Name) {
			http.Error(w, "Forbidden: principal "+p.Name+" may not see the dashboard", http.StatusForbidden)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "the dashboard is read-only", http.StatusMethodNotAllowed)
			return
		}
		s.cfg.dashboard.ServeHTTP(w, r)
	})
	guarded := s.guard(inner)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		basicAsBearer(r)
		if r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Basic realm="formfill dashboard"`)
			http.Error(w, "Unauthorized: give the token as the password", http.StatusUnauthorized)
			return
		}
		guarded.ServeHTTP(w, r)
	})
}

// basicAsBearer turns HTTP Basic credentials into the bearer token they
// carry as their password, as browsers can send only Basic.
func basicAsBearer(r *http.Request) {
	v, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Basic ")
	if !ok {
		return
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(v))
	if err != nil {
		return
	}
	if _, pass, found := strings.Cut(string(raw), ":"); found && pass != "" {
		r.Header.Set("Authorization", "Bearer "+pass)
	}
}
