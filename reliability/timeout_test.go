package reliability

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// slowDocxParagraphs sizes slowDocx: about 80 MB of document.xml, which an
// unbound extract takes seconds to get through on an idle core, and which
// stays under every document limit.
const slowDocxParagraphs = 550_000

// slowDocx is a legitimate, large Word document: numbered paragraphs, since
// a repeated one would compress past the zip-bomb guard's ratio.
func slowDocx(tb testing.TB) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		tb.Fatal(err)
	}
	fmt.Fprint(w, `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>`)
	for i := range slowDocxParagraphs {
		fmt.Fprintf(w, `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Question %d about controls: </w:t></w:r><w:r><w:t>answer %x</w:t></w:r></w:p>`, i, i*7919)
	}
	fmt.Fprint(w, `</w:body></w:document>`)
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// cpuTime is the CPU time a process has used, from /proc.
func cpuTime(tb testing.TB, pid int) time.Duration {
	tb.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		tb.Skipf("no /proc to read a process's CPU time from: %v", err)
	}
	// Fields after the command name, which is in parentheses and may hold spaces.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // clock ticks (USER_HZ)
}

// afterStopWindow is how long the worker's CPU is watched once a stopped
// job is reported: long enough that work left running would use several
// times what the runtime's clean-up of the stopped work (one garbage
// collection of its heap) costs.
const afterStopWindow = 3 * time.Second

// minAfterStopBound is the least CPU the worker may use in the window: the
// collection of a stopped job's heap, which does not shrink when a loaded
// machine gives the job less CPU.
const minAfterStopBound = 150 * time.Millisecond

// TestJobPastItsTimeoutIsStoppedAndReported gives extracts of a large but
// legitimate Word document a 1 s timeout on a `formfill worker` process.
// Each job must end failed, of kind timeout, saying which timeout it ran
// past, and without a retry even when it has retries left: the document is
// the cause, not the moment, and a second run would hold the worker as long
// again. Its work must really stop: in the
// afterStopWindow once the job is reported, the worker uses less than a
// quarter of the CPU it used for the same time while the first job ran, as
// measured in this run (so a loaded machine lowers both; never less than
// minAfterStopBound), where the extract left running would keep using all
// of it for seconds. The worker then
// serves the next job.
func TestJobPastItsTimeoutIsStoppedAndReported(t *testing.T) {
	if testing.Short() {
		t.Skip("extracts an 80 MB document.xml: skipped with -short")
	}
	bin := formfillBinary(t)
	rs := startRedis(t, "")
	c := rs.client(t)
	ctx := context.Background()
	w := startWorkerProc(t, bin, rs.url(), "worker", 1)
	big, err := c.PutBlob(ctx, slowDocx(t))
	if err != nil {
		t.Fatal(err)
	}

	var busy float64 // the worker's CPU per second of wall time while the first job ran
	for _, retries := range []int{0, 1} {
		start := time.Now()
		startCPU := cpuTime(t, w.cmd.Process.Pid)
		id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractCompact, DocID: big, FileType: formats.Word},
			jobs.Timeout(time.Second), jobs.MaxRetry(retries))
		if err != nil {
			t.Fatal(err)
		}
		wctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		st, err := jobstest.Settled(wctx, c, id, 50*time.Millisecond)
		cancel()
		if err != nil {
			t.Fatalf("%d retries: the job was not stopped: %v\n%s", retries, err, w.output())
		}
		took := time.Since(start)
		before := cpuTime(t, w.cmd.Process.Pid)
		if busy == 0 {
			busy = float64(before-startCPU) / float64(took)
		}
		time.Sleep(afterStopWindow)
		burnt := cpuTime(t, w.cmd.Process.Pid) - before
		bound := max(time.Duration(busy*float64(afterStopWindow)/4), minAfterStopBound)
		t.Logf("%d retries: %s after %v, retried %d: %q; worker CPU %.2f s/s while the job ran, %v in the %v after (bound %v)", retries, st.State,
			took.Round(100*time.Millisecond), st.Retried, st.LastError, busy, burnt, afterStopWindow, bound)
		switch {
		case st.State != jobs.StateFailed || st.Retried != 0:
			t.Errorf("%d retries allowed: state %s after %d retries, want failed with none", retries, st.State, st.Retried)
		case st.Result == nil || st.Result.Error == nil || st.Result.Error.Kind != jobs.ErrorTimeout:
			t.Errorf("%d retries allowed: the result does not record a timeout: %s", retries, errMsg(st))
		case !strings.Contains(errMsg(st), "extract_compact job stopped at its 1s timeout"):
			t.Errorf("%d retries: the failure does not say which timeout stopped the job: %q", retries, errMsg(st))
		case burnt > bound:
			t.Errorf("%d retries: the worker burnt %v of CPU in the %v after the job was reported stopped (bound %v, a quarter of its use while the job ran): its work went on", retries, burnt, afterStopWindow, bound)
		}
	}

	small, _ := c.PutBlob(ctx, fixtures.TwoColumn())
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindExtractText, DocID: small, FileType: formats.Word})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if st, err := jobstest.Settled(wctx, c, id, 50*time.Millisecond); err != nil || st.State != jobs.StateCompleted {
		t.Errorf("the next job: %v %+v", err, st)
	}
}
