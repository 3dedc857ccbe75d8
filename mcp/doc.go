// Package mcp is formfill's Model Context Protocol server: the document
// tools (one per operation in jobs.Operations that names a Tool:
// extract_structure_compact, write_answers, verify_output, …) and the job
// tools (get_job, cancel_job, list_jobs), over stdio (ServeStdio) or
// streamable HTTP with a bearer token (ListenAndServe, Handler).
//
// Every tool call becomes a job in a Store — normally a jobs.Client on
// Redis, served by any number of workers. A tool waits up to wait_seconds
// for its job and answers with the result, or with {job_id, status} to poll
// with get_job. MCP tasks (tasks/get, tasks/result, tasks/list,
// tasks/cancel) are answered from the job store too, so any replica of the
// server answers for any task.
//
// Each client is a session — a stdio server process under a random ID, an
// HTTP session opened with initialize — and sees only its own jobs and
// tasks. Tool errors are isError results that say what to fix, with
// structured content that validates against the tool's output schema.
//
// File paths in arguments (file_path, answers_file_path, output_file_path)
// are confined to the server's roots (Roots); documents travel to workers
// as content-addressed blobs, never inside job payloads.
package mcp
