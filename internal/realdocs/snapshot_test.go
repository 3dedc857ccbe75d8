package realdocs

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestSaverWritesTheOutputOrTheEngineError(t *testing.T) {
	dir := t.TempDir()
	s := Saver{base: filepath.Join(dir, "doc")}
	tests := []struct {
		name, suffix string
		write        func() error
		want         string
	}{
		{"bytes", "text.txt", func() error { return s.Save("text.txt", []byte("hello"), nil) }, "hello"},
		{"engine error", "bad.txt", func() error { return s.Save("bad.txt", []byte("ignored"), errors.New("no sheets")) }, "error: no sheets\n"},
		{"json", "v.json", func() error { return s.JSON("v.json", map[string]int{"a": 1}, nil) }, "{\n \"a\": 1\n}"},
		{"json of a failed call", "f.json", func() error { return s.JSON("f.json", nil, errors.New("corrupt zip")) }, "error: corrupt zip\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.write(); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, "doc."+tt.suffix))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("doc.%s = %q, want %q", tt.suffix, got, tt.want)
			}
		})
	}
}

func TestHalfUnsureMarksEveryOtherAnswerAndKeepsTheInput(t *testing.T) {
	in := []formats.Answer{{PairID: "a"}, {PairID: "b"}, {PairID: "c"}, {PairID: "d"}}
	out := HalfUnsure(in)
	for i, a := range out {
		if unsure := a.Confidence == formats.Uncertain; unsure != (i%2 == 1) || a.PairID != in[i].PairID {
			t.Fatalf("answer %d = %+v: want PairID %q, uncertain %v", i, a, in[i].PairID, i%2 == 1)
		}
	}
	for _, a := range in {
		if a.Confidence == formats.Uncertain {
			t.Fatalf("the input was changed: %+v", in)
		}
	}
}
