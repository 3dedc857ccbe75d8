package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/redis/go-redis/v9"
)

func TestErrorOfClassifiesFailures(t *testing.T) {
	tests := []struct {
		name  string
		err   error
		kind  ErrorKind
		field string
	}{
		{"bad element ID", formats.Errorf(formats.ErrInvalidArgument, "T9-R9-C9", "no such element"), ErrorInvalidArgument, "T9-R9-C9"},
		{"corrupt zip, wrapped", fmt.Errorf("job x: %w", formats.Errorf(formats.ErrInvalidDocument, "", "not a zip")), ErrorInvalidDocument, ""},
		{"too large", formats.Errorf(formats.ErrTooLarge, "answers", "10001 answers"), ErrorTooLarge, "answers"},
		{"unsupported", formats.Errorf(formats.ErrUnsupported, "", "XFA"), ErrorUnsupported, ""},
		{"expired document", fmt.Errorf("blob: %w", ErrBlobNotFound), ErrorDocumentNotFound, "doc_id"},
		{"unknown job", fmt.Errorf("job i-x: %w", ErrJobNotFound), ErrorNotFound, "job_id"},
		{"timeout", fmt.Errorf("%w: %w", formats.ErrStopped, context.DeadlineExceeded), ErrorTimeout, ""},
		{"canceled", context.Canceled, ErrorCanceled, ""},
		{"redis down", fmt.Errorf("%w: refused", ErrUnreachable), ErrorUnavailable, ""},
		{"anything else", errors.New("boom"), ErrorInternal, ""},
		{"a stored failure", fmt.Errorf("wrapped: %w", &Error{Kind: ErrorFailed, Message: "m"}), ErrorFailed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := ErrorOf(tt.err)
			if e.Kind != tt.kind || e.Field != tt.field || e.Message == "" {
				t.Fatalf("ErrorOf(%v) = %+v, want kind %s field %q", tt.err, e, tt.kind, tt.field)
			}
			if e.Kind.Fix(e.Field) == "" {
				t.Fatalf("kind %s gives no fix", e.Kind)
			}
		})
	}
	if ErrorOf(nil) != nil {
		t.Fatal("ErrorOf(nil) is not nil")
	}
}

// Results written by workers before the vocabulary said "invalid_input".
func TestOldErrorKindsDecode(t *testing.T) {
	var r Result
	if err := json.Unmarshal([]byte(`{"kind":"write","error":{"kind":"invalid_input","message":"m"}}`), &r); err != nil {
		t.Fatal(err)
	}
	if r.Error.Kind != ErrorInvalidArgument || !r.Error.Kind.CallersFault() {
		t.Fatalf("old kind decoded as %q", r.Error.Kind)
	}
	if ParseErrorKind("something new") != ErrorFailed {
		t.Fatal("an unknown kind does not read as failed")
	}
}

func TestStatusErrDecidesTheJob(t *testing.T) {
	stored := &Error{Kind: ErrorInvalidArgument, Field: "T9", Message: "no such element"}
	tests := []struct {
		name     string
		st       Status
		wantNil  bool
		state    State
		kind     ErrorKind
		finished bool
	}{
		{"completed", Status{ID: "i-1", State: StateCompleted, Result: &Result{}}, true, "", "", true},
		{"failed on input", Status{ID: "i-2", State: StateFailed, Result: &Result{Error: stored}}, false, StateFailed, ErrorInvalidArgument, true},
		{"completed with a stored error", Status{ID: "i-3", State: StateCompleted, Result: &Result{Error: stored}}, false, StateFailed, ErrorInvalidArgument, true},
		{"canceled", Status{ID: "i-4", State: StateCanceled}, false, StateCanceled, ErrorCanceled, true},
		{"failed without a record", Status{ID: "i-5", State: StateFailed, LastError: "redis went away"}, false, StateFailed, ErrorFailed, true},
		{"result expired", Status{ID: "i-6", State: StateCompleted}, false, StateFailed, ErrorFailed, true},
		{"still running", Status{ID: "i-7", State: StateActive}, false, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.st.Err()
			if tt.wantNil {
				if err != nil {
					t.Fatalf("Err() = %v", err)
				}
				return
			}
			if !tt.finished {
				if !errors.Is(err, ErrNotFinished) {
					t.Fatalf("Err() = %v, want ErrNotFinished", err)
				}
				return
			}
			var fe *FailedError
			if !errors.As(err, &fe) || fe.State != tt.state || fe.Err == nil || fe.Err.Kind != tt.kind || fe.JobID != tt.st.ID {
				t.Fatalf("Err() = %#v, want a FailedError %s/%s", err, tt.state, tt.kind)
			}
			var je *Error
			if !errors.As(err, &je) {
				t.Fatal("the stored *Error is not reachable with errors.As")
			}
		})
	}
}

// Pub/sub channels are server-wide: each database gets its own, so
// deployments sharing a Redis server on different databases do not wake
// each other.
func TestChannelsNameTheDatabase(t *testing.T) {
	d3, w3 := channels(redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", DB: 3}))
	d0, w0 := channels(redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"}))
	if d3 == d0 || w3 == w0 || d3 == w3 || !strings.Contains(d3, "db3") {
		t.Fatalf("channels: db3 %s %s, db0 %s %s", d3, w3, d0, w0)
	}
}
