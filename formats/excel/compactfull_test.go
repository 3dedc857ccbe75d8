package excel

import (
	"strings"
	"testing"
)

// Harvest reads the full map: past the line cap the normal map keeps
// only key cells, the full one keeps every cell, and all three have the
// same targets.
func TestExtractCompactFullIgnoresTheLineCap(t *testing.T) {
	e := New(WithMaxLines(3))
	capped, err := e.ExtractCompact(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	full, err := e.ExtractCompactFull(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	normal, err := New().ExtractCompact(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(capped.CompactText, "not shown") || strings.Contains(full.CompactText, "not shown") {
		t.Errorf("want the capped map to say what it cut and the full one to cut nothing:\n%s\n---\n%s", capped.CompactText, full.CompactText)
	}
	if full.Total <= capped.Total || len(full.Targets) != len(normal.Targets) || full.CompactText != normal.CompactText {
		t.Errorf("full map: %d elements, %d targets; capped %d elements; normal %d targets", full.Total, len(full.Targets), capped.Total, len(normal.Targets))
	}
}
