package mcp

import (
	"bytes"
	"context"
	"crypto/subtle"
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

// ErrNoToken is returned by ListenAndServe when no bearer token is configured:
// the HTTP transport never runs open.
var ErrNoToken = errors.New("mcp: the HTTP transport needs a bearer token (--token or FORMFILL_MCP_TOKEN)")

// Handler returns the streamable HTTP transport at EndpointPath, behind
// the bearer-token check, the Origin check and the body size limit, plus an
// unauthenticated /healthz. With no token configured every MCP request is
// refused.
func (s *Server) Handler() http.Handler {
	streamable := server.NewStreamableHTTPServer(s.mcp,
		server.WithEndpointPath(EndpointPath),
		server.WithStreamableHTTPLogger(s.log),
		server.WithSessionIdManager(s.sessions),
		// 2026-07-28 drops sessions, and sessions are what keep one
		// client's jobs from another's: serve the versions that have them.
		server.WithStreamableHTTPProtocolVersions(mcpgo.LegacyProtocolVersions()...),
	)
	mux := http.NewServeMux()
	mux.Handle(EndpointPath, s.guard(s.interceptHTTP(streamable)))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "ok\n")
	})
	return mux
}

// ListenAndServe serves the streamable HTTP transport on addr until ctx is
// done, then shuts down gracefully. (The name is net/http's: the Server is
// not itself an http.Handler; Handler returns one.)
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	if s.cfg.token == "" {
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

// guard refuses requests from foreign browser origins (403), without the
// right bearer token (401), and caps the body size.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !s.originAllowed(origin) {
			http.Error(w, fmt.Sprintf("Forbidden: origin %q is not allowed", origin), http.StatusForbidden)
			return
		}
		if !s.authorized(r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="formfill"`)
			http.Error(w, "Unauthorized: send Authorization: Bearer <token>", http.StatusUnauthorized)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.cfg.maxBody)
		next.ServeHTTP(w, r)
	})
}

func (s *Server) authorized(r *http.Request) bool {
	if s.cfg.token == "" {
		return false
	}
	h := r.Header.Get("Authorization")
	const prefix = "bearer "
	if len(h) < len(prefix) || !strings.EqualFold(h[:len(prefix)], prefix) {
		return false
	}
	got := strings.TrimSpace(h[len(prefix):])
	return subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.token)) == 1
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

// interceptHTTP answers task messages from the job store (see tasks.go)
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
		if isTaskMessage(body) {
			session, ok := s.httpSession(w, r)
			if !ok {
				return
			}
			if resp, ok := s.interceptTasks(withSession(r.Context(), session), session, body); ok {
				w.Header().Set("Content-Type", "application/json")
				json.NewEncoder(w).Encode(resp)
				return
			}
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		next.ServeHTTP(w, r)
	})
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
