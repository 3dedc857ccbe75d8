package excel

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/ctxtest"
	"github.com/formfill/formfill/internal/enginetest"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/realdocs"
	"golang.org/x/net/html/charset"
)

func TestEngineBoundToAnEndedContextStopsEveryCall(t *testing.T) {
	enginetest.StopsWhenTheContextHasEnded(t, New(), fixture(t))
}

func TestEngineBoundToALiveContextGivesTheSameResults(t *testing.T) {
	doc := fixture(t)
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	// Each answer is looked at before it is written and before it is verified.
	enginetest.SameResultsWhenTheContextIsLive(t, New(), doc, 2*len(fields))
}

func TestEveryCheckStopsTheCallThere(t *testing.T) {
	everyCheckStopsTheCall(t, fixture(t), 3)
}

// TestEveryCheckStopsTheCallThereInLanes is the same with the guard's
// parts checked in two lanes: the lane that has not yet seen the end asks
// once more before it stops.
func TestEveryCheckStopsTheCallThereInLanes(t *testing.T) {
	smallLanes(t)
	everyCheckStopsTheCall(t, fixture(t), 4)
}

// everyCheckStopsTheCall ends the context at each of ExtractCompact's
// checks in turn: the call must end there, asking at most more times
// after the check that saw the end: once to tell a library's read error
// from the stop, and once in guard, and once more in each other lane.
func everyCheckStopsTheCall(t *testing.T, doc []byte, more int) {
	live := ctxtest.NewCountdown(1 << 30)
	if _, err := New().WithContext(live).ExtractCompact(doc); err != nil {
		t.Fatal(err)
	}
	for n := range live.Asked() - 1 {
		ctx := ctxtest.NewCountdown(n)
		_, err := New().WithContext(ctx).ExtractCompact(doc)
		if !errors.Is(err, formats.ErrStopped) || formats.IsInputError(err) {
			t.Fatalf("ended at check %d of %d: err = %v, want a stop that is not an input error", n+1, live.Asked(), err)
		}
		if ctx.Asked() > n+more {
			t.Fatalf("ended at check %d: the context was asked %d times: the call went on past the check that saw the end", n+1, ctx.Asked())
		}
	}
}

// TestStoppedCallsStopUsingTheCPU stops reads and writes of a workbook
// with a 15 MB sheet early (the XML guard's pass), mid-way (excelize's
// parse of the sheet) and late (the patching writer's pass over the
// written sheet, the package rewritten), and checks that the CPU use ends with the call at once; see
// enginetest.StoppedWorkStops.
func TestStoppedCallsStopUsingTheCPU(t *testing.T) {
	enginetest.StoppedWorkStops(t, New(), func(tb testing.TB) []enginetest.StopCase {
		doc := fixtures.ManyRowSheet(150_000)
		answers := []formats.Answer{{PairID: "S1-R10-C2", AnswerText: "first"}, {PairID: "S1-R140000-C2", AnswerText: "last"}}
		return []enginetest.StopCase{
			{Name: "extract_compact", Points: []float64{0.02, 0.3, 0.6, 0.9},
				Call: func(e formats.Engine) error { _, err := e.ExtractCompact(doc); return err }},
			{Name: "list_fields", Points: []float64{0.5},
				Call: func(e formats.Engine) error { _, err := e.ListFields(doc); return err }},
			// The patching writer's pass over the written sheet checks the
			// stop every few thousand elements; its deflating, every 64 KB.
			{Name: "write", Points: []float64{0.3, 0.6, 0.75, 0.92},
				Call: func(e formats.Engine) error { _, err := e.Write(doc, answers, formats.WriteOptions{}); return err }},
		}
	})
}

