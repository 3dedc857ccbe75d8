package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"

	"github.com/formfill/formfill/mcp"
	"github.com/hibiken/asynq"
)

// httpAuth is the authentication of formfill's HTTP endpoints (the MCP
// transport and the dashboard): one bearer token, a tokens file or OAuth,
// with the same flags and variables wherever it is offered, so an operator
// configures it once.
type httpAuth struct {
	token, tokens                       *string
	oauthIssuer, oauthResource, oauthJW *string
}

// addHTTPAuth registers the authentication flags on fs.
func addHTTPAuth(fs *flagSet) *httpAuth {
	return &httpAuth{
		token:         fs.String("token", "", "bearer token of the HTTP principal \"default\" (default $"+envMCPToken+")"),
		tokens:        fs.String("tokens", "", "file of named bearer tokens, one \"NAME TOKEN\" or \"NAME sha256:HEX [read-only]\" a line (default $"+envMCPTokens+")"),
		oauthIssuer:   fs.String("oauth-issuer", "", "accept OAuth access tokens (JWT) of this issuer"),
		oauthResource: fs.String("oauth-resource", "", "this server's URL as clients reach it, the audience tokens must name (with --oauth-issuer)"),
		oauthJW:       fs.String("oauth-jwks", "", "the issuer's JWKS URL (default: from the issuer's metadata)"),
	}
}

// resolve fills unset flags from the environment and checks that the
// OAuth flags come together.
func (a *httpAuth) resolve(e *env) error {
	if *a.token == "" {
		*a.token = e.getenv(envMCPToken)
	}
	if *a.tokens == "" {
		*a.tokens = e.getenv(envMCPTokens)
	}
	if (*a.oauthIssuer == "") != (*a.oauthResource == "") {
		return &usageError{errors.New("--oauth-issuer and --oauth-resource go together: the issuer whose tokens are accepted, and this server's URL they must name")}
	}
	return nil
}

// configured reports whether any way to authenticate is given.
func (a *httpAuth) configured() bool {
	return *a.token != "" || *a.tokens != "" || *a.oauthIssuer != ""
}

// options are the mcp package's options for this authentication.
func (a *httpAuth) options() []mcp.Option {
	opts := []mcp.Option{mcp.Token(*a.token)}
	if *a.tokens != "" {
		opts = append(opts, mcp.TokensFile(*a.tokens))
	}
	if *a.oauthIssuer != "" {
		opts = append(opts, mcp.OAuth(mcp.OAuthConfig{Issuer: *a.oauthIssuer, Resource: *a.oauthResource, JWKSURL: *a.oauthJW}))
	}
	return opts
}

// dashboardFlags are --dashboard ADDR and --dashboard-principal NAME of
// the commands that serve the dashboard on an address of its own.
type dashboardFlags struct {
	addr       *string
	principals stringList
	auth       *httpAuth
}

// addDashboardFlags registers the dashboard's flags, its authentication's
// included, on fs.
func addDashboardFlags(fs *flagSet) *dashboardFlags {
	d := &dashboardFlags{
		addr: fs.String("dashboard", "", "serve the read-only job dashboard (asynqmon) at /dashboard/ of this address, e.g. :8081,\nbehind the MCP transport's authentication (--token, --tokens or --oauth-*; default: off)"),
		auth: addHTTPAuth(fs),
	}
	fs.Var(&d.principals, "dashboard-principal", "principal allowed to see the dashboard (repeatable; default: default, the --token's)")
	return d
}

// check validates the flags once parsed.
func (d *dashboardFlags) check(e *env) error {
	if err := d.auth.resolve(e); err != nil {
		return err
	}
	if *d.addr == "" {
		if len(d.principals) > 0 {
			return usagef("--dashboard-principal needs --dashboard ADDR")
		}
		return nil
	}
	if !d.auth.configured() {
		return &usageError{fmt.Errorf("--dashboard: %w", mcp.ErrNoToken)}
	}
	if len(d.principals) == 0 {
		d.principals = stringList{mcp.DefaultPrincipal}
	}
	return nil
}

// serve serves the dashboard of conn in the background when --dashboard is
// given; stop shuts it down (a no-op otherwise).
func (d *dashboardFlags) serve(conn asynq.RedisConnOpt, log *slog.Logger) (stop func(), err error) {
	if *d.addr == "" {
		return func() {}, nil
	}
	dash := newDashboard(conn)
	h, err := mcp.DashboardHandler(dash, d.principals, append(d.auth.options(), mcp.Logger(log))...)
	if err != nil {
		dash.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", *d.addr)
	if err != nil {
		dash.Close()
		return nil, fmt.Errorf("--dashboard %s: %w", *d.addr, err)
	}
	stopHTTP := serveOn(ln, h, "dashboard", log)
	log.Info("dashboard listening", "url", "http://"+ln.Addr().String()+mcp.DashboardPath+"/", "principals", []string(d.principals))
	return func() { stopHTTP(); dash.Close() }, nil
}
