package pdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/formfill/formfill/internal/readers"
)

func TestToUnicodeMaps(t *testing.T) {
	cmap := []byte(`/CIDInit /ProcSet findresource begin 12 dict begin begincmap
1 begincodespacerange <0000> <FFFF> endcodespacerange
2 beginbfchar <0003> <0020> <0011> <002E> endbfchar
2 beginbfrange <0024> <0026> <0041> <0030> <0031> [<0061> <00E9>] endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`)
	dec := &fontDecoder{twoByte: true, cmap: parseToUnicode(cmap)}
	tests := []struct {
		scenario string
		codes    []byte
		want     string
	}{
		{"single codes", []byte{0, 0x24, 0, 3, 0, 0x11}, "A ."},
		{"range with a start value", []byte{0, 0x24, 0, 0x25, 0, 0x26}, "ABC"},
		{"range with an array", []byte{0, 0x30, 0, 0x31}, "aé"},
		{"unmapped codes are dropped", []byte{0x12, 0x34, 0, 0x24}, "A"},
		{"odd trailing byte ignored", []byte{0, 0x24, 0}, "A"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if got := dec.decode(tt.codes); got != tt.want {
				t.Fatalf("decode = %q, want %q", got, tt.want)
			}
		})
	}
	if got := (&fontDecoder{twoByte: true}).decode([]byte{0, 0x24}); got != "" {
		t.Errorf("Type0 font without a map decoded to %q, want nothing", got)
	}
	if got := (*fontDecoder)(nil).decode([]byte("caf\xe9 \x93q\x94")); got != "café “q”" {
		t.Errorf("WinAnsi fallback = %q", got)
	}
}

// words returns the distinct words of s of at least four letters.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 4 {
			out[strings.ToLower(w)] = true
		}
	}
	return out
}

// ExtractText must find the words poppler finds on real forms, except
// those poppler reads from the fields' own appearances (values, options,
// button captions): extract_text is the page's printed text.
func TestExtractTextAgreesWithPdftotext(t *testing.T) {
	for _, path := range sharedPDFs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			ours, err := New().ExtractText(doc)
			if err != nil {
				t.Fatal(err)
			}
			mine, theirs := words(ours), words(readers.PDFText(t, doc))
			for _, f := range mustOpen(t, doc).fields {
				for w := range words(strings.Join(append([]string{f.Name, f.Label, f.Value}, f.Options...), " ")) {
					delete(theirs, w)
				}
			}
			found := 0
			for w := range theirs {
				if mine[w] {
					found++
				}
			}
			if len(theirs) == 0 || float64(found) < 0.8*float64(len(theirs)) {
				var miss []string
				for w := range theirs {
					if !mine[w] {
						miss = append(miss, w)
					}
				}
				t.Fatalf("found %d of poppler's %d words; missing %v", found, len(theirs), miss)
			}
			t.Logf("found %d of poppler's %d words", found, len(theirs))
		})
	}
}

func TestToUnicodeRefusesHugeRanges(t *testing.T) {
	tests := []struct{ scenario, cmap string }{
		{"whole 32-bit space with an array", "1 beginbfrange <00000000> <FFFFFFFF> [<0041>] endbfrange"},
		{"whole 32-bit space with a start", "1 beginbfrange <00000000> <FFFFFFFF> <0041> endbfrange"},
		{"reversed range", "1 beginbfrange <0010> <0001> <0041> endbfrange"},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			if m := parseToUnicode([]byte(tt.cmap)); len(m) != 0 {
				t.Fatalf("%d entries from a range no font has", len(m))
			}
		})
	}
}
