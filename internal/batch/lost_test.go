package batch

import (
	"fmt"
	"testing"

	"github.com/formfill/formfill/jobs"
)

func TestLostInFailoverTellsLostWorkFromRefusedWork(t *testing.T) {
	tests := []struct {
		name string
		err  error
		st   *jobs.Status
		want bool
	}{
		{"enqueue lost", fmt.Errorf("job b-1: %w", jobs.ErrJobNotFound), nil, true},
		{"upload lost", &jobs.FailedError{JobID: "b-1", State: jobs.StateFailed, Err: &jobs.Error{Kind: jobs.ErrorDocumentNotFound}}, nil, true},
		{"result lost", nil, &jobs.Status{State: jobs.StateCompleted}, true},
		{"group document lost", nil, &jobs.Status{State: jobs.StateCompleted, Result: &jobs.Result{Group: []*jobs.Result{{}, {Error: &jobs.Error{Kind: jobs.ErrorDocumentNotFound}}}}}, true},
		{"refused answer", &jobs.FailedError{JobID: "b-1", State: jobs.StateFailed, Err: &jobs.Error{Kind: jobs.ErrorInvalidArgument}}, nil, false},
		{"completed", nil, &jobs.Status{State: jobs.StateCompleted, Result: &jobs.Result{}}, false},
		{"unreachable", jobs.ErrUnreachable, nil, false},
	}
	for _, tt := range tests {
		if got := lostInFailover(tt.err) || resultLost(tt.st) || groupLost(tt.st); got != tt.want {
			t.Errorf("%s: lost = %v, want %v", tt.name, got, tt.want)
		}
	}
	if lostKey("k", 0) != "k" || lostKey("k", 1) == "k" || lostKey("k", 1) == lostKey("k", 2) {
		t.Error("lostKey: the first attempt keeps the key, each later one gets its own")
	}
}
