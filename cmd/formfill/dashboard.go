package main

import (
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/mcp"
	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
)

// newDashboard is asynqmon on conn, read-only, showing summaries of
// payloads and the size of results, never answers or document content.
func newDashboard(conn asynq.RedisConnOpt) *asynqmon.HTTPHandler {
	return asynqmon.New(asynqmon.Options{
		RootPath:         mcp.DashboardPath,
		RedisConnOpt:     conn,
		ReadOnly:         true,
		PayloadFormatter: asynqmon.PayloadFormatterFunc(jobs.DashboardPayload),
		ResultFormatter:  asynqmon.ResultFormatterFunc(jobs.DashboardResult),
	})
}
