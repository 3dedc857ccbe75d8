package reliability

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/cputest"
	"github.com/formfill/formfill/internal/fixtures"
)

// The million-row workbook (fixtures.MillionRowSheet: ~100 MB of sheet XML
// in an ~11 MB upload, under every archive limit) is also a case of the
// hostile matrix, so it goes through every tool in-process and every job
// kind through a worker. This test adds what the matrix cannot see: the
// refusal names the worksheet part, and the whole process's peak RSS
// stays small. It runs the tools in a child process (this test
// binary again), so that if the sheet limit is ever lost the child, not the
// test process, takes the gigabytes and is killed.
const (
	childEnv = "FORMFILL_RELIABILITY_CHILD_TOOL"
	// millionRowRefusal bounds each tool's refusal, in CPU: the parse it
	// skips took 0.24 s (Validate) to over 30 s (ListFields, Verify, Fill).
	millionRowRefusal = 2 * time.Second
	// millionRowMaxRSS bounds the child, which builds the workbook and
	// runs every tool: measured 63 MiB (the build), 2.5 times that.
	// excelize's parse of the sheet, before the limit, took over 600 MiB.
	millionRowMaxRSS = 160 << 20
	millionRowSheet  = "xl/worksheets/sheet1.xml"
)

// childReport is what the child prints on its CHILD-REPORT line.
type childReport struct {
	Bytes int         `json:"bytes"`
	Tools []childTool `json:"tools"`
	// PeakRSS is the child's VmHWM, read by the child itself at the end:
	// getrusage's maxrss of a child started by os/exec also counts the
	// parent's RSS (the kernel carries it over at exec), which here is
	// the test process's, holding every other hostile input.
	PeakRSS int64 `json:"peak_rss"`
}

// childTool is one tool's call in the child.
type childTool struct {
	Name     string  `json:"name"`
	Err      string  `json:"err"`
	TooLarge bool    `json:"too_large"` // errors.Is(err, formats.ErrTooLarge)
	Field    string  `json:"field"`     // the InputError's field: the part refused
	Seconds  float64 `json:"seconds"`   // CPU of the call's thread (cputest.Of): a loaded machine does not stretch it
}

// TestMillionRowSheetIsRefusedByEveryTool checks that every tool refuses
// the million-row workbook at once, with a too-large error naming the
// worksheet part and the sheet limit (excel.MaxSheetBytes).
func TestMillionRowSheetIsRefusedByEveryTool(t *testing.T) {
	if testing.Short() {
		t.Skip("million-row workbook: skipped with -short")
	}
	// Process-level and mostly waiting: runs alongside the other
	// process-level tests, after the in-process ones have measured heaps.
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMillionRowChild$", "-test.v")
	cmd.Env = append(os.Environ(), childEnv+"=all")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out []byte
	done := make(chan error, 1)
	go func() {
		out, _ = readAll(stdout)
		done <- cmd.Wait()
	}()
	killed := false
	select {
	case <-done:
	case <-time.After(time.Minute): // building the workbook + every refusal, on busy cores
		killed = true
		cmd.Process.Kill()
		<-done
	}
	if killed {
		t.Fatalf("the child did not finish within a minute (killed): the sheet is parsed, not refused\n%s", out)
	}
	rep, err := parseChild(out)
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("child: wall %v, peak RSS %s, workbook %d bytes", time.Since(start).Round(time.Millisecond), mib(uint64(rep.PeakRSS)), rep.Bytes)
	if len(rep.Tools) != len(tools) {
		t.Errorf("child ran %d tools, want %d", len(rep.Tools), len(tools))
	}
	for _, tr := range rep.Tools {
		t.Logf("%-14s %.3fs: %s", tr.Name, tr.Seconds, tr.Err)
		switch {
		case tr.Err == "":
			t.Errorf("%s accepted a %d-row sheet", tr.Name, fixtures.MillionRows)
		case !tr.TooLarge:
			t.Errorf("%s: not a too-large error: %s", tr.Name, tr.Err)
		case tr.Field != millionRowSheet:
			t.Errorf("%s: the error concerns %q, want the part %s: %s", tr.Name, tr.Field, millionRowSheet, tr.Err)
		case !strings.Contains(strings.ToLower(tr.Err), sheetLimit):
			t.Errorf("%s: the error does not name the limit (%q): %s", tr.Name, sheetLimit, tr.Err)
		}
		if tr.Seconds > millionRowRefusal.Seconds() {
			t.Errorf("%s took %.1fs of CPU to refuse (bound %v): the sheet was parsed first", tr.Name, tr.Seconds, millionRowRefusal)
		}
	}
	switch {
	case rep.PeakRSS == 0:
		t.Log("the child could not read its peak RSS (/proc/self/status): not checked")
	case rep.PeakRSS > millionRowMaxRSS:
		t.Errorf("peak RSS %s (bound %s) to build and refuse a %d-row sheet", mib(uint64(rep.PeakRSS)), mib(millionRowMaxRSS), fixtures.MillionRows)
	}
}

// TestMillionRowChild is the child half of the test above; it does nothing
// unless started by it.
func TestMillionRowChild(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("child process of TestMillionRowSheetIsRefusedByEveryTool only")
	}
	doc := fixtures.MillionRowSheet()
	e, err := formats.Lookup(formats.Excel)
	if err != nil {
		t.Fatal(err)
	}
	rep := childReport{Bytes: len(doc)}
	for _, tl := range tools {
		var err error
		cpu := cputest.Of(func() { err = tl.call(e, doc) })
		tr := childTool{Name: tl.name, Seconds: cpu.Seconds(), TooLarge: errors.Is(err, formats.ErrTooLarge)}
		if err != nil {
			tr.Err = err.Error()
		}
		var ie *formats.InputError
		if errors.As(err, &ie) {
			tr.Field = ie.Field
		}
		rep.Tools = append(rep.Tools, tr)
	}
	rep.PeakRSS = peakRSS()
	b, _ := json.Marshal(rep)
	fmt.Printf("CHILD-REPORT %s\n", b)
}

// peakRSS is this process's peak resident set size in bytes (VmHWM), or 0
// where /proc/self/status does not say.
func peakRSS() int64 { return procStatusBytes("/proc/self/status", "VmHWM:") }
