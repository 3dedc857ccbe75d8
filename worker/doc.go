// Package worker runs formfill jobs: an asynq server with one handler per job
// kind. A handler fetches the document blob, runs the format engine, stores
// the filled document as a blob and the result under the job ID. Workers keep
// no state of their own, so any number of them can serve the same Redis.
package worker
