// Package jobs is the contract between formfill's clients (the CLI, the MCP
// server) and its workers: the job kinds, what a task carries and what it
// leaves behind, the queues, the content-addressed blob store that documents
// travel through, the Client that submits and follows jobs, and the Backend
// that a worker (or an MCP server) serves them with. asynq's own layout in
// Redis, which both read and write in places, is internal/queue's.
//
// A job's payload never holds a document: documents are uploaded once as
// blobs keyed by their sha256 (the doc_id) and referenced. A job's result is
// stored under its ID by asynq for the retention period; a filled document
// is again a blob, referenced from the result.
package jobs
