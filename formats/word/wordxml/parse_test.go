package wordxml

import (
	"bytes"
	"testing"
)

// TestHasDTDFindsDeclarations checks the scan for '!' refuses every markup
// declaration, in any case, and lets through what only looks like one.
func TestHasDTDFindsDeclarations(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want bool
	}{
		{"doctype", `<?xml version="1.0"?><!DOCTYPE a><a/>`, true},
		{"entity lower case", `<a><!entity x "y"></a>`, true},
		{"doctype at start", `<!DOCTYPE a><a/>`, true},
		{"cdata", `<a><![CDATA[x]]></a>`, false},
		{"comment", `<a><!-- DOCTYPE --></a>`, false},
		{"bang in text", `<a>Sign here! DOCTYPE</a>`, false},
		{"bang after lt in text", `<a>&lt;!DOCTYPE</a>`, false},
		{"cut short", `<a><!DOCTYP`, false},
		{"bang first", `!DOCTYPE`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hasDTD([]byte(tt.raw)); got != tt.want {
				t.Errorf("hasDTD(%q) = %v, want %v", tt.raw, got, tt.want)
			}
		})
	}
}

// TestHasDTDStopAcrossWindows checks a declaration split at every offset
// around a window border is still found.
func TestHasDTDStopAcrossWindows(t *testing.T) {
	for shift := -9; shift <= 2; shift++ {
		raw := bytes.Repeat([]byte("x"), dtdWindow+shift)
		raw = append(raw, "<!DOCTYPE a>"...)
		got, err := hasDTDStop(raw, nil)
		if err != nil || !got {
			t.Errorf("declaration at %d: hasDTDStop = %v, %v; want true", dtdWindow+shift, got, err)
		}
	}
}
