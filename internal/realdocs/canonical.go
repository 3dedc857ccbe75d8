package realdocs

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// CanonicalSuffix is appended to the name of a written .docx or .xlsx
// output that Saver saves in canonical form (write.docx → write.docx.entries).
const CanonicalSuffix = ".entries"

// zipOutput reports whether an output named suffix is a written zip
// package, which Saver saves in canonical form.
func zipOutput(suffix string) bool {
	return strings.HasSuffix(suffix, ".docx") || strings.HasSuffix(suffix, ".xlsx")
}

// CanonicalZip renders a zip archive as text that depends on what the
// archive holds and not on how its entries were compressed, so that a
// change of deflater (level, library) leaves snapshots equal while any
// change of a part, of the entries' order or of their headers shows.
//
// The form: a first line with the number of entries and the archive's
// comment; one line per entry, in the archive's order, with its name,
// method, modified time, flags, creator and reader versions, external
// attributes, extra field (hex), comment, CRC-32 and uncompressed size;
// then, for each entry in the same order, a line "== N name (SIZE bytes)"
// followed by the inflated bytes and a newline. The compressed sizes and
// bytes are left out: they are all a deflater changes. The CRC-32 and the
// size are the ones the headers declare; inflating checks the content
// against them.
func CanonicalZip(data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("read zip: %w", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "zip: %d entries, comment %q\n", len(zr.File), zr.Comment)
	for i, f := range zr.File {
		h := f.FileHeader
		fmt.Fprintf(&b, "%d %q method=%d modified=%s flags=%#04x creator=%#04x reader=%#04x extattrs=%#08x extra=%x comment=%q crc32=%08x size=%d\n",
			i+1, h.Name, h.Method, h.Modified.UTC().Format(time.RFC3339), h.Flags, h.CreatorVersion, h.ReaderVersion,
			h.ExternalAttrs, h.Extra, h.Comment, h.CRC32, h.UncompressedSize64)
	}
	for i, f := range zr.File {
		b.WriteString("== " + strconv.Itoa(i+1) + " " + f.Name + " (" + strconv.FormatUint(f.UncompressedSize64, 10) + " bytes)\n")
		if err := inflateInto(&b, f); err != nil {
			return nil, err
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// inflateInto appends f's content to b; zip's reader checks its size and
// CRC-32 at the end.
func inflateInto(b *bytes.Buffer, f *zip.File) error {
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("open %s: %w", f.Name, err)
	}
	defer rc.Close()
	if _, err := io.Copy(b, rc); err != nil {
		return fmt.Errorf("inflate %s: %w", f.Name, err)
	}
	return nil
}
