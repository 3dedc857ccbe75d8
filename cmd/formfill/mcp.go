package main

import (
	"context"
	"errors"

	"github.com/formfill/formfill/mcp"
)

// envMCPToken names the environment variable holding the HTTP bearer token.
const envMCPToken = "FORMFILL_MCP_TOKEN"

func runMCP(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "mcp",
		desc: `Runs the MCP server for agents: the document tools (extract_structure_compact,
write_answers, verify_output …) and job tools (get_job, cancel_job,
list_jobs). Serves stdio by default; --http serves streamable HTTP at /mcp,
which needs a bearer token (--token or FORMFILL_MCP_TOKEN). file_path and
output_file_path are confined to --root directories (default: the working
directory). Without Redis configured it uses the embedded default.`,
		examples: []string{
			"formfill mcp --root ~/forms",
			"FORMFILL_MCP_TOKEN=s3cret formfill mcp --http :8080 --redis redis://redis:6379/0",
		}})
	httpAddr := fs.String("http", "", "serve streamable HTTP on this address instead of stdio, e.g. :8080")
	token := fs.String("token", "", "bearer token HTTP clients must present (default $"+envMCPToken+")")
	roots := stringList{}
	fs.Var(&roots, "root", "directory file paths are confined to (repeatable; default: the working directory)")
	origins := stringList{}
	fs.Var(&origins, "allow-origin", "browser origin allowed to call the HTTP transport (repeatable)")
	wait := fs.Duration("wait", mcp.DefaultWait, "how long a document tool waits before answering with a job ID")
	concurrency := fs.Int("concurrency", 4, "worker concurrency of the embedded default")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	if *token == "" {
		*token = e.getenv(envMCPToken)
	}
	if *httpAddr != "" && *token == "" {
		return &usageError{mcp.ErrNoToken}
	}
	log := serverLogger(e, g) // stderr: stdout carries the protocol
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true, concurrency: *concurrency})
	if err != nil {
		return err
	}
	defer b.Close()
	opts := []mcp.Option{mcp.Logger(log), mcp.WaitDefault(*wait), mcp.Token(*token)}
	if len(roots) > 0 {
		opts = append(opts, mcp.Roots(roots))
	}
	if len(origins) > 0 {
		opts = append(opts, mcp.AllowOrigins(origins...))
	}
	srv, err := mcp.New(b.client, opts...)
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
