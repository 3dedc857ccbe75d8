package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// The tasks extension of protocol 2026-07-28 (io.modelcontextprotocol/tasks),
// answered from the job store. Task creation is the server's choice: a client
// declares the extension in each request's capabilities, and a document tool
// call whose job has not finished within wait_seconds is answered with a task
// handle (resultType "task") instead of the {job_id, status} envelope older
// clients poll with get_job; wait_seconds 0 asks for the handle at once. The
// task ID is the job ID. The client polls tasks/get, whose completed task
// carries the tool's result; tasks/cancel cancels the job; tasks/update
// acknowledges (formfill never asks for input mid-task). There is no tasks/list
// or tasks/result in this revision. Task methods of a client that did not
// declare the extension are refused with -32021.

// modernTask is a Task of the extension, with the result or error a
// finished task carries inline.
type modernTask struct {
	TaskID         string `json:"taskId"`
	Status         string `json:"status"`
	StatusMessage  string `json:"statusMessage,omitempty"`
	CreatedAt      string `json:"createdAt"`
	LastUpdatedAt  string `json:"lastUpdatedAt"`
	TTLMs          *int64 `json:"ttlMs"`
	PollIntervalMs int64  `json:"pollIntervalMs,omitempty"`
	Result         any    `json:"result,omitempty"`
	Error          any    `json:"error,omitempty"`
}

// resultTypeTask marks a CreateTaskResult.
const resultTypeTask = "task"

// interceptModern answers the messages of the modern era formfill answers
// itself.
func (s *Server) interceptModern(ctx context.Context, m *rpcMessage, call *callParams, info requestInfo, notify notifier) (mcpgo.JSONRPCMessage, bool) {
	id := *m.ID
	method := mcpgo.MCPMethod(m.Method)
	switch method {
	case mcpgo.MethodToolsCall:
		if !info.declaresTasks() || jobs.OperationForTool(call.Name) == nil {
			return nil, false // an ordinary call: mcp-go's
		}
	case mcpgo.MethodTasksGet, mcpgo.MethodTasksCancel, "tasks/update":
	case mcpgo.MethodTasksResult, mcpgo.MethodTasksList:
		return rpcError(id, &rpcErr{mcpgo.METHOD_NOT_FOUND, fmt.Errorf("%s is not part of protocol %s: poll tasks/get, whose completed task carries the result", m.Method, info.version)}), true
	default:
		return nil, false
	}
	if resp := checkModern(id, info); resp != nil {
		return resp, true
	}
	if method != mcpgo.MethodToolsCall && !info.declaresTasks() {
		return missingTasksCapability(id, m.Method), true
	}
	caller := principalOf(ctx)
	var result any
	var err error
	switch method {
	case mcpgo.MethodToolsCall:
		result, err = s.modernCall(ctx, caller, call, info, notify)
	case mcpgo.MethodTasksGet:
		result, err = s.modernTaskCall(ctx, caller, m.Params, s.modernGet)
	case mcpgo.MethodTasksCancel:
		result, err = s.modernTaskCall(ctx, caller, m.Params, s.modernCancel)
	default: // tasks/update: formfill never asks for input, so nothing is outstanding
		result, err = s.modernTaskCall(ctx, caller, m.Params, func(context.Context, string) (any, error) { return struct{}{}, nil })
	}
	if err != nil {
		return rpcError(id, err), true
	}
	if handle, ok := result.(stampedTask); ok {
		return mcpgo.NewJSONRPCResultResponse(id, s.stamp(handle.modernTask, resultTypeTask)), true
	}
	return mcpgo.NewJSONRPCResultResponse(id, s.stamp(result, "")), true
}

// checkModern refuses a modern request mcp-go would refuse: an unknown
// protocol version, or no client capabilities in _meta.
func checkModern(id mcpgo.RequestId, info requestInfo) mcpgo.JSONRPCMessage {
	if !mcpgo.IsValidProtocolVersion(info.version) {
		resp := mcpgo.UnsupportedProtocolVersionError{Version: info.version, Supported: mcpgo.ValidProtocolVersions}.JSONRPCError()
		resp.ID = id
		return resp
	}
	if info.caps == nil {
		return mcpgo.NewJSONRPCError(id, mcpgo.INVALID_PARAMS, "missing or invalid _meta field "+mcpgo.MetaKeyClientCapabilities, nil)
	}
	return nil
}

// missingTasksCapability is the extension's answer to a task method from a
// client that did not declare it.
func missingTasksCapability(id mcpgo.RequestId, method string) mcpgo.JSONRPCMessage {
	return mcpgo.NewJSONRPCError(id, mcpgo.MISSING_REQUIRED_CLIENT_CAPABILITY,
		fmt.Sprintf("%s needs the %s extension: declare it in _meta %s", method, TasksExtension, mcpgo.MetaKeyClientCapabilities),
		map[string]any{"requiredCapabilities": map[string]any{"extensions": map[string]any{TasksExtension: map[string]any{}}}})
}

