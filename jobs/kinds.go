package jobs

import (
	"fmt"
	"strings"
)

// Kind names a job: one per operation in Operations.
type Kind string

// Job kinds.
const (
	KindExtractCompact Kind = "extract_compact"
	KindExtractRaw     Kind = "extract_raw"
	KindExtractText    Kind = "extract_text"
	KindValidate       Kind = "validate"
	KindBuildInsertion Kind = "build_insertion"
	KindWrite          Kind = "write"
	KindVerify         Kind = "verify"
	KindListFields     Kind = "list_fields"
	KindFill           Kind = "fill" // write then verify, on one parse: the fill command's job, and each of a batch's
	KindSearch         Kind = "search"
	KindReadDocument   Kind = "read_document"
	KindHarvest        Kind = "harvest"    // read back a filled document's answers
	KindCarryOver      Kind = "carry_over" // carry a previous document's answers into this one
)

// KindFillGroup runs several fill payloads as one task. Bulk runs of small
// documents use it so that the queue's fixed cost per task (dequeue,
// completion, bookkeeping) is paid once per group instead of once per
// document. Batch runs make it (formfill batch --group); it is not one of
// the Kinds a user submits by hand.
const KindFillGroup Kind = "fill_group"

// MaxGroup is the most fill payloads one fill_group job carries.
const MaxGroup = 64

// TaskType is the asynq task type name of kind k.
func (k Kind) TaskType() string { return taskPrefix + string(k) }

const taskPrefix = "formfill:"

// KindOfTask returns the kind behind an asynq task type name.
func KindOfTask(typename string) (Kind, error) {
	if k := Kind(strings.TrimPrefix(typename, taskPrefix)); k == KindFillGroup {
		return k, nil
	}
	return ParseKind(strings.TrimPrefix(typename, taskPrefix))
}

// Queues by urgency. Workers serve them with strict priority: interactive
// work (agents waiting on MCP) always runs ahead of bulk batches.
const (
	QueueInteractive = "interactive"
	QueueBulk        = "bulk"
)

// Queues lists the queues, most urgent first.
var Queues = []string{QueueInteractive, QueueBulk}

// queuePrefix is the first letters of a job ID: they name its queue, because
// asynq can look a task up only within its queue.
var queuePrefix = map[string]string{QueueInteractive: "i-", QueueBulk: "b-"}

// ParseQueue checks a queue name.
func ParseQueue(s string) (string, error) {
	if _, ok := queuePrefix[s]; ok {
		return s, nil
	}
	return "", fmt.Errorf("unknown queue %q; expected %s or %s", s, QueueInteractive, QueueBulk)
}

func queueOfID(id string) (string, error) {
	for q, p := range queuePrefix {
		if strings.HasPrefix(id, p) {
			return q, nil
		}
	}
	return "", fmt.Errorf("%q is not a formfill job ID (expected i-… or b-…): %w", id, ErrJobNotFound)
}
