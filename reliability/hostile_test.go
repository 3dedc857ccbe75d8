package reliability

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all"
)

// Bounds every tool must keep on every hostile input. The inputs go up to
// 60 MB and would inflate (if a guard let them) to 1 GiB; refusing them
// needs neither, so the heap bound is tight: every case but one measured at
// most 2.8 MiB of peak heap growth (the entry flood's 10,001 zip headers),
// and 16 MiB leaves room for the runtime's noise while failing any reader
// that starts to hold or inflate what it should refuse. A case that needs
// more sets its own bound (hostileCase.maxHeap, see deepNestingHeap).
const (
	maxCallTime        = 20 * time.Second
	defaultMaxPeakHeap = 16 << 20
	maxAlloc           = 1 << 30 // bytes allocated in total by one call
)

// Throwaway arguments for the tools that take some, shared by the
// in-process matrix and the worker's jobs: on a hostile document the
// document itself must be refused before they matter.
var (
	probeLocations = []formats.Location{{PairID: "q1", Snippet: "Question"}}
	probeAnswers   = []formats.Answer{{PairID: "q1", XPath: "/nowhere", AnswerText: "x"}}
	probeExpected  = []formats.ExpectedAnswer{{PairID: "q1", XPath: "/nowhere", ExpectedText: "x"}}
)

// tool is one entry point of an engine, called with the probe arguments.
type tool struct {
	name string
	call func(e formats.Engine, doc []byte) error
}

var tools = []tool{
	{"ExtractCompact", func(e formats.Engine, d []byte) error { _, err := e.ExtractCompact(d); return err }},
	{"ExtractRaw", func(e formats.Engine, d []byte) error { _, err := e.ExtractRaw(d); return err }},
	{"ExtractText", func(e formats.Engine, d []byte) error { _, err := e.ExtractText(d); return err }},
	{"Validate", func(e formats.Engine, d []byte) error { _, err := e.Validate(d, probeLocations); return err }},
	{"Write", func(e formats.Engine, d []byte) error {
		_, err := e.Write(d, probeAnswers, formats.WriteOptions{})
		return err
	}},
	{"ListFields", func(e formats.Engine, d []byte) error { _, err := e.ListFields(d); return err }},
	{"ReadDocument", func(e formats.Engine, d []byte) error { _, err := e.ReadDocument(d); return err }},
	{"Verify", func(e formats.Engine, d []byte) error { _, err := e.Verify(d, probeExpected); return err }},
	{"Fill", func(e formats.Engine, d []byte) error {
		_, _, err := formats.Fill(e, d, probeAnswers, formats.WriteOptions{})
		return err
	}},
}

// TestHostileDocumentsThroughEveryTool sends every hostile input through
// every tool of its engine in-process: each call must end, within time and
// memory bounds, with a typed input error (or, for damaged-but-readable
// inputs, success) — never a panic, a hang or an untyped error.
func TestHostileDocumentsThroughEveryTool(t *testing.T) {
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.large && testing.Short() {
				t.Skip("large hostile input: skipped with -short")
			}
			c.require(t)
			doc := c.build(t)
			e, err := formats.Lookup(c.ft)
			if err != nil {
				t.Fatal(err)
			}
			var peak uint64
			var slowest time.Duration
			for _, tl := range tools {
				o := bounded(func() error { return tl.call(e, doc) })
				t.Logf("%-14s %s: %v", tl.name, o, o.err)
				checkOutcome(t, c, tl.name, o)
				peak, slowest = max(peak, o.peakHeap), max(slowest, o.dur)
			}
			t.Logf("%s: slowest call %v, highest peak heap +%s (bound %s)", c.name,
				slowest.Round(time.Microsecond), mib(peak), mib(c.heapBound()))
		})
	}
}

func checkOutcome(t *testing.T, c hostileCase, toolName string, o outcome) {
	t.Helper()
	switch {
	case o.panicked != nil:
		t.Errorf("%s panicked: %v", toolName, o.panicked)
	case o.hung:
		t.Errorf("%s did not return within %v", toolName, callTimeout)
	case o.err == nil && !c.mayPass:
		t.Errorf("%s accepted a hostile %s input", toolName, c.name)
	case o.err != nil && !formats.IsInputError(o.err):
		t.Errorf("%s returned an untyped error (not formats.IsInputError): %v", toolName, o.err)
	case o.err != nil && c.kind != nil && !errors.Is(o.err, c.kind):
		t.Errorf("%s error is not %q: %v", toolName, c.kind, o.err)
	case o.err != nil && c.want != "" && !strings.Contains(strings.ToLower(o.err.Error()), c.want):
		t.Errorf("%s error does not say %q: %v", toolName, c.want, o.err)
	}
	if o.dur > maxCallTime && !o.hung {
		t.Errorf("%s took %v (bound %v)", toolName, o.dur, maxCallTime)
	}
	if o.alloc > maxAlloc {
		t.Errorf("%s allocated %s (bound %s)", toolName, mib(o.alloc), mib(maxAlloc))
	}
	if o.peakHeap > c.heapBound() {
		t.Errorf("%s peak heap grew by %s (bound %s)", toolName, mib(o.peakHeap), mib(c.heapBound()))
	}
}
