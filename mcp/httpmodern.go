package mcp

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The Streamable HTTP rules of protocol 2026-07-28 for the messages formfill
// answers itself, as mcp-go's transport applies them to the others: the
// Mcp-Protocol-Version header names the version the body's _meta does, no
// Last-Event-ID, Mcp-Method names the method and Mcp-Name the tool (or,
// for the tasks extension's methods, the task), and JSON-RPC errors map onto
// HTTP statuses.

// checkModernHTTP returns the error a modern request's headers earn, or
// nil.
func checkModernHTTP(r *http.Request, m *rpcMessage, info requestInfo) mcpgo.JSONRPCMessage {
	id := *m.ID
	header := r.Header.Get(mcpgo.HeaderProtocolVersion)
	switch {
	case r.Header.Get(mcpgo.HeaderLastEventID) != "":
		return mcpgo.NewJSONRPCError(id, mcpgo.HEADER_MISMATCH, "Last-Event-ID is not supported in protocol version "+mcpgo.ProtocolVersion20260728+": streams are not resumable, re-issue the request with a new ID", nil)
	case header == "":
		return mcpgo.NewJSONRPCError(id, mcpgo.HEADER_MISMATCH, mcpgo.HeaderProtocolVersion+" header is required for requests carrying "+mcpgo.MetaKeyProtocolVersion, nil)
	case header != info.version:
		return mcpgo.NewJSONRPCError(id, mcpgo.HEADER_MISMATCH, fmt.Sprintf("%s header %s does not match request %s %s", mcpgo.HeaderProtocolVersion, header, mcpgo.MetaKeyProtocolVersion, info.version), nil)
	}
	if err := mcpgo.ValidateStandardHeaders(r.Header.Get, info.version, mcpgo.MCPMethod(m.Method), m.Params); err != nil {
		return mcpgo.NewJSONRPCError(id, mcpgo.HEADER_MISMATCH, err.Error(), nil)
	}
	// The tasks extension routes its methods by Mcp-Name = taskId; a name
	// that names another task is a mismatch.
	var p taskIDParams
	if name := r.Header.Get(mcpgo.HeaderName); name != "" && json.Unmarshal(m.Params, &p) == nil && p.TaskID != "" {
		if decoded, ok := mcpgo.DecodeHeaderValue(name); !ok || decoded != p.TaskID {
			return mcpgo.NewJSONRPCError(id, mcpgo.HEADER_MISMATCH, fmt.Sprintf("%s header %q does not match params.taskId %q", mcpgo.HeaderName, name, p.TaskID), nil)
		}
	}
	return nil
}

// modernHTTPStatus is the HTTP status protocol 2026-07-28 gives a JSON-RPC
// error.
func modernHTTPStatus(code int) int {
	switch code {
	case mcpgo.METHOD_NOT_FOUND:
		return http.StatusNotFound
	case mcpgo.HEADER_MISMATCH, mcpgo.MISSING_REQUIRED_CLIENT_CAPABILITY, mcpgo.UNSUPPORTED_PROTOCOL_VERSION,
		mcpgo.INVALID_REQUEST, mcpgo.INVALID_PARAMS, mcpgo.PARSE_ERROR:
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// sseWriter turns a POST's response into an event stream at its first
// message: the notifications of the request, then its response.
type sseWriter struct {
	w  http.ResponseWriter
	mu sync.Mutex
	on bool
}

func (s *sseWriter) started() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.on
}

// send writes one message as an SSE event.
func (s *sseWriter) send(msg any) {
	b, err := json.Marshal(msg)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.on {
		s.w.Header().Set("Content-Type", "text/event-stream")
		s.w.Header().Set("Cache-Control", "no-cache")
		s.w.WriteHeader(http.StatusOK)
		s.on = true
	}
	fmt.Fprintf(s.w, "event: message\ndata: %s\n\n", b)
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
}
