package jobs

import "errors"

// Errors a Client returns; they are wrapped with the job or blob they concern.
var (
	ErrJobNotFound  = errors.New("job not found (unknown ID, or its result is past retention)")
	ErrNotFinished  = errors.New("job has not finished yet")
	ErrBlobNotFound = errors.New("document not found (unknown doc_id, or it expired)")
	// ErrTampered: what Redis holds failed its integrity check: a document
	// whose bytes do not hash to its doc_id, or a sealed record that does
	// not open with the configured keys. It is never served as a document.
	ErrTampered      = errors.New("integrity check failed")
	ErrUnreachable   = errors.New("redis unreachable")
	ErrInvalidConfig = errors.New("invalid configuration")
)
