// Package queue is formfill's knowledge of how asynq lays out its queues
// in Redis, and of the records formfill keeps beside a queue's tasks (a
// job's failed, canceled and phase records, a queue's failure stream): the
// one place that names asynq's private keys, the states it writes in a
// task's hash, the scripts it runs, and the Lua formfill runs on those
// keys. formfill's other keys (document blobs, job notifications, MCP
// sessions and indexes) are not asynq's and live with the packages that
// use them.
//
// asynq keeps all of this in its own internal/rdb and internal/base; formfill
// reads and writes a few of those keys itself, to save round trips (a
// result stored with its output document in one pipeline, a wait that reads
// a task's state alone) and to watch asynq's scripts go by on a worker's
// Redis client (a dequeue, a forward, a task settled). Should asynq change
// its layout, this package is what changes, and the tests that wait for
// jobs, read results back and count an idle worker's dequeues fail until
// it does.
//
// It also holds the go-redis hook that lets commands to a Sentinel-watched
// or clustered Redis wait through a failover (FailoverRetry), which
// clients and a worker's asynq connections share.
//
// Every key of a queue carries the queue's name as a Redis Cluster hash
// tag, {queue}, as asynq's own keys do: a job's records lie in the slot of
// its task, so one script or transaction may touch both.
//
// The package knows nothing of jobs, payloads or results: jobs and worker
// build on it.
package queue
