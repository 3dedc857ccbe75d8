package formats

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// TestWholeInflateMatchesZipReader inflates every deflated entry of the
// repository's test documents and of the real documents
// (FORMFILL_REAL_DOCS, when set) both ways: the whole-buffer decoder must
// take them (they are zlib's, Word's and Go's output) and give
// archive/zip's bytes.
func TestWholeInflateMatchesZipReader(t *testing.T) {
	// testdata/hostile's bombs are the archive limits' tests, not this one's.
	roots := []string{filepath.Join("..", "testdata", "word"), filepath.Join("..", "testdata", "excel")}
	if root := os.Getenv("FORMFILL_REAL_DOCS"); root != "" {
		roots = append(roots, root)
	}
	var taken, entries int
	for _, root := range roots {
		walkZipEntries(t, root, func(path string, a *Archive, f *zip.File, want []byte) {
			entries++
			got, ok, _ := a.inflateWhole(f, make([]byte, 0, len(want)))
			if !ok {
				return
			}
			taken++
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: whole-buffer inflate differs from archive/zip", path, f.Name)
			}
		})
	}
	t.Logf("%d of %d entries inflated whole", taken, entries)
	if taken == 0 {
		t.Error("no entry was inflated whole")
	}
}

// walkZipEntries calls each with every entry archive/zip reads of every
// .docx and .xlsx below root that OpenArchive takes, and its bytes as
// archive/zip inflates them. A root that does not exist has none.
func walkZipEntries(t *testing.T, root string, each func(path string, a *Archive, f *zip.File, want []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !(strings.HasSuffix(path, ".docx") || strings.HasSuffix(path, ".xlsx")) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		a, err := OpenArchive(data, DefaultArchiveLimits)
		if err != nil {
			return nil // refused documents are other tests' business
		}
		for _, f := range a.Zip.File {
			rc, err := f.Open()
			if err != nil {
				continue
			}
			want, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				continue
			}
			each(path, a, f, want)
		}
		return nil
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
}

// FuzzInflateWhole holds the whole-buffer decoder to klauspost's on any
// stream: where it succeeds, klauspost's reader gives the same bytes
// without error; and it never panics (nor writes past the capacity).
func FuzzInflateWhole(f *testing.F) {
	for _, level := range []int{flate.NoCompression, flate.BestSpeed, flate.DefaultCompression, flate.HuffmanOnly} {
		for _, s := range []string{"", "a", "hello hello hello hello", strings.Repeat("<w:p><w:r><w:t>x</w:t></w:r></w:p>", 200)} {
			var b bytes.Buffer
			w, _ := flate.NewWriter(&b, level)
			w.Write([]byte(s))
			w.Close()
			f.Add(b.Bytes(), len(s))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, size int) {
		if size < 0 || size > 1<<20 {
			return
		}
		// Room past the length for the match copies' spill, odd sizes
		// none: a write past the capacity panics.
		out := make([]byte, size, size+(size&1)*bytes.MinRead)
		if ok, _ := inflateStream(out, in, nil); !ok {
			return
		}
		want, err := io.ReadAll(kflate.NewReader(bytes.NewReader(in)))
		if err != nil {
			t.Fatalf("whole-buffer inflate took a stream klauspost refuses: %v", err)
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("whole-buffer inflate gave %d bytes unlike klauspost's %d", len(out), len(want))
		}
	})
}

// TestWholeInflateMatchesFlate holds the decoder to compress/flate's output
// at every level (stored, fixed and dynamic blocks, overlapping matches),
// and has it refuse a stream cut short or a size that is not the stream's.
func TestWholeInflateMatchesFlate(t *testing.T) {
	rnd := make([]byte, 100<<10)
	seed := uint32(1)
	for i := range rnd {
		seed = seed*1664525 + 1013904223
		rnd[i] = byte(seed >> 24)
	}
	var xml strings.Builder
	for i := range 3000 {
		xml.WriteString(`<w:p w:rsidR="00A1"><w:r><w:t xml:space="preserve">clause `)
		xml.WriteString(strings.Repeat("ab", i%7))
		xml.WriteString("</w:t></w:r></w:p>")
	}
	// Runs repeating every 1 to 40 bytes, of lengths around the short
	// matches' fixed stores (16 and 32 bytes): matches overlapping their
	// own output at every distance the fast copy and copyMatch tell apart.
	var periodic []byte
	for period := 1; period <= 40; period++ {
		for _, n := range []int{3, 8, 15, 16, 17, 31, 32, 33, 40, 258} {
			periodic = append(periodic, '|')
			for i := range n + period {
				periodic = append(periodic, rnd[period*7+i%period])
			}
		}
	}
	inputs := map[string][]byte{
		"short runs of every period (overlapping matches)": periodic,
		"empty": nil, "one byte": []byte("x"), "random (stored blocks)": rnd,
		"a run of one byte (overlapping matches)": bytes.Repeat([]byte("a"), 70000),
		"document-like XML":                       []byte(xml.String()),
	}
	for name, in := range inputs {
		for _, level := range []int{flate.HuffmanOnly, flate.NoCompression, flate.BestSpeed, flate.DefaultCompression, flate.BestCompression} {
			var b bytes.Buffer
			w, _ := flate.NewWriter(&b, level)
			w.Write(in)
			w.Close()
			comp := b.Bytes()
			out := make([]byte, len(in), len(in)+bytes.MinRead)
			if ok, _ := inflateStream(out, comp, nil); !ok {
				t.Errorf("%s, level %d: refused", name, level)
			} else if !bytes.Equal(out, in) {
				t.Errorf("%s, level %d: not inflated to the input", name, level)
			}
			if ok, _ := inflateStream(make([]byte, max(len(in)-1, 0), len(in)+bytes.MinRead), comp, nil); len(in) > 0 && ok {
				t.Errorf("%s, level %d: taken with a size one short", name, level)
			}
			if ok, _ := inflateStream(make([]byte, len(in)+1, len(in)+bytes.MinRead), comp, nil); ok {
				t.Errorf("%s, level %d: taken with a size one long", name, level)
			}
			if ok, _ := inflateStream(make([]byte, len(in), len(in)+bytes.MinRead), comp[:len(comp)-1], nil); ok {
				t.Errorf("%s, level %d: taken cut short", name, level)
			}
		}
	}
}
