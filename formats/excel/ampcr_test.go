package excel

import (
	"bytes"
	"testing"
)

func TestAmpOrCRFindsAsIndexAny(t *testing.T) {
	for _, s := range []string{"", "a", "&", "\r", "a&b", "ab\r\n&", "IF(A1=&quot;x&quot;,1,2)", "no reference here", "\n\t"} {
		if got, want := ampOrCR([]byte(s)), bytes.IndexAny([]byte(s), "&\r"); got != want {
			t.Errorf("ampOrCR(%q) = %d, IndexAny gives %d", s, got, want)
		}
	}
}
