package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// EndpointPath is where the streamable HTTP transport listens.
const EndpointPath = "/mcp"

// ErrNoToken is returned by ListenAndServe when no way to authenticate is
// configured: the HTTP transport never runs open.
var ErrNoToken = errors.New("mcp: the HTTP transport needs a bearer token (--token or FORMFILL_MCP_TOKEN), a tokens file (--tokens or FORMFILL_MCP_TOKENS) or OAuth (--oauth-issuer and --oauth-resource)")

// Handler returns the streamable HTTP transport at EndpointPath, behind
// the Origin check, authentication of the principal and the body size
// limit, plus an unauthenticated /healthz and, with OAuth, the Protected
// Resource Metadata (RFC 9728). Both protocol eras are served: 2026-07-28
// statelessly, the earlier ones in sessions. With no credentials
// configured every MCP request is refused.
func (s *Server) Handler() http.Handler {
	streamable := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath(EndpointPath),
		server.WithStreamableHTTPLogger(s.log),
		server.WithSessionIdManager(s.sessions),
	)
	mux := http.NewServeMux()
	mux.Handle(EndpointPath, s.guard(s.interceptHTTP(streamable)))
	s.mountAround(mux)
	return mux
}

// mountAround mounts what is served beside the MCP endpoint: the
// unauthenticated /healthz, the dashboard if configured and, with OAuth,
// the Protected Resource Metadata.
func (s *Server) mountAround(mux *http.ServeMux) {
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "ok\n")
	})
	if s.cfg.dashboard != nil {
		mux.Handle(DashboardPath+"/", s.dashboardGuard())
	}
	if s.creds.oauth != nil {
		prm := server.NewProtectedResourceMetadataHandler(s.protectedResourceMetadata())
		mux.Handle(server.ProtectedResourceMetadataPath(s.cfg.oauth.Resource), prm)
		mux.Handle(server.WellKnownProtectedResourcePath, prm)
	}
}

// ListenAndServe serves the streamable HTTP transport on addr until ctx is
// done, then shuts down gracefully. (The name is net/http's: the Server is
// not itself an http.Handler; Handler returns one.)
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	if s.creds.none() {
		return ErrNoToken
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("mcp: listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	s.log.Info("mcp: streamable HTTP listening", "addr", ln.Addr().String(), "path", EndpointPath, "roots", s.roots.Dirs())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("mcp: shutdown: %w", err)
	}
	return nil
}

// guard refuses requests from foreign browser origins (403) and without
// credentials of a principal (401, or 403 for an OAuth token lacking the
// scope), caps the body size, and names the principal in the request's
// context.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !s.originAllowed(origin) {
			http.Error(w, fmt.Sprintf("Forbidden: origin %q is not allowed", origin), http.StatusForbidden)
			return
		}
		if s.creds.none() {
			s.refuse(w, &authError{description: "this server has no credentials configured and accepts no request"})
			return
		}
		p, aerr := s.creds.authenticate(r)
		if aerr != nil {
			s.refuse(w, aerr)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.maxBody)
		next.ServeHTTP(w, r.WithContext(withPrincipal(withHTTPTrace(r), p)))
	})
}

// originAllowed follows the MCP transport spec: servers must validate
// Origin to stop DNS-rebinding attacks from web pages. Localhost pages and
// explicitly allowed origins pass.
func (s *Server) originAllowed(origin string) bool {
	for _, o := range s.cfg.allowedOrigins {
		if o == "*" || strings.EqualFold(strings.TrimRight(o, "/"), strings.TrimRight(origin, "/")) {
			return true
		}
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// interceptHTTP answers the messages formfill answers itself (see era.go)
// and hands everything else to mcp-go unchanged.
func (s *Server) interceptHTTP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, fmt.Sprintf("request body larger than %d bytes", tooBig.Limit), http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "reading request body: "+err.Error(), http.StatusBadRequest)
			return
		}
		if intercepted(body) && s.serveIntercepted(w, r, body) {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
}

// serveIntercepted answers an intercepted message, as mcp-go's transport
// would: a legacy one only in a session; a modern one only with the
// headers the revision requires, and on an SSE stream when it reports
// progress. It returns false when mcp-go is to answer after all.
func (s *Server) serveIntercepted(w http.ResponseWriter, r *http.Request, body []byte) bool {
	var m rpcMessage
	if json.Unmarshal(body, &m) != nil || m.ID == nil {
		return false
	}
	if !infoOf(m.Params).modern {
		if _, ok := s.httpSession(w, r); !ok {
			return true
		}
		resp, ok := s.intercept(r.Context(), body, nil)
		if ok {
			writeJSONRPC(w, resp, http.StatusOK)
		}
		return ok
	}
	if resp := checkModernHTTP(r, &m, infoOf(m.Params)); resp != nil {
		writeJSONRPC(w, resp, http.StatusBadRequest)
		return true
	}
	stream := &sseWriter{w: w}
	resp, ok := s.intercept(r.Context(), body, stream.send)
	if !ok {
		return false
	}
	if stream.started() {
		stream.send(resp)
		return true
	}
	status := http.StatusOK
	if e, isErr := resp.(mcpgo.JSONRPCError); isErr {
		status = modernHTTPStatus(e.Error.Code)
	}
	writeJSONRPC(w, resp, status)
	return true
}

func writeJSONRPC(w http.ResponseWriter, msg any, status int) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(msg)
}

// httpSession returns the session a task request is made in, as mcp-go
// checks it for every other request: a request without one is refused
// (400: initialize first), as is a session nobody opened or that ended
// (404: initialize again).
func (s *Server) httpSession(w http.ResponseWriter, r *http.Request) (string, bool) {
	id := r.Header.Get(server.HeaderKeySessionID)
	if id == "" {
		http.Error(w, "Bad Request: no "+server.HeaderKeySessionID+" header; send initialize first and pass the session ID it returns", http.StatusBadRequest)
		return "", false
	}
	ended, err := s.sessions.Validate(id)
	switch {
	case errors.Is(err, errSessionStore):
		s.log.Warn("mcp: session not checked", "err", err)
		http.Error(w, "Service Unavailable: the session store does not answer; retry in a few seconds", http.StatusServiceUnavailable)
		return "", false
	case err != nil:
		http.Error(w, "Not Found: unknown or expired session; send initialize again", http.StatusNotFound)
		return "", false
	case ended:
		http.Error(w, "Not Found: session terminated; send initialize again", http.StatusNotFound)
		return "", false
	}
	return id, true
}
