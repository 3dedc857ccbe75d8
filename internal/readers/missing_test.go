package readers

import (
	"strings"
	"testing"
)

// An absent reader skips with install instructions, unless CI demands the
// readers, where skipping would let the suite pass without checking.
func TestMissingReaderSkipsOrFails(t *testing.T) {
	cases := []struct {
		name        string
		require     string
		wantSkipped bool
		wantFailed  bool
	}{
		{"skips by default", "", true, false},
		{"fails when readers are required", "1", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(RequireEnv, c.require)
			f := observe(t, func(tb testing.TB) { lookPath(tb, "formfill-no-such-reader", "apt-get install nothing") })
			if f.skipped != c.wantSkipped || f.failed != c.wantFailed {
				t.Errorf("skipped=%v failed=%v, want %v/%v (%s)", f.skipped, f.failed, c.wantSkipped, c.wantFailed, f.msg)
			}
			if !strings.Contains(f.msg, "formfill-no-such-reader not installed: apt-get install nothing") {
				t.Errorf("message %q does not say what is missing and how to install it", f.msg)
			}
		})
	}
}
