package formats

import (
	"errors"
	"io"
	"testing"
)

func TestWrapKeepsTheCause(t *testing.T) {
	for _, tc := range []struct {
		name, msg, want string
	}{
		{"cause says it all", "", "invalid argument (group): unexpected EOF"},
		{"message and cause", "expected a JSON object", "invalid argument (group): expected a JSON object: unexpected EOF"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Wrap(ErrInvalidArgument, "group", io.ErrUnexpectedEOF, "%s", tc.msg)
			if err.Error() != tc.want {
				t.Errorf("Error() = %q, want %q", err.Error(), tc.want)
			}
			if !errors.Is(err, io.ErrUnexpectedEOF) || !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("errors.Is lost the cause or the kind: %v", err)
			}
		})
	}
}
