package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// Both protocol eras are served on one endpoint, request by request, as
// mcp-go decides them: a request whose _meta declares protocol version
// 2026-07-28 or later is modern (stateless: no initialize, no session, its
// client's capabilities in every request's _meta); anything else is legacy
// (2024-11-05 … 2025-11-25, in a session opened with initialize). Who may
// see a job does not depend on the era: the principal decides.
//
// formfill answers some messages itself, before mcp-go (the interceptor):
// in the legacy era the task methods and task-augmented tool calls
// (tasks.go); in the modern era the methods of the tasks extension and the
// document tool calls of clients that declare it (modern.go), which may be
// answered with a task handle that mcp-go's tool handlers cannot return.

// rpcMessage is a JSON-RPC request as the interceptor reads it.
type rpcMessage struct {
	ID     *mcpgo.RequestId `json:"id"`
	Method string           `json:"method"`
	Params json.RawMessage  `json:"params"`
}

// callParams are a tools/call's params.
type callParams struct {
	Name      string            `json:"name"`
	Arguments json.RawMessage   `json:"arguments"`
	Task      *mcpgo.TaskParams `json:"task"`
	Meta      *mcpgo.Meta       `json:"_meta"`
}

// requestInfo is what a request's _meta says of its era and client.
type requestInfo struct {
	modern   bool
	version  string
	caps     *mcpgo.ClientCapabilities
	progress mcpgo.ProgressToken
}

// infoOf reads a request's _meta.
func infoOf(params json.RawMessage) requestInfo {
	var p struct {
		Meta *mcpgo.Meta `json:"_meta"`
	}
	if len(params) == 0 || json.Unmarshal(params, &p) != nil || p.Meta == nil {
		return requestInfo{}
	}
	v := p.Meta.ProtocolVersion()
	return requestInfo{modern: mcpgo.IsModernProtocol(v), version: v, caps: p.Meta.ClientCapabilities(), progress: p.Meta.ProgressToken}
}

// TasksExtension identifies the tasks extension of protocol 2026-07-28.
const TasksExtension = "io.modelcontextprotocol/tasks"

// declaresTasks reports whether a modern request's client capabilities
// include the tasks extension.
func (i requestInfo) declaresTasks() bool {
	if i.caps == nil || i.caps.Extensions == nil {
		return false
	}
	_, ok := i.caps.Extensions[TasksExtension]
	return ok
}

// notifier delivers a notification related to the request being answered
// (progress) on the transport it came by; nil drops them.
type notifier func(notification any)

// intercept answers raw when formfill answers it itself; ok is false for
// anything mcp-go answers.
func (s *Server) intercept(ctx context.Context, raw json.RawMessage, notify notifier) (mcpgo.JSONRPCMessage, bool) {
	var m rpcMessage
	if err := json.Unmarshal(raw, &m); err != nil || m.ID == nil {
		return nil, false // batches, notifications and garbage: mcp-go's business
	}
	var call *callParams
	if m.Method == string(mcpgo.MethodToolsCall) {
		call = &callParams{}
		if json.Unmarshal(m.Params, call) != nil {
			return nil, false // mcp-go says what is wrong with it
		}
	}
	info := infoOf(m.Params)
	if m.Method == string(mcpgo.MethodResourcesRead) {
		if uri, ok := documentURIOf(m.Params); ok {
			return s.interceptRead(ctx, *m.ID, uri, info), true
		}
		return nil, false
	}
	if info.modern {
		return s.interceptModern(ctx, &m, call, info, notify)
	}
	return s.interceptLegacy(ctx, &m, call)
}

// intercepted tells whether a message is one intercept answers, without
// answering it. Large messages (documents in base64) are first screened by
// substring, so they are not parsed twice unless they may be.
func intercepted(line []byte) bool {
	if len(line) > 1<<20 && !bytes.Contains(line, []byte(`"tasks/`)) && !bytes.Contains(line, []byte(`"task"`)) &&
		!bytes.Contains(line, []byte(TasksExtension)) {
		return false
	}
	var m struct {
		Method string `json:"method"`
		Params struct {
			Name string          `json:"name"`
			Task json.RawMessage `json:"task"`
			URI  string          `json:"uri"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &m) != nil {
		return false
	}
	switch m.Method {
	case "resources/read":
		return strings.HasPrefix(m.Params.URI, documentURIPrefix)
	case "tasks/get", "tasks/result", "tasks/list", "tasks/cancel", "tasks/update":
		return true
	case "tools/call":
		if len(m.Params.Task) > 0 && string(m.Params.Task) != "null" {
			return true
		}
		if jobs.OperationForTool(m.Params.Name) == nil {
			return false
		}
		var p struct {
			Params json.RawMessage `json:"params"`
		}
		json.Unmarshal(line, &p)
		info := infoOf(p.Params)
		return info.modern && info.declaresTasks()
	}
	return false
}

// documentURIOf returns a resources/read's URI when it names a produced
// document.
func documentURIOf(params json.RawMessage) (string, bool) {
	var p struct {
		URI string `json:"uri"`
	}
	if json.Unmarshal(params, &p) != nil || !strings.HasPrefix(p.URI, documentURIPrefix) {
		return "", false
	}
	return p.URI, true
}
