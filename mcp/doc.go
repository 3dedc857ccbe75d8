// Package mcp is formfill's Model Context Protocol server: the document
// tools (one per operation in jobs.Operations that names a Tool:
// extract_structure_compact, write_answers, verify_output, …) and the job
// tools (get_job, cancel_job, list_jobs), over stdio (ServeStdio) or
// streamable HTTP (ListenAndServe, Handler), in both protocol eras: the
// stateless 2026-07-28 and the session-based 2024-11-05 … 2025-11-25.
//
// Every tool call becomes a job in a Store — normally the queue of a
// jobs.Backend on Redis (New), served by any number of workers; the
// server keeps its sessions and job index in the same Redis. A tool waits up to wait_seconds
// for its job and answers with the result, or with {job_id, status} to poll
// with get_job, or, for a 2026-07-28 client that declares the tasks
// extension, with a task handle. MCP tasks of both eras are answered from
// the job store, so any replica of the server answers for any task.
//
// Every call is made by a principal — a named bearer token, an OAuth access
// token's subject, or a stdio server's one user — and sees only the jobs,
// tasks and produced files of that principal, from any session and any
// replica. Tool errors are isError results that say what to fix, with
// structured content that validates against the tool's output schema.
//
// File paths in arguments (file_path, answers_file_path, output_file_path,
// carry-over's previous_file_path and map_file_path) are confined to the
// server's roots (Roots); documents travel to workers as content-addressed
// blobs, never inside job payloads.
package mcp
