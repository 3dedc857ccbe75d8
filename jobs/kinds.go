package jobs

import (
	"fmt"
	"strings"
)

// Kind names a job: one per tool of the specification, plus fill.
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
	KindFill           Kind = "fill" // write then verify, on one parse: the bulk-run job
)

// Kinds lists every job kind in a stable order.
var Kinds = []Kind{KindExtractCompact, KindExtractRaw, KindExtractText, KindValidate,
	KindBuildInsertion, KindWrite, KindVerify, KindListFields, KindFill}

// ParseKind turns a user-given kind into a Kind.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds {
		if string(k) == s {
			return k, nil
		}
	}
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return "", fmt.Errorf("unknown job kind %q; expected one of %s", s, strings.Join(names, ", "))
}

// NeedsDocument reports whether a job of kind k reads a document blob.
func (k Kind) NeedsDocument() bool { return k != KindBuildInsertion }

// TaskType is the asynq task type name of kind k.
func (k Kind) TaskType() string { return taskPrefix + string(k) }

const taskPrefix = "formfill:"

// KindOfTask returns the kind behind an asynq task type name.
func KindOfTask(typename string) (Kind, error) {
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
