package reliability

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
)

// The million-row workbook is run in a child process (this test binary
// again), one tool per child: a call that runs away is killed instead of
// burning CPU and memory under the tests that follow, and the child's peak
// RSS (getrusage) is measured whole.
const (
	childEnv          = "FORMFILL_RELIABILITY_CHILD_TOOL"
	millionRowTimeout = 20 * time.Second
	millionRowMaxRSS  = 768 << 20
)

type childReport struct {
	Err     string `json:"err"`
	Typed   bool   `json:"typed"`
	Seconds float64
	Bytes   int `json:"bytes"`
}

// TestMillionRowSheetIsRefusedOrBounded feeds an xlsx whose sheet has a
// million rows (a ~5 MB upload, ~90 MB of sheet XML: under every archive
// limit) to the Excel engine. Each tool must refuse it with a typed error
// or handle it within millionRowTimeout and millionRowMaxRSS.
func TestMillionRowSheetIsRefusedOrBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("million-row workbook: skipped with -short")
	}
	// Process-level and mostly waiting: runs alongside the other
	// process-level tests, after the in-process ones have measured heaps.
	t.Parallel()
	for _, name := range []string{"ExtractCompact", "Write"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(os.Args[0], "-test.run=^TestMillionRowChild$", "-test.v")
			cmd.Env = append(os.Environ(), childEnv+"="+name)
			var out []byte
			done := make(chan error, 1)
			start := time.Now()
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			go func() {
				b, _ := readAll(stdout)
				out = b
				done <- cmd.Wait()
			}()
			killed := false
			select {
			case <-done:
			case <-time.After(millionRowTimeout + 15*time.Second): // build time + the call
				killed = true
				cmd.Process.Kill()
				<-done
			}
			rss := int64(0)
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				rss = ru.Maxrss << 10
			}
			rep, perr := parseChild(out)
			t.Logf("%s on %d rows: wall %v, peak RSS %s, killed %v, report %+v", name, millionRows,
				time.Since(start).Round(time.Millisecond), mib(uint64(rss)), killed, rep)
			switch {
			case killed:
				t.Errorf("%s did not finish on a million-row sheet within %v (killed)", name, millionRowTimeout)
			case perr != nil:
				t.Errorf("child: %v\n%s", perr, out)
			case rep.Err != "" && !rep.Typed:
				t.Errorf("%s: untyped error: %s", name, rep.Err)
			case rep.Seconds > millionRowTimeout.Seconds():
				t.Errorf("%s took %.1fs (bound %v)", name, rep.Seconds, millionRowTimeout)
			}
			if rss > millionRowMaxRSS {
				t.Errorf("%s peak RSS %s (bound %s) for a %d-row sheet", name, mib(uint64(rss)), mib(millionRowMaxRSS), millionRows)
			}
		})
	}
}

// TestMillionRowChild is the child half of the test above; it does nothing
// unless started by it.
func TestMillionRowChild(t *testing.T) {
	name := os.Getenv(childEnv)
	if name == "" {
		t.Skip("child process of TestMillionRowSheetIsRefusedOrBounded only")
	}
	doc := millionRowXLSX(t)
	e, err := formats.Lookup(formats.Excel)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools {
		if tl.name != name {
			continue
		}
		start := time.Now()
		err := tl.call(e, doc)
		rep := childReport{Seconds: time.Since(start).Seconds(), Typed: formats.IsInputError(err), Bytes: len(doc)}
		if err != nil {
			rep.Err = err.Error()
		}
		b, _ := json.Marshal(rep)
		fmt.Printf("CHILD-REPORT %s\n", b)
	}
}
