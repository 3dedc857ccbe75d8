package formats

import (
	"archive/zip"
	"encoding/binary"
	"hash/crc32"
	"strings"
)

// inflateWhole inflates a deflated entry straight into buf's storage (cap
// at least its declared size) with inflateStream, accepting the result only
// where archive/zip's reader would accept the same bytes: exactly the
// declared size, the CRC-32 of the header (and of the data descriptor, if
// the entry has one) matching. It reports false for anything else
// (stored entries, directories, a stream it does not take, a mismatch),
// and ReadFileInto then reads the entry through archive/zip, which gives
// the error if there is one. The error is the Stopper's, once its
// context has ended.
func (a *Archive) inflateWhole(f *zip.File, buf []byte) ([]byte, bool, error) {
	size := f.UncompressedSize64
	if f.Method != zip.Deflate || strings.HasSuffix(f.Name, "/") || size > uint64(a.limits.MaxEntrySize) || size > uint64(cap(buf)) {
		return nil, false, nil
	}
	off, err := f.DataOffset()
	if err != nil {
		return nil, false, nil
	}
	end := off + int64(f.CompressedSize64)
	if off < 0 || end < off || end > int64(len(a.data)) {
		return nil, false, nil
	}
	if f.Flags&0x8 != 0 && !descriptorMatches(a.data[end:], f.CRC32) {
		return nil, false, nil
	}
	out := buf[:size]
	if ok, err := inflateStream(out, a.data[off:end], a.stop); !ok {
		return nil, false, err
	}
	// archive/zip skips the check when the header's CRC is zero and there
	// is no data descriptor; with one, the descriptor's CRC equals it.
	if (f.CRC32 != 0 || f.Flags&0x8 != 0) && crc32.ChecksumIEEE(out) != f.CRC32 {
		return nil, false, nil
	}
	return out, true, nil
}

// descriptorMatches reports whether the data descriptor at the start of b
// (signature optional) carries crc, as archive/zip's reader checks it.
func descriptorMatches(b []byte, crc uint32) bool {
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == 0x08074b50 {
		b = b[4:]
	}
	// archive/zip reads the descriptor's 12 bytes after the signature (or
	// 12 from its start without one) within its 16-byte section.
	return len(b) >= 12 && binary.LittleEndian.Uint32(b) == crc
}
