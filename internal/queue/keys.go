package queue

// keyPrefix starts every key asynq keeps for a queue: asynq:{<queue>}:.
const keyPrefix = "asynq:{"

// TaskKey is the hash asynq keeps task id of queue in: its state (field
// StateField) and, where asynq's inspector reads it from, its result
// (field ResultField).
func TaskKey(queue, id string) string { return keyPrefix + queue + "}:t:" + id }

// StateKey is the list or sorted set asynq keeps queue's task IDs in
// while they are in state (pending, active, archived, …):
// asynq:{<queue>}:<state>.
func StateKey(queue, state string) string { return keyPrefix + queue + "}:" + state }

// Fields of asynq's task hash that formfill reads or writes itself.
const (
	// StateField holds the task's state, one of the Task* states.
	StateField = "state"
	// ResultField holds the result asynq's inspector returns with the
	// task (TaskInfo.Result): the worker writes it in the same round trip
	// as the job's output document.
	ResultField = "result"
)

// The states asynq writes in a task's StateField. A task of no other
// state (pending, scheduled, aggregating) waits to run.
const (
	TaskActive    = "active"
	TaskRetry     = "retry"
	TaskCompleted = "completed"
	TaskArchived  = "archived"
)

// Settled tells whether a task's state is one asynq leaves a task in for
// good: completed (kept for its retention) or archived (failed).
func Settled(state string) bool { return state == TaskCompleted || state == TaskArchived }

// RecordKey is the key of formfill's own record of kind (failed, canceled,
// phase) about job id of queue: formfill:<kind>:{<queue>}:<id>. The braces
// are the hash tag asynq gives every key of the queue, so the record lies
// in the slot of the job's task: one script or transaction may touch both
// (ForgetGone), which Cluster allows only within a slot. An empty queue (an
// ID of no formfill queue, never submitted by formfill) gets an untagged
// key.
func RecordKey(kind, queue, id string) string {
	if queue == "" {
		return "formfill:" + kind + ":" + id
	}
	return "formfill:" + kind + ":{" + queue + "}:" + id
}

// FailuresKey is the stream of queue's kept failures,
// formfill:failures:{<queue>}: the queue's hash tag puts it in one slot.
func FailuresKey(queue string) string { return "formfill:failures:{" + queue + "}" }
