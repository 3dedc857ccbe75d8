package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/formfill/formfill/formats"
)

// ErrorKind says why a job failed, in one vocabulary shared by the worker
// that stores the failure, the CLI that prints it and the MCP server that
// hands it to an agent. It is stored in results as a snake_case string.
type ErrorKind string

// Kinds of job failure. The first six are the caller's to fix (the same
// call fails the same way again: CallersFault); the others are not.
const (
	ErrorInvalidArgument  ErrorKind = "invalid_argument"   // the call is wrong: unknown element ID, bad mode, missing answers
	ErrorInvalidDocument  ErrorKind = "invalid_document"   // the document is corrupt or not of its stated type
	ErrorTooLarge         ErrorKind = "too_large"          // a size or count limit was passed
	ErrorUnsupported      ErrorKind = "unsupported"        // a well-formed document formfill cannot fill
	ErrorDocumentNotFound ErrorKind = "document_not_found" // the doc_id is unknown or expired
	ErrorNotFound         ErrorKind = "not_found"          // the job ID is unknown or past retention
	ErrorTimeout          ErrorKind = "timeout"            // the job ran past its time limit
	ErrorCanceled         ErrorKind = "canceled"           // a client canceled the job
	ErrorInternal         ErrorKind = "internal"           // a bug: an engine panicked
	ErrorFailed           ErrorKind = "failed"             // a transient failure outlasted the retries
	ErrorUnavailable      ErrorKind = "unavailable"        // Redis or the workers did not answer
	ErrorTampered         ErrorKind = "tampered"           // a stored document or record failed its integrity check
)

// inputKinds maps the engine's input-error kinds to job error kinds.
var inputKinds = []struct {
	err  error
	kind ErrorKind
}{
	{formats.ErrInvalidDocument, ErrorInvalidDocument},
	{formats.ErrTooLarge, ErrorTooLarge},
	{formats.ErrUnsupported, ErrorUnsupported},
	{formats.ErrInvalidArgument, ErrorInvalidArgument},
}

// ParseErrorKind reads a stored kind. Workers before this vocabulary wrote
// "invalid_input" for any input error; it reads as ErrorInvalidArgument.
// An empty or unknown kind reads as ErrorFailed.
func ParseErrorKind(s string) ErrorKind {
	switch k := ErrorKind(s); k {
	case ErrorInvalidArgument, ErrorInvalidDocument, ErrorTooLarge, ErrorUnsupported, ErrorDocumentNotFound,
		ErrorNotFound, ErrorTimeout, ErrorCanceled, ErrorInternal, ErrorFailed, ErrorUnavailable, ErrorTampered:
		return k
	case "invalid_input":
		return ErrorInvalidArgument
	}
	return ErrorFailed
}

// CallersFault reports whether the failure comes from the call or its
// document, so that the same call fails the same way again: such jobs are
// never retried, and clients tell the caller to fix the input.
func (k ErrorKind) CallersFault() bool {
	switch k {
	case ErrorInvalidArgument, ErrorInvalidDocument, ErrorTooLarge, ErrorUnsupported, ErrorDocumentNotFound, ErrorNotFound:
		return true
	}
	return false
}

// Fix says how to get past a failure of kind k concerning field: the advice
// the CLI and the MCP server give with the error.
func (k ErrorKind) Fix(field string) string {
	switch k {
	case ErrorInvalidDocument:
		return "the document is corrupt or not of the stated type; check file_type and that the file opens in its application"
	case ErrorTooLarge:
		return "the input exceeds a limit (50 MB per document, 10000 answers per call); split the work or shrink the file"
	case ErrorUnsupported:
		return "formfill cannot fill this document (encrypted, XFA-only or an unknown type); supported: .docx, .xlsx, fillable .pdf"
	case ErrorDocumentNotFound:
		return "the document expired from the job store; send it again with file_path or file_bytes_b64"
	case ErrorNotFound:
		return "the job is unknown or its result expired; list_jobs shows recent jobs, or run the tool again"
	case ErrorTimeout:
		return "the job ran past its time limit; give it a longer timeout or split the document"
	case ErrorCanceled:
		return "the job was canceled; run it again if it is still wanted"
	case ErrorInternal:
		return "formfill hit an internal error on this document; report it with the job ID"
	case ErrorFailed:
		return "the job failed on the server side, not because of your input; retry later"
	case ErrorUnavailable:
		return "the job store or workers did not answer; retry in a few seconds"
	case ErrorTampered:
		return "what the job store holds was changed by someone other than formfill; send the document again, and have the operator secure Redis (SECURITY.md)"
	}
	if field != "" {
		return fmt.Sprintf("correct the argument %q as described and call again", field)
	}
	return "correct the call as described and call again"
}

