package formats

import (
	"bufio"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"os"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// benchEntry loads a real agreement's document.xml, compressed, for the
// inflate benchmarks; they skip without FORMFILL_INFLATE_DOC.
func benchEntry(b *testing.B) (*Archive, []byte, int, uint32) {
	path := os.Getenv("FORMFILL_INFLATE_DOC")
	if path == "" {
		b.Skip("FORMFILL_INFLATE_DOC not set")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	a, err := OpenArchive(data, DefaultArchiveLimits)
	if err != nil {
		b.Fatal(err)
	}
	f := a.File("word/document.xml")
	off, err := f.DataOffset()
	if err != nil {
		b.Fatal(err)
	}
	return a, data[off : off+int64(f.CompressedSize64)], int(f.UncompressedSize64), f.CRC32
}

func BenchmarkInflate(b *testing.B) {
	a, comp, size, sum := benchEntry(b)
	b.Run("archive", func(b *testing.B) {
		buf := make([]byte, 0, size+bytes.MinRead)
		b.SetBytes(int64(size))
		for b.Loop() {
			if _, err := a.ReadInto("word/document.xml", buf); err != nil {
				b.Fatal(err)
			}
		}
	})
	out := make([]byte, size)
	check := func(b *testing.B, n int) {
		if n != size || crc32.ChecksumIEEE(out) != sum {
			b.Fatal("bad")
		}
	}
	b.Run("klauspost-bytes", func(b *testing.B) {
		br := bytes.NewReader(comp)
		fr := kflate.NewReader(br)
		b.SetBytes(int64(size))
		for b.Loop() {
			br.Reset(comp)
			fr.(kflate.Resetter).Reset(br, nil)
			n, _ := io.ReadFull(fr, out)
			check(b, n)
		}
	})
	b.Run("klauspost-bufio", func(b *testing.B) {
		br := bytes.NewReader(comp)
		bb := bufio.NewReader(br)
		fr := kflate.NewReader(bb)
		b.SetBytes(int64(size))
		for b.Loop() {
			br.Reset(comp)
			bb.Reset(br)
			fr.(kflate.Resetter).Reset(bb, nil)
			n, _ := io.ReadFull(fr, out)
			check(b, n)
		}
	})
	b.Run("stdlib-bytes", func(b *testing.B) {
		br := bytes.NewReader(comp)
		fr := flate.NewReader(br)
		b.SetBytes(int64(size))
		for b.Loop() {
			br.Reset(comp)
			fr.(flate.Resetter).Reset(br, nil)
			n, _ := io.ReadFull(fr, out)
			check(b, n)
		}
	})
	b.Run("crc-only", func(b *testing.B) {
		b.SetBytes(int64(size))
		for b.Loop() {
			crc32.ChecksumIEEE(out)
		}
	})
}
