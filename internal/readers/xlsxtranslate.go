package readers

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
)

// Shift is a formula moved Cols columns and Rows rows (negative: left,
// up), as a shared formula's member is from its master.
type Shift struct {
	// Formula is the formula's text, without a leading "=".
	Formula    string
	Cols, Rows int
}

// XLSXShifted moves each formula of shifts with openpyxl's Translator (the
// translation Excel makes when it copies a formula, or reads a shared
// formula's member), all in one Python process, and returns the moved
// texts in the order of shifts, without a leading "=". ok[i] is false
// where the move takes a reference off the sheet — before A1, past
// XFD1048576 — where Excel shows #REF! and openpyxl has no answer.
// openpyxl keeps the formula's spacing and upper-cases what it moves.
func XLSXShifted(tb testing.TB, shifts []Shift) (moved []string, ok []bool) {
	tb.Helper()
	needPython(tb, "openpyxl", "openpyxl", "python3-openpyxl")
	src, err := scripts.ReadFile("py/xlsx_translate.py")
	if err != nil {
		tb.Fatalf("readers: embedded script xlsx_translate.py: %v", err)
	}
	in := make([][3]any, len(shifts))
	for i, s := range shifts {
		in[i] = [3]any{s.Formula, s.Cols, s.Rows}
	}
	data, err := json.Marshal(in)
	if err != nil {
		tb.Fatal(err)
	}
	inPath := writeTemp(tb, "shifts.json", data)
	outPath := filepath.Join(filepath.Dir(inPath), "moved.json")
	var out []*string
	what := fmt.Sprintf("%d formulas", len(shifts))
	if err := execPython(DefaultTimeout, "xlsx_translate.py", string(src), outPath, &out, what, outPath, inPath); err != nil {
		tb.Fatal(err)
	}
	if len(out) != len(shifts) {
		tb.Fatalf("readers: xlsx_translate.py moved %d formulas of %d", len(out), len(shifts))
	}
	moved, ok = make([]string, len(out)), make([]bool, len(out))
	for i, s := range out {
		if s != nil {
			moved[i], ok[i] = *s, true
		}
	}
	return moved, ok
}