// stamp adds what every result of the modern era carries: its resultType
// ("complete" unless given) and the server's identity in _meta.
func (s *Server) stamp(result any, resultType string) map[string]any {
	out := map[string]any{}
	if b, err := json.Marshal(result); err == nil {
		json.Unmarshal(b, &out)
	}
	if out == nil {
		out = map[string]any{}
	}
	if resultType == "" {
		resultType = string(mcpgo.ResultTypeComplete)
	}
	out["resultType"] = resultType
	meta, _ := out["_meta"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	meta[mcpgo.MetaKeyServerInfo] = mcpgo.Implementation{Name: "formfill", Version: s.cfg.version}
	out["_meta"] = meta
	return out
}

// modernCall runs a document tool for a client that declared the tasks
// extension: the tool's result when its job finishes within wait_seconds,
// else a task handle. Errors of the call are tool errors, as in the legacy
// era.
func (s *Server) modernCall(ctx context.Context, caller Principal, call *callParams, info requestInfo, notify notifier) (any, error) {
	op := jobs.OperationForTool(call.Name)
	st, res := s.runTool(ctx, caller, op, call.Arguments, call.Meta, s.progressTo(notify, info.progress), true)
	if res != nil {
		return res, nil
	}
	if finished(st.State) {
		return s.render(ctx, st), nil
	}
	task := s.modernTaskOf(ctx, st, false)
	return stampedTask{task}, nil
}

// stampedTask is a CreateTaskResult: the task, marked resultType "task".
type stampedTask struct{ modernTask }

// modernTaskCall answers a method on one of the principal's tasks.
func (s *Server) modernTaskCall(ctx context.Context, caller Principal, params json.RawMessage, fn func(context.Context, string) (any, error)) (any, error) {
	var p taskIDParams
	if err := json.Unmarshal(params, &p); err != nil || p.TaskID == "" {
		return nil, &rpcErr{mcpgo.INVALID_PARAMS, errors.New("params.taskId is required: the taskId of a tools/call answered with resultType \"task\"")}
	}
	if _, err := s.owned(ctx, caller, p.TaskID); err != nil {
		return nil, taskLookupError(p.TaskID, err)
	}
	return fn(ctx, p.TaskID)
}

func (s *Server) modernGet(ctx context.Context, id string) (any, error) {
	st, err := s.store.Status(ctx, id)
	if err != nil {
		return nil, taskLookupError(id, err)
	}
	return s.modernTaskOf(ctx, st, true), nil
}

// modernCancel asks for the job to be canceled and acknowledges: in this
// revision the answer is empty, and the task reaches "cancelled" (or, had
// the job just finished, its final state) when polled.
func (s *Server) modernCancel(ctx context.Context, id string) (any, error) {
	st, err := s.store.Status(ctx, id)
	if err != nil {
		return nil, taskLookupError(id, err)
	}
	if !finished(st.State) {
		if err := s.store.Cancel(ctx, id); err != nil && !errors.Is(err, jobs.ErrJobNotFound) {
			st2, serr := s.store.Status(ctx, id)
			if serr != nil || !finished(st2.State) {
				return nil, fmt.Errorf("canceling task %s: %w", id, err)
			}
		}
	}
	return struct{}{}, nil
}

// modernTaskOf maps a job's status onto the extension's task. A finished
// job is "completed" with the tool's result inline (a tool error is a
// completed task whose result has isError, as the extension wants: its
// "failed" is for protocol errors), or "cancelled"; withResult leaves the
// result out of a task handle.
func (s *Server) modernTaskOf(ctx context.Context, st *jobs.Status, withResult bool) modernTask {
	legacy := s.taskOf(ctx, st)
	t := modernTask{TaskID: legacy.TaskId, CreatedAt: legacy.CreatedAt, LastUpdatedAt: legacy.LastUpdatedAt,
		TTLMs: legacy.TTL, PollIntervalMs: taskPollInterval.Milliseconds()}
	switch {
	case st.State == stateCanceled:
		t.Status, t.StatusMessage = string(mcpgo.TaskStatusCancelled), "the job was canceled"
	case finished(st.State):
		t.Status = string(mcpgo.TaskStatusCompleted)
		if withResult {
			t.Result = s.stamp(s.render(ctx, st), "")
		}
	default:
		t.Status, t.StatusMessage = string(mcpgo.TaskStatusWorking), "job "+string(st.State)
	}
	return t
}
