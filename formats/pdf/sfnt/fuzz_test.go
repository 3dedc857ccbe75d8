package sfnt

import (
	"errors"
	"testing"

	"github.com/formfill/formfill/internal/fonttest"
)

// Font files come from directories an operator configures, not from
// users, but a damaged or hostile file must still only ever give
// ErrInvalid: never a panic (caught or not) or a hang.
func FuzzParseAndSubset(f *testing.F) {
	f.Add([]byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x0c"), uint16(3))
	if data := fonttest.Read(f, "NotoSansHebrew-Regular.ttf"); data != nil {
		f.Add(data, uint16(40))
	}
	f.Fuzz(func(t *testing.T, data []byte, g uint16) {
		fonts, err := Parse(data)
		if errors.Is(err, errRecovered) {
			t.Fatalf("Parse panicked: %v", err)
		}
		for _, ft := range fonts {
			_, err := ft.Subset([]uint16{g, g / 2, 1})
			if errors.Is(err, errRecovered) {
				t.Fatalf("Subset panicked: %v", err)
			}
		}
	})
}

// The CFF reader and desubroutiniser run on every glyph of a subset. The
// seed is the hand-built font of synth_test.go (subroutines, hints, a
// hint mask): cheap to set up, so the fuzzer spends its time fuzzing.
func FuzzCFFSubset(f *testing.F) {
	f.Add(syntheticCFF(), uint16(2))
	f.Add([]byte{1, 0, 4, 4, 0, 0}, uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, g uint16) {
		out, err := func() (out []byte, err error) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("subsetCFFTable panicked: %v", r)
				}
			}()
			return subsetCFFTable(data, []uint16{g, 1})
		}()
		if err == nil && len(out) < 4 {
			t.Fatalf("a subset of %d bytes", len(out))
		}
	})
}