// Error is a job's failure as stored in its result: its kind, the field or
// element it concerns, and the message.
type Error struct {
	Kind    ErrorKind `json:"kind"`
	Field   string    `json:"field,omitempty"`
	Message string    `json:"message"`
}

// Error implements error.
func (e *Error) Error() string { return e.Message }

// ErrorOf classifies err as a job failure: engine input errors by their kind,
// a missing document or job, a timeout or cancellation, and anything else as
// internal. An *Error in err's chain is returned as it is.
func ErrorOf(err error) *Error {
	if err == nil {
		return nil
	}
	var je *Error
	if errors.As(err, &je) {
		return je
	}
	e := &Error{Kind: ErrorInternal, Message: err.Error()}
	var ie *formats.InputError
	if errors.As(err, &ie) {
		e.Field = ie.Field
		for _, k := range inputKinds {
			if ie.Kind == k.err {
				e.Kind = k.kind
			}
		}
		return e
	}
	switch {
	case errors.Is(err, ErrTampered):
		e.Kind = ErrorTampered
	case errors.Is(err, ErrBlobNotFound):
		e.Kind, e.Field = ErrorDocumentNotFound, "doc_id"
	case errors.Is(err, ErrJobNotFound):
		e.Kind, e.Field = ErrorNotFound, "job_id"
	case errors.Is(err, ErrUnreachable):
		e.Kind = ErrorUnavailable
	case errors.Is(err, context.DeadlineExceeded):
		e.Kind = ErrorTimeout
	case errors.Is(err, context.Canceled):
		e.Kind = ErrorCanceled
	}
	return e
}

// FailedError is a job that ended failed or canceled: what Status.Err and
// Client.Run return, so a caller learns the job's ID, its final state and
// the failure in one value.
type FailedError struct {
	JobID string
	State State
	Err   *Error
}

// Error implements error.
func (e *FailedError) Error() string {
	msg := string(e.State)
	if e.Err != nil {
		msg = e.Err.Message
		if e.Err.Field != "" {
			msg = fmt.Sprintf("%s (%s: %s)", msg, e.Err.Kind, e.Err.Field)
		} else if e.Err.Kind != "" {
			msg = fmt.Sprintf("%s (%s)", msg, e.Err.Kind)
		}
	}
	return fmt.Sprintf("job %s %s: %s", e.JobID, e.State, msg)
}

// Unwrap returns the stored failure, so errors.As finds the *Error.
func (e *FailedError) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// Err decides a finished job: nil when it completed without a stored
// failure, a *FailedError when it failed or was canceled, and an error
// wrapping ErrNotFinished while it is still pending or running.
func (s *Status) Err() error {
	switch {
	case !s.State.Final():
		return fmt.Errorf("job %s is %s: %w", s.ID, s.State, ErrNotFinished)
	case s.State == StateCompleted && s.Result == nil:
		return &FailedError{JobID: s.ID, State: StateFailed, Err: &Error{Kind: ErrorFailed,
			Message: "completed without a stored result (results are kept for a limited time); run the job again"}}
	case s.State == StateCompleted && s.Result.Error == nil:
		return nil
	}
	fe := &FailedError{JobID: s.ID, State: s.State}
	if s.Result != nil && s.Result.Error != nil {
		fe.Err = s.Result.Error
		if s.State == StateCompleted {
			fe.State = StateFailed
		}
	} else if s.State == StateCanceled {
		fe.Err = &Error{Kind: ErrorCanceled, Message: "canceled"}
	} else if s.LastError != "" {
		fe.Err = &Error{Kind: ErrorFailed, Message: s.LastError}
	}
	return fe
}

// UnmarshalText reads a stored kind through ParseErrorKind, so results
// written by older workers decode into today's vocabulary.
func (k *ErrorKind) UnmarshalText(b []byte) error {
	*k = ParseErrorKind(string(b))
	return nil
}
