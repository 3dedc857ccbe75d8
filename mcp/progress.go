package mcp

import (
	"context"
	"fmt"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/formfill/formfill/jobs"
)

// A tool call that carries a progress token (_meta.progressToken) gets a
// notifications/progress at each step of its job while the call waits for
// it: queued, running, each phase the worker reports (and each document of
// a job of several), and the end. progress only grows; total is set on the
// last notification, when the number of steps is known. Both eras carry
// them on the call's own stream (stdio, or the POST's SSE response); the
// tasks extension of 2026-07-28 has no progress for a task once its handle
// is returned, so they stop there.

// progressSink sends one progress notification.
type progressSink func(progress, total float64, message string)

// notifierKey carries, in a stdio server's context, the writer of its
// output: progress is written there at once, so that it always comes before
// the response (mcp-go's stdio server writes notifications from a
// goroutine of their own, after the response at times).
type notifierKey struct{}

func withNotifier(ctx context.Context, n notifier) context.Context {
	return context.WithValue(ctx, notifierKey{}, n)
}

// progressViaMCP sends progress to the client of the call ctx belongs to
// (the tool handlers' way): on a stdio server's output, else through
// mcp-go. It is nil when the client asked for none.
func (s *Server) progressViaMCP(ctx context.Context, token mcpgo.ProgressToken) progressSink {
	if token == nil {
		return nil
	}
	if n, ok := ctx.Value(notifierKey{}).(notifier); ok {
		return s.progressTo(n, token)
	}
	return func(progress, total float64, message string) {
		if err := s.mcp.SendNotificationToClient(ctx, string(mcpgo.MethodNotificationProgress), progressParams(token, progress, total, message)); err != nil {
			s.log.Debug("mcp: progress notification not sent", "err", err)
		}
	}
}

// progressTo sends progress through notify (the interceptor's way); nil
// when the client asked for none or the transport cannot carry them.
func (s *Server) progressTo(notify notifier, token mcpgo.ProgressToken) progressSink {
	if token == nil || notify == nil {
		return nil
	}
	return func(progress, total float64, message string) {
		notify(mcpgo.JSONRPCNotification{JSONRPC: mcpgo.JSONRPC_VERSION, Notification: mcpgo.Notification{
			Method: string(mcpgo.MethodNotificationProgress),
			Params: mcpgo.NotificationParams{AdditionalFields: progressParams(token, progress, total, message)},
		}})
	}
}

func progressParams(token mcpgo.ProgressToken, progress, total float64, message string) map[string]any {
	params := map[string]any{"progressToken": token, "progress": progress, "message": message}
	if total > 0 {
		params["total"] = total
	}
	return params
}

// progressSteps turns the statuses a wait sees into progress steps.
type progressSteps struct {
	sink progressSink
	step float64
	last string
}

func newProgressSteps(sink progressSink) *progressSteps { return &progressSteps{sink: sink} }

// see reports st when it says something new.
func (p *progressSteps) see(st *jobs.Status) {
	msg := fmt.Sprintf("job %s %s", st.ID, stepOf(st))
	if msg == p.last {
		return
	}
	p.last = msg
	p.step++
	total := 0.0
	if finished(st.State) {
		total = p.step
	}
	p.sink(p.step, total, msg)
}

// stepOf names the step a job is at, in words an agent shows its user.
func stepOf(st *jobs.Status) string {
	switch st.State {
	case statePending:
		return "queued"
	case stateActive:
		if st.Phase != nil {
			return "running: " + st.Phase.String()
		}
		return "running"
	case jobs.StateRetry:
		return "waiting to retry"
	}
	return string(st.State)
}
