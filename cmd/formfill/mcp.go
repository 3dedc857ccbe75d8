package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/formfill/formfill/mcp"
)

// The environment variables of formfill mcp's credentials.
const (
	envMCPToken     = "FORMFILL_MCP_TOKEN"     // the single bearer token (principal "default")
	envMCPTokens    = "FORMFILL_MCP_TOKENS"    // the tokens file
	envMCPPrincipal = "FORMFILL_MCP_PRINCIPAL" // the principal a stdio server serves
)

func runMCP(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "mcp",
		desc: `Runs the MCP server for agents: the document tools (extract_structure_compact,
write_answers, verify_output …) and job tools (get_job, cancel_job,
list_jobs). Serves stdio by default, for one principal (--principal, or a
random one of its own); --http serves streamable HTTP at /mcp, both protocol
eras (2024-11-05 … 2026-07-28), to the principals of a bearer token (--token
or FORMFILL_MCP_TOKEN: principal "default"), of a tokens file (--tokens or
FORMFILL_MCP_TOKENS: one "NAME TOKEN" or "NAME sha256:HEX" a line, optional
scope read-only; chmod 600) or of OAuth access tokens (--oauth-issuer and
--oauth-resource). Each principal sees only its own jobs and files.
file_path and output_file_path are confined to --root directories (default:
the working directory). Without Redis configured it uses the embedded
default.`,
		examples: []string{
			"formfill mcp --root ~/forms",
			"FORMFILL_MCP_TOKEN=s3cret formfill mcp --http :8080 --redis redis://redis:6379/0",
			"formfill mcp --http :8080 --tokens /etc/formfill/tokens --redis redis://redis:6379/0",
			"formfill mcp --http :8080 --oauth-issuer https://auth.example.com --oauth-resource https://forms.example.com/mcp",
		}})
	httpAddr := fs.String("http", "", "serve streamable HTTP on this address instead of stdio, e.g. :8080")
	auth := addHTTPAuth(fs)
	principal := fs.String("principal", "", "the principal a stdio server serves; its jobs outlive the process (default $"+envMCPPrincipal+", else a random one)")
	rootPerPrincipal := fs.Bool("root-per-principal", false, "give each principal a directory of its own in each root (<root>/<principal>)")
	roots := stringList{}
	fs.Var(&roots, "root", "directory file paths are confined to (repeatable; default: the working directory)")
	origins := stringList{}
	fs.Var(&origins, "allow-origin", "browser origin allowed to call the HTTP transport (repeatable)")
	dashboard := stringList{}
	fs.Var(&dashboard, "dashboard-principal", "mount the read-only job dashboard (asynqmon) at /dashboard/ of the HTTP transport\nfor this principal, e.g. default (repeatable; a browser gives the token as the password)")
	wait := fs.Duration("wait", mcp.DefaultWait, "how long a document tool waits before answering with a job ID")
	concurrency := fs.Int("concurrency", 4, "worker concurrency of the embedded default")
	notifyAllow := addNotifyAllowFlag(fs.FlagSet, e)
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	if err := auth.resolve(e); err != nil {
		return err
	}
	if *principal == "" {
		*principal = e.getenv(envMCPPrincipal)
	}
	if *principal != "" {
		if err := mcp.CheckPrincipalName(*principal); err != nil {
			return &usageError{fmt.Errorf("--principal: %w", err)}
		}
	}
	if *httpAddr != "" && !auth.configured() {
		return &usageError{mcp.ErrNoToken}
	}
	log := serverLogger(e, g) // stderr: stdout carries the protocol
	policy, err := notifyAllow.policy()
	if err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true, concurrency: *concurrency, notifyPolicy: policy})
	if err != nil {
		return err
	}
	defer b.Close()
	opts := append([]mcp.Option{mcp.Logger(log), mcp.WaitDefault(*wait), mcp.NotifyAllow(policy)}, auth.options()...)
	if *principal != "" {
		opts = append(opts, mcp.StdioPrincipal(*principal))
	}
	if len(roots) > 0 {
		opts = append(opts, mcp.Roots(roots))
	}
	if *rootPerPrincipal {
		opts = append(opts, mcp.RootPerPrincipal())
	}
	if len(origins) > 0 {
		opts = append(opts, mcp.AllowOrigins(origins...))
	}
	if len(dashboard) > 0 {
		if *httpAddr == "" {
			return usagef("--dashboard-principal needs --http: the dashboard is served beside the HTTP transport")
		}
		h := newDashboard(b.conn)
		defer h.Close()
		opts = append(opts, mcp.Dashboard(h, dashboard...))
	}
	srv, err := mcp.New(b.server, opts...)
	if err != nil {
		return err
	}
	keys, _ := keyringOf(e) // openBackend has read it already
	warnRedis(log, e, g, keys)
	log.Info("mcp: ready", "redis", b.display)
	if *httpAddr != "" {
		return srv.ListenAndServe(ctx, *httpAddr)
	}
	err = srv.ServeStdio(ctx, e.stdin, e.stdout)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
