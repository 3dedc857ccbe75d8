package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// MCP tasks of the 2025-11-25 revision (experimental there), answered from
// the job store; modern.go answers the tasks extension of 2026-07-28.
//
// mcp-go keeps tasks in the memory of one process, per session, under its
// own UUIDs: a task would not survive a restart, and a replica behind a load
// balancer could not answer for another's task. formfill's jobs already are
// durable tasks in Redis, so the task methods and task-augmented tool calls
// are intercepted before mcp-go sees them: the task ID IS the job ID, and
// tasks/get, tasks/result and tasks/cancel read the job store, so any
// replica answers for any task of the caller's principal (and only of it:
// the principal is the task's authorization context). mcp-go still
// advertises the capability and each tool's execution.taskSupport.

const (
	taskTTL          = 24 * time.Hour // the job store's default result retention
	taskPollInterval = time.Second
)

type taskIDParams struct {
	TaskID string `json:"taskId"`
}

// interceptLegacy answers a task method or a task-augmented tool call of
// the 2025-11-25 era; ok is false for anything else.
func (s *Server) interceptLegacy(ctx context.Context, m *rpcMessage, p *callParams) (mcpgo.JSONRPCMessage, bool) {
	caller := principalOf(ctx)
	var result any
	var err error
	switch mcpgo.MCPMethod(m.Method) {
	case mcpgo.MethodToolsCall:
		if p == nil || p.Task == nil {
			return nil, false
		}
		result, err = s.createTask(ctx, caller, *p)
	case mcpgo.MethodTasksGet:
		result, err = s.taskCall(ctx, caller, m.Params, s.getTask)
	case mcpgo.MethodTasksResult:
		result, err = s.taskCall(ctx, caller, m.Params, s.taskResult)
	case mcpgo.MethodTasksCancel:
		result, err = s.taskCall(ctx, caller, m.Params, s.cancelTask)
	case mcpgo.MethodTasksList:
		result, err = s.listTasks(ctx, caller, m.Params)
	default:
		return nil, false
	}
	if err != nil {
		return rpcError(*m.ID, err), true
	}
	return mcpgo.NewJSONRPCResultResponse(*m.ID, result), true
}

// rpcErr carries a JSON-RPC error code.
type rpcErr struct {
	code int
	err  error
}

func (e *rpcErr) Error() string { return e.err.Error() }
func (e *rpcErr) Unwrap() error { return e.err }

func rpcError(id mcpgo.RequestId, err error) mcpgo.JSONRPCError {
	code := mcpgo.INTERNAL_ERROR
	var re *rpcErr
	switch {
	case errors.As(err, &re):
		code = re.code
	case formats.IsInputError(err), errors.Is(err, jobs.ErrJobNotFound):
		code = mcpgo.INVALID_PARAMS
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		code = mcpgo.REQUEST_INTERRUPTED
	}
	return mcpgo.NewJSONRPCError(id, code, err.Error(), nil)
}

func (s *Server) createTask(ctx context.Context, caller Principal, p callParams) (*mcpgo.CreateTaskResult, error) {
	op := jobs.OperationForTool(p.Name)
	if op == nil {
		if slices.Contains([]string{ToolGetJob, ToolCancelJob, ToolListJobs}, p.Name) {
			return nil, &rpcErr{mcpgo.METHOD_NOT_FOUND, fmt.Errorf("tool %q does not support task augmentation; call it without params.task", p.Name)}
		}
		return nil, &rpcErr{mcpgo.INVALID_PARAMS, fmt.Errorf("tool %q not found", p.Name)}
	}
	if err := checkWrite(caller, p.Name, readOnlyTool(op)); err != nil {
		return nil, &rpcErr{mcpgo.INVALID_REQUEST, err}
	}
	r, err := s.prepare(ctx, caller, op, p.Arguments)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	id, err := s.submit(ctx, caller, r)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC().Format(time.RFC3339Nano)
	ttl, poll := taskTTL.Milliseconds(), taskPollInterval.Milliseconds()
	task := mcpgo.Task{TaskId: id, Status: mcpgo.TaskStatusWorking, CreatedAt: now, LastUpdatedAt: now, TTL: &ttl, PollInterval: &poll}
	res := mcpgo.NewCreateTaskResult(task)
	return &res, nil
}

// taskCall answers a method on one task, which must be the principal's
// own: another principal's task is not found, as tasks/list does not show
// it.
func (s *Server) taskCall(ctx context.Context, caller Principal, params json.RawMessage, fn func(context.Context, string) (any, error)) (any, error) {
	var p taskIDParams
	if err := json.Unmarshal(params, &p); err != nil || p.TaskID == "" {
		return nil, &rpcErr{mcpgo.INVALID_PARAMS, errors.New("params.taskId is required: the taskId a task-augmented tools/call returned")}
	}
	if _, err := s.owned(ctx, caller, p.TaskID); err != nil {
		return nil, taskLookupError(p.TaskID, err)
	}
	return fn(ctx, p.TaskID)
}

func (s *Server) getTask(ctx context.Context, id string) (any, error) {
	st, err := s.store.Status(ctx, id)
	if err != nil {
		return nil, taskLookupError(id, err)
	}
	return mcpgo.NewGetTaskResult(s.taskOf(ctx, st)), nil
}

