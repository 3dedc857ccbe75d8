package formats

import (
	"errors"
	"fmt"
)

// Kinds of input error. Every error an engine returns for bad input wraps one
// of these, so callers (the worker's retry policy, the MCP error mapper) can
// tell a bad document from a transient failure with errors.Is.
var (
	// ErrInvalidDocument: the document is corrupt, of the wrong type, or
	// its markup is malformed.
	ErrInvalidDocument = errors.New("invalid document")
	// ErrTooLarge: the input exceeds a limit (file size, archive guard,
	// answer count).
	ErrTooLarge = errors.New("input too large")
	// ErrUnsupported: a well-formed document formfill cannot fill
	// (encrypted, pure XFA, an unknown type).
	ErrUnsupported = errors.New("unsupported document")
	// ErrInvalidArgument: the call itself is wrong (unknown element ID,
	// unsafe XPath, an option not in the list, a bad mode).
	ErrInvalidArgument = errors.New("invalid argument")
)

// InputError describes bad input: what was wrong, which field or element it
// concerns, and what was expected instead.
type InputError struct {
	Kind  error  // one of ErrInvalidDocument, ErrTooLarge, ErrUnsupported, ErrInvalidArgument
	Field string // the field, element ID or zip entry concerned; may be empty
	Msg   string // what was wrong and what was expected
	Err   error  // the underlying cause, if any
}

// Error implements error.
func (e *InputError) Error() string {
	s := e.Kind.Error()
	if e.Field != "" {
		s += " (" + e.Field + ")"
	}
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Is makes errors.Is(err, ErrInvalidArgument) and friends work.
func (e *InputError) Is(target error) bool { return target == e.Kind }

// Unwrap returns the underlying cause.
func (e *InputError) Unwrap() error { return e.Err }

// Errorf builds an InputError of the given kind about field.
func Errorf(kind error, field, format string, args ...any) error {
	return &InputError{Kind: kind, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Wrap builds an InputError of the given kind about field with cause err.
// An empty format leaves the cause to say what was wrong.
func Wrap(kind error, field string, err error, format string, args ...any) error {
	return &InputError{Kind: kind, Field: field, Msg: fmt.Sprintf(format, args...), Err: err}
}

// IsInputError reports whether err is caused by the input (and so will fail
// again the same way: it must not be retried).
func IsInputError(err error) bool {
	return errors.Is(err, ErrInvalidDocument) || errors.Is(err, ErrTooLarge) ||
		errors.Is(err, ErrUnsupported) || errors.Is(err, ErrInvalidArgument)
}
