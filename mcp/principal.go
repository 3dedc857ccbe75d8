package mcp

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/mark3labs/mcp-go/server"

	"github.com/formfill/formfill/jobs"
)

// A principal is who calls: the name a bearer token or an OAuth access
// token stands for over HTTP, or the one user a stdio server process serves.
// Jobs, tasks, list_jobs and produced files belong to the principal that
// made them: any session or replica of that principal sees them, and no
// other principal ever does, even with a job ID (get_job, tasks/get and
// resources/read answer "not found" exactly as for a job that never was).
// Protocol sessions (HTTP's Mcp-Session-Id) no longer decide what a client
// sees: a client that reconnects, opens a second session, reaches another
// replica or speaks the stateless 2026-07-28 revision finds its jobs again.
type Principal struct {
	// Name identifies the principal in the job index: a tokens file's name,
	// "default" for the single --token, "oauth:<sub>" for an OAuth access
	// token, a stdio server's --principal or a random "stdio:…".
	Name string
	// ReadOnly principals may call only the document tools that change
	// nothing (readOnlyHint): they read, extract and verify, but do not
	// write documents. Their own jobs they may still cancel.
	ReadOnly bool
}

// DefaultPrincipal names the principal of the single --token.
const DefaultPrincipal = "default"

// ScopeReadOnly is the tokens-file scope of a read-only principal.
const ScopeReadOnly = "read-only"

// principalKey carries the caller's principal in a context.
type principalKey struct{}

// withPrincipal makes p the caller of the calls made with ctx.
func withPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// principalOf returns the caller of a call: the principal the transport
// authenticated, else (in-process clients, which authenticate nobody) one
// of the mcp-go session the call is made in, so that two in-process
// sessions still see nothing of each other's.
func principalOf(ctx context.Context) Principal {
	if p, ok := ctx.Value(principalKey{}).(Principal); ok {
		return p
	}
	if cs := server.ClientSessionFromContext(ctx); cs != nil && cs.SessionID() != "" {
		return Principal{Name: "session:" + cs.SessionID()}
	}
	return Principal{}
}

// newStdioPrincipal names a stdio server's principal when none is given:
// random and unnameable (a token name cannot hold ':'), so that two users'
// servers on one Redis never share a job list.
func newStdioPrincipal() Principal { return Principal{Name: "stdio:" + rand.Text()} }

// maxPrincipalName bounds a principal's name, which is part of Redis keys.
const maxPrincipalName = 128

// CheckPrincipalName reports whether name may name a principal in a tokens
// file or as a stdio server's --principal: 1 to 128 letters, digits and
// "._@-", but not "." or "..". The prefixes formfill gives the principals it names itself
// ("oauth:", "stdio:") hold a ':' so no configured name can stand for one.
func CheckPrincipalName(name string) error {
	if name == "" || len(name) > maxPrincipalName {
		return fmt.Errorf("principal name %q: want 1 to %d characters", name, maxPrincipalName)
	}
	if name == "." || name == ".." {
		return fmt.Errorf("principal name %q: not a name", name)
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '@', r == '-':
		default:
			return fmt.Errorf("principal name %q: %q is not allowed; use letters, digits and . _ @ -", name, r)
		}
	}
	return nil
}

// errorForbidden is the error kind of a call the principal may not make.
const errorForbidden jobs.ErrorKind = "forbidden"

// forbiddenError is the refusal of a tool a read-only principal called.
type forbiddenError struct{ principal, tool string }

func (e *forbiddenError) Error() string {
	return fmt.Sprintf("principal %q has read-only access; %s changes documents and is refused", e.principal, e.tool)
}

// checkWrite refuses a tool that is not read-only to a read-only principal.
func checkWrite(p Principal, tool string, readOnly bool) error {
	if p.ReadOnly && !readOnly {
		return &forbiddenError{principal: p.Name, tool: tool}
	}
	return nil
}

// readOnlyTool reports whether a document tool changes nothing.
func readOnlyTool(op *jobs.Operation) bool {
	readOnly, _, _, _ := op.Annotations()
	return readOnly
}