// TestBoundWriteGivesTheSameBytes writes with an engine bound to a live
// context, which marks the large parts excelize holds (markForStop), and
// checks that the output is byte for byte the unbound engine's: no mark
// leaks into a part excelize writes back unparsed (the CAIQ's shared
// strings, when only numbers are written) or parsed.
func TestBoundWriteGivesTheSameBytes(t *testing.T) {
	docs := map[string][]byte{"many rows": fixtures.ManyRowSheet(3000)}
	if data, err := os.ReadFile(caiqPath); err == nil {
		docs["caiq"] = data
	} else {
		t.Logf("CAIQ workbook not available (%v): only the generated one is written", err)
	}
	real, _ := filepath.Glob(filepath.Join(realdocs.Dir(), "questionnaires", "*.xlsx"))
	if len(real) == 0 {
		t.Logf("no real workbooks under %s (go run ./internal/realdocs/fetchdocs): only the shared ones are written", realdocs.Dir())
	}
	for _, p := range real {
		if data, err := os.ReadFile(p); err == nil {
			docs[filepath.Base(p)] = data
		}
	}
	for name, doc := range docs {
		first, last := freeFields(t, doc)
		// A cell past the sheet's last row and column makes excelize pad
		// the rows and cells between, which it trims as it writes.
		sheet, _, _ := strings.Cut(first, "-")
		beyond := sheet + "-R20000-C60"
		for _, answers := range [][]formats.Answer{
			{{PairID: first, AnswerText: "text answer"}, {PairID: last, AnswerText: "  another\nwith <markup> & space "}},
			{{PairID: first, AnswerText: "42"}},
			{{PairID: first, AnswerText: "Yes"}, {PairID: beyond, AnswerText: "past the end"}},
		} {
			free, err := New().Write(doc, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			bound, err := New().WithContext(context.Background()).Write(doc, answers, formats.WriteOptions{})
			if err != nil {
				t.Fatalf("%s bound: %v", name, err)
			}
			if part := differentPart(t, free.Document, bound.Document); part != "" {
				t.Errorf("%s, %q: the bound engine wrote other bytes than the unbound one, in %s", name, answers[0].AnswerText, part)
			}
			if part := markedPart(t, bound.Document); part != "" {
				t.Errorf("%s, %q: the output's %s carries the stop mark", name, answers[0].AnswerText, part)
			}
		}
	}
}

// freeFields returns the first and the last of doc's fields that take any
// text (no list of options, not read-only).
func freeFields(t *testing.T, doc []byte) (first, last string) {
	t.Helper()
	first, last = "S1-R10-C2", "S1-R2900-C2" // the generated sheet's answer column
	fields, err := New().ListFields(doc)
	if err != nil {
		t.Fatal(err)
	}
	var free []string
	for _, f := range fields {
		if len(f.Options) == 0 && !f.ReadOnly {
			free = append(free, f.FieldID)
		}
	}
	if len(free) >= 2 {
		first, last = free[0], free[len(free)-1]
	}
	return first, last
}

// differentPart names the first entry whose content differs between two
// xlsx packages ("the entries" when their lists differ), or "".
func differentPart(t *testing.T, a, b []byte) string {
	t.Helper()
	pa, pb := unzip(t, a), unzip(t, b)
	if len(pa) != len(pb) {
		return "the entries"
	}
	for i := range pa {
		if pa[i].name != pb[i].name {
			return "the entries"
		}
		if !bytes.Equal(pa[i].data, pb[i].data) {
			return pa[i].name
		}
	}
	if !bytes.Equal(a, b) {
		return "the zip headers"
	}
	return ""
}

// markedPart names an entry of the xlsx doc that carries the stop mark.
func markedPart(t *testing.T, doc []byte) string {
	t.Helper()
	for _, p := range unzip(t, doc) {
		if bytes.Contains(p.data, []byte(stopEncoding)) || bytes.Contains(p.data, []byte(`encoding="`+stopUTF8+`"`)) || bytes.Contains(p.data, []byte(`encoding='`+stopUTF8+`'`)) {
			return p.name
		}
	}
	return ""
}

func TestMarkedPartsReadAsBeforeAndStop(t *testing.T) {
	body := `<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>caf\u00e9 &amp; more</t></is></c></row></sheetData>`
	tests := []struct {
		name, doc      string
		marks, inPlace bool
	}{
		{"UTF-8 declared", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + body, true, true},
		{"single quotes", `<?xml version='1.0' encoding='utf-8'?>` + body, true, true},
		{"no encoding", `<?xml version="1.0"?>` + body, true, false},
		{"Latin-1 declared", `<?xml version="1.0" encoding="ISO-8859-1"?>` + body, true, false},
		{"utf8 without the hyphen", `<?xml version="1.0" encoding="utf8"?>` + body, true, false},
		{"byte-order mark", "\xef\xbb\xbf" + `<?xml version="1.0" encoding="UTF-8"?>` + body, true, true},
		{"no declaration", body, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.doc)
			marked, ok := markDecl(data)
			if ok != tt.marks {
				t.Fatalf("marked = %v, want %v", ok, tt.marks)
			}
			if !ok {
				return
			}
			// A part declared UTF-8 is marked without a copy of it.
			if inPlace := &marked[0] == &data[0]; inPlace != tt.inPlace {
				t.Fatalf("marked in place = %v, want %v", inPlace, tt.inPlace)
			}
			ctx, cancel := context.WithCancel(context.Background())
			wb := &workbook{stop: formats.NewStopper(ctx, 1)}
			want := tokens(t, []byte(tt.doc), charset.NewReaderLabel)
			if got := tokens(t, marked, wb.charsetReader); got != want {
				t.Fatalf("the marked part reads as\n%s\nwant\n%s", got, want)
			}
			cancel()
			dec := xml.NewDecoder(bytes.NewReader(marked))
			dec.CharsetReader = wb.charsetReader
			var err error
			for err == nil {
				_, err = dec.Token()
			}
			if !errors.Is(err, formats.ErrStopped) {
				t.Fatalf("a stopped call's decode ended with %v, want formats.ErrStopped", err)
			}
		})
	}
}

// tokens is the text of every token of doc after its declaration.
func tokens(t *testing.T, doc []byte, cr func(string, io.Reader) (io.Reader, error)) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.CharsetReader = cr
	var b strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return b.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := tok.(xml.ProcInst); !ok {
			fmt.Fprintf(&b, "%#v\n", tok)
		}
	}
}

// BenchmarkChecks compares a write of a workbook with a 2 MB sheet by an
// unbound engine and by one bound to a live context (which also marks the
// large parts, see markForStop): the cost of the checks.
func BenchmarkChecks(b *testing.B) {
	doc := fixtures.ManyRowSheet(20_000)
	answers := []formats.Answer{{PairID: "S1-R10-C2", AnswerText: "first"}, {PairID: "S1-R19000-C2", AnswerText: "last"}}
	enginetest.BenchmarkChecks(b, New(), func(e formats.Engine) error {
		_, err := e.Write(doc, answers, formats.WriteOptions{})
		return err
	})
}