// taskResult blocks until the job is finished (or the request is
// canceled), as tasks/result must, then answers with the tool's result.
func (s *Server) taskResult(ctx context.Context, id string) (any, error) {
	st, err := s.await(ctx, id, taskTTL, nil)
	if err != nil {
		return nil, taskLookupError(id, err)
	}
	if !finished(st.State) {
		return nil, &rpcErr{mcpgo.REQUEST_INTERRUPTED, fmt.Errorf("task %s is still %s: %w", id, st.State, context.Cause(ctx))}
	}
	call := s.render(ctx, st)
	res := &mcpgo.TaskResultResult{
		Result:            mcpgo.Result{Meta: mcpgo.WithRelatedTask(id)},
		Content:           call.Content,
		StructuredContent: call.StructuredContent,
		IsError:           call.IsError,
	}
	return res, nil
}

func (s *Server) cancelTask(ctx context.Context, id string) (any, error) {
	st, err := s.store.Status(ctx, id)
	if err != nil {
		return nil, taskLookupError(id, err)
	}
	if finished(st.State) {
		return nil, &rpcErr{mcpgo.INVALID_PARAMS, fmt.Errorf("task %s is already %s and cannot be cancelled", id, s.taskOf(ctx, st).Status)}
	}
	if err := s.store.Cancel(ctx, id); err != nil {
		return nil, taskLookupError(id, err)
	}
	if st, err = s.store.Status(ctx, id); err != nil {
		return nil, taskLookupError(id, err)
	}
	task := s.taskOf(ctx, st)
	if !task.Status.IsTerminal() {
		// Cancellation of a running job is cooperative: report it as asked.
		task.Status, task.StatusMessage = mcpgo.TaskStatusCancelled, "cancellation requested"
	}
	return mcpgo.NewCancelTaskResult(task), nil
}

// listTasks answers one page of the principal's tasks, newest first. The
// cursor names the last task of the previous page, so pages stay in step
// while new tasks arrive; a cursor that names no task of the principal's is
// invalid.
func (s *Server) listTasks(ctx context.Context, caller Principal, params json.RawMessage) (any, error) {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	if len(params) > 0 && string(params) != "null" {
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, &rpcErr{mcpgo.INVALID_PARAMS, fmt.Errorf("params: %w", err)}
		}
	}
	var ids []string
	if caller.Name != "" {
		var err error
		if ids, err = s.index.list(ctx, caller.Name); err != nil {
			return nil, fmt.Errorf("reading the principal's tasks: %w", err)
		}
	}
	start := 0
	if p.Cursor != nil {
		after, ok := decodeCursor(*p.Cursor)
		i := slices.Index(ids, after)
		if !ok || i < 0 {
			return nil, &rpcErr{mcpgo.INVALID_PARAMS, fmt.Errorf("invalid cursor %q: pass the nextCursor of your last tasks/list answer, or no cursor to start from the newest task", clip(*p.Cursor, 60))}
		}
		start = i + 1
	}
	page := ids[start:min(start+taskPageSize, len(ids))]
	tasks := []mcpgo.Task{}
	if len(page) > 0 {
		sts, err := s.store.Jobs(ctx, page)
		if err != nil {
			return nil, fmt.Errorf("reading job statuses: %w", err)
		}
		for _, st := range sts {
			if st != nil && st.State != stateUnknown {
				tasks = append(tasks, s.taskOf(ctx, st))
			}
		}
	}
	res := mcpgo.NewListTasksResult(tasks)
	if start+len(page) < len(ids) {
		res.NextCursor = mcpgo.Cursor(encodeCursor(page[len(page)-1]))
	}
	return res, nil
}

// taskPageSize is how many tasks one tasks/list answer holds at most.
var taskPageSize = 50

// cursorPrefix marks formfill's task cursors, which clients treat as opaque.
const cursorPrefix = "after:"

func encodeCursor(lastID string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + lastID))
}

func decodeCursor(c string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return "", false
	}
	return strings.CutPrefix(string(b), cursorPrefix)
}

func taskLookupError(id string, err error) error {
	if errors.Is(err, jobs.ErrJobNotFound) {
		return &rpcErr{mcpgo.INVALID_PARAMS, fmt.Errorf("task %s not found (unknown, or its result expired): %w", id, err)}
	}
	return err
}

// taskOf maps a job's status onto the MCP task model. A job that completed
// with bad input carries a tool error, which the spec counts as failed.
func (s *Server) taskOf(ctx context.Context, st *jobs.Status) mcpgo.Task {
	ttl, poll := taskTTL.Milliseconds(), taskPollInterval.Milliseconds()
	meta, _ := s.index.get(ctx, st.ID) // the creation time is noted by the replica that submitted it
	t := mcpgo.Task{TaskId: st.ID, TTL: &ttl, PollInterval: &poll, CreatedAt: isoTime(meta.Created), LastUpdatedAt: isoTime(time.Now())}
	if !st.CompletedAt.IsZero() {
		t.LastUpdatedAt = isoTime(st.CompletedAt)
	}
	switch st.State {
	case stateCompleted:
		t.Status = mcpgo.TaskStatusCompleted
		if st.Result != nil && st.Result.Error != nil {
			t.Status, t.StatusMessage = mcpgo.TaskStatusFailed, st.Result.Error.Message
		}
	case stateFailed:
		t.Status, t.StatusMessage = mcpgo.TaskStatusFailed, st.LastError
		if st.Result != nil && st.Result.Error != nil {
			t.StatusMessage = st.Result.Error.Message
		}
	case stateCanceled:
		t.Status = mcpgo.TaskStatusCancelled
	default:
		t.Status, t.StatusMessage = mcpgo.TaskStatusWorking, "job "+string(st.State)
	}
	return t
}

func isoTime(t time.Time) string {
	if t.IsZero() {
		t = time.Now()
	}
	return t.UTC().Format(time.RFC3339Nano)
}
