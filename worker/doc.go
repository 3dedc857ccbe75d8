// Package worker runs formfill jobs: an asynq server with one handler per
// operation of jobs.Operations, beside a second one that delivers webhooks.
// A handler fetches the document blob, runs the format engine (Execute)
// within the job's timeout, stores the output document as a blob and the
// result under the job ID; a failure the document caused is stored and
// not retried. Workers keep no state besides a cache of fetched blobs, so
// any number of them can serve the same Redis.
package worker
