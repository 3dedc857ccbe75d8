package formats

import (
	"encoding/base64"
	"fmt"
)

// Limits on what one call may carry. They keep one hostile request from
// exhausting a worker's memory.
const (
	MaxFileSize   = 50 << 20 // bytes of a document
	MaxBase64Size = 67 << 20 // bytes of a base64-encoded document (50 MB encoded, with slack)
	MaxAnswers    = 10000    // answers or locations in one call

	// MaxRewrite bounds the work the answers of one write may do on their
	// targets. An answer costs about its target's size when it is applied
	// (the target is read, rewritten and reported whole), so answers that
	// keep growing one target cost the square of their number: 10,000
	// appends to one Word cell (a 450 KB answers file) took 2.9 GB. A write
	// whose answers' targets add up past MaxRewrite bytes is refused with
	// ErrTooLarge before the answer that passes it is applied. Repeated
	// answers are not merged: their order and modes are the caller's
	// meaning; the error says to put their text into one answer.
	MaxRewrite = 32 << 20
)

// RewriteError is the refusal of answer i, to target id, once the answers
// of a call have rewritten spent bytes of their targets, n of them to worst.
func RewriteError(i int, id string, spent int64, worst string, n int) error {
	return fmt.Errorf("answers[%d]: %w", i, Errorf(ErrTooLarge, id,
		"the answers so far rewrite %.1f MB of their targets (%d of the %d answers went to %s, which grows with each); the limit is %d MB per call: put the text of repeated answers to one target into one answer (its text may have several lines)",
		float64(spent)/(1<<20), n, i+1, worst, MaxRewrite>>20))
}

// CheckSize refuses a document larger than MaxFileSize.
func CheckSize(n int) error {
	if n > MaxFileSize {
		return Errorf(ErrTooLarge, "file", "the document is %s; the limit is %s", humanBytes(int64(n)), humanBytes(MaxFileSize))
	}
	return nil
}

// CheckCount refuses more than MaxAnswers items in the field named field.
func CheckCount(field string, n int) error {
	if n > MaxAnswers {
		return Errorf(ErrTooLarge, field, "%d items; the limit is %d per call (split the work into several calls)", n, MaxAnswers)
	}
	return nil
}

// DecodeBase64 decodes a base64 document after checking its encoded size.
// Standard and URL alphabets, padded or not, are accepted.
func DecodeBase64(s string) ([]byte, error) {
	if len(s) > MaxBase64Size {
		return nil, Errorf(ErrTooLarge, "file_bytes_b64", "%s of base64; the limit is %s", humanBytes(int64(len(s))), humanBytes(MaxBase64Size))
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, CheckSize(len(b))
		}
	}
	_, err := base64.StdEncoding.DecodeString(s)
	return nil, Wrap(ErrInvalidArgument, "file_bytes_b64", err, "not valid base64")
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
