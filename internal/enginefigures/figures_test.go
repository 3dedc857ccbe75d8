package enginefigures

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
)

// zipOf builds a package of the given entries, in name order.
func zipOf(t *testing.T, entries map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(entries[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSpreadAnswers(t *testing.T) {
	fields := []formats.FormField{
		{FieldID: "a"},
		{FieldID: "ro", ReadOnly: true},
		{FieldID: "list", Options: []string{"Yes", "No"}},
		{FieldID: "c"},
	}
	tests := []struct {
		name string
		n    int
		want []formats.Answer
	}{
		{"read-only skipped, a list takes its first option", 3, []formats.Answer{{PairID: "a", AnswerText: "answer 0"}, {PairID: "list", AnswerText: "Yes"}, {PairID: "c", AnswerText: "answer 2"}}},
		{"stops at n", 1, []formats.Answer{{PairID: "a", AnswerText: "answer 0"}}},
		{"fewer free fields than asked", 10, []formats.Answer{{PairID: "a", AnswerText: "answer 0"}, {PairID: "list", AnswerText: "Yes"}, {PairID: "c", AnswerText: "answer 2"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SpreadAnswers(fields, tt.n); !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRatio(t *testing.T) {
	tests := []struct {
		name   string
		a, b   float64
		want   float64
		wantOK bool
	}{
		{"peak over XML", 30, 10, 3, true},
		{"less than one", 1, 4, 0.25, true},
		{"nothing to divide by", 5, 0, 0, false},
		{"negative divisor", 5, -1, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Ratio(tt.a, tt.b)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("Ratio(%v, %v) = %v, %v; want %v, %v", tt.a, tt.b, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestRewrittenPartsCountsChangedEntriesOfTheInput(t *testing.T) {
	in := zipOf(t, map[string]string{
		"xl/worksheets/sheet1.xml": "<same/>",
		"xl/worksheets/sheet2.xml": "<before/>",
		"xl/worksheets/sheet3.xml": "<dropped/>",
		"xl/sharedStrings.xml":     "<sst/>",
	})
	out := zipOf(t, map[string]string{
		"xl/worksheets/sheet1.xml": "<same/>",
		"xl/worksheets/sheet2.xml": "<after, longer/>",
		"xl/sharedStrings.xml":     "<sst>more</sst>",
		"xl/worksheets/sheet9.xml": "<added/>",
	})
	tests := []struct {
		name      string
		keep      func(string) bool
		wantNames []string
		wantSize  int64
	}{
		{"sheets only", func(n string) bool { return n != "xl/sharedStrings.xml" }, []string{"xl/worksheets/sheet2.xml"}, int64(len("<before/>"))},
		{"every XML part", IsXMLPart, []string{"xl/sharedStrings.xml", "xl/worksheets/sheet2.xml"}, int64(len("<before/>") + len("<sst/>"))},
		{"nothing kept", func(string) bool { return false }, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names, size, err := RewrittenParts(in, out, tt.keep)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names, tt.wantNames) || size != tt.wantSize {
				t.Errorf("got %v %d, want %v %d", names, size, tt.wantNames, tt.wantSize)
			}
		})
	}
	if _, _, err := RewrittenParts(in, []byte("%PDF"), IsXMLPart); err == nil {
		t.Error("an output that is not a package: no error")
	}
}

func TestEntrySizes(t *testing.T) {
	doc := zipOf(t, map[string]string{"a.xml": "12345", "b.xml": "123", "c.bin": "1"})
	sel, all, err := EntrySizes(doc, map[string]bool{"a.xml": true, "missing.xml": true})
	if err != nil || sel != 5 || all != 9 {
		t.Errorf("got %d of %d (%v), want 5 of 9", sel, all, err)
	}
}

func TestInflateXML(t *testing.T) {
	if err := InflateXML(zipOf(t, map[string]string{"a.xml": "<a/>", "_rels/.rels": "<r/>"})); err != nil {
		t.Errorf("a package: %v", err)
	}
	if err := InflateXML([]byte("%PDF-1.7")); err == nil {
		t.Error("a PDF: no error")
	}
}

func TestHeapPeakSeesAnAllocationHeldDuringTheCall(t *testing.T) {
	const size = 32 << 20
	runtime.GC()
	var keep []byte
	peak := HeapPeak(func() {
		keep = make([]byte, size)
		keep[size-1] = 1
		time.Sleep(20 * time.Millisecond) // held across several samples
	})
	runtime.KeepAlive(keep)
	// The peak is above the heap at the start, which may hold garbage the
	// allocation's own collection frees: half the block is still far above
	// what a call that holds nothing peaks at.
	if peak < size/2 {
		t.Errorf("peak %d, want about the %d bytes held", peak, size)
	}
}

// refuser refuses, as an engine's write does, an answer of a field in
// refuse unless its text is one the field accepts.
func refuser(accepts map[string]string) func([]formats.Answer) error {
	return func(answers []formats.Answer) error {
		for i, a := range answers {
			if want, ok := accepts[a.PairID]; ok && a.AnswerText != want {
				inner := formats.Errorf(formats.ErrInvalidArgument, a.PairID, "%q refused", a.AnswerText)
				return fmt.Errorf("answers[%d]: %w", i, inner)
			}
		}
		return nil
	}
}

func TestFitAnswers(t *testing.T) {
	fields := []formats.FormField{{FieldID: "S1-R1-C1"}, {FieldID: "S1-R1-C10"}, {FieldID: "S1-R2-C1"}}
	other := errors.New("disk full")
	tests := []struct {
		name    string
		n       int
		try     func([]formats.Answer) error
		want    []string // answer texts by field, in order
		wantIDs []string
		wantErr error
	}{
		{"all accepted as spread", 2, refuser(nil), []string{"answer 0", "answer 1"}, []string{"S1-R1-C1", "S1-R1-C10"}, nil},
		{"a number cell gets a number", 2, refuser(map[string]string{"S1-R1-C10": "1"}), []string{"answer 0", "1"}, []string{"S1-R1-C1", "S1-R1-C10"}, nil},
		{"a checkbox gets yes", 2, refuser(map[string]string{"S1-R1-C1": "yes"}), []string{"yes", "answer 1"}, []string{"S1-R1-C1", "S1-R1-C10"}, nil},
		{"a field refusing all is dropped for the next", 2, refuser(map[string]string{"S1-R1-C1": "never"}), []string{"answer 0", "answer 1"}, []string{"S1-R1-C10", "S1-R2-C1"}, nil},
		{"another error is returned", 2, func([]formats.Answer) error { return other }, nil, nil, other},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := FitAnswers(fields, tt.n, tt.try)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			var ids, texts []string
			for _, a := range got {
				ids, texts = append(ids, a.PairID), append(texts, a.AnswerText)
			}
			if !slices.Equal(ids, tt.wantIDs) || !slices.Equal(texts, tt.want) {
				t.Errorf("got %v %v, want %v %v", ids, texts, tt.wantIDs, tt.want)
			}
		})
	}
}
