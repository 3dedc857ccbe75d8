package formats

import (
	"archive/zip"
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"

	kflate "github.com/klauspost/compress/flate"
)

// ArchiveLimits bound what a zip-based document (docx, xlsx) may inflate to.
type ArchiveLimits struct {
	MaxEntries    int   // entries in the archive
	MaxEntrySize  int64 // uncompressed bytes of one entry
	MaxTotalSize  int64 // uncompressed bytes of all entries together
	MaxRatio      int64 // uncompressed/compressed ratio of one entry, and of the archive as a whole
	RatioMinBytes int64 // entries (and archives) that inflate to less than this are exempt from MaxRatio
}

// DefaultArchiveLimits are generous for real questionnaires (the largest real
// xlsx parts are tens of MB) and refuse zip bombs before they are inflated.
var DefaultArchiveLimits = ArchiveLimits{
	MaxEntries:    10000,
	MaxEntrySize:  256 << 20,
	MaxTotalSize:  512 << 20,
	MaxRatio:      200,
	RatioMinBytes: 1 << 20,
}

// Archive is a zip document opened behind the archive guard. Read an
// entry's content through Read, which enforces the limits again while
// inflating (headers can lie about sizes). Zip is exported for the
// directory (names, order, declared sizes) and for Rewrite-style copies of
// raw entries; opening an entry through Zip directly skips the limits.
type Archive struct {
	Zip    *zip.Reader
	limits ArchiveLimits
	data   []byte   // the archive's bytes, to size Rewrite's buffer
	stop   *Stopper // nil: reads and Rewrite never stop part-way
	// byName indexes Zip's entries, built once by OpenArchive: engines
	// look parts up by name in loops. Copies share it, read-only.
	byName map[string]*zip.File
}

// OpenArchive opens data as a zip archive and checks every entry's declared
// sizes against limits before anything is inflated.
func OpenArchive(data []byte, limits ArchiveLimits) (*Archive, error) {
	if err := CheckSize(len(data)); err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, Wrap(ErrInvalidDocument, "file", err, "not a readable zip archive (corrupt or truncated)")
	}
	zr.RegisterDecompressor(zip.Deflate, inflater)
	if len(zr.File) > limits.MaxEntries {
		return nil, Errorf(ErrTooLarge, "file", "the archive has %d entries; the limit is %d", len(zr.File), limits.MaxEntries)
	}
	if err := checkNames(zr.File); err != nil {
		return nil, err
	}
	var total, packed uint64
	for _, f := range zr.File {
		if err := limits.checkEntry(f); err != nil {
			return nil, err
		}
		total += f.UncompressedSize64
		packed += f.CompressedSize64
		if total > uint64(limits.MaxTotalSize) {
			return nil, Errorf(ErrTooLarge, "file", "the archive inflates to more than %s; the limit is %s (zip bomb?)", humanBytes(int64(min(total, 1<<62))), humanBytes(limits.MaxTotalSize))
		}
	}
	// The per-entry ratio exempts small entries; hundreds of entries just
	// under the exemption would inflate the archive hundreds of times over
	// (500 entries of 1 MiB at 1000:1: a 580 KB workbook held 0.55 GB).
	if total >= uint64(limits.RatioMinBytes) {
		if ratio := total / max(packed, 1); ratio > uint64(limits.MaxRatio) {
			return nil, Errorf(ErrTooLarge, "file", "the archive compresses %d:1 as a whole (%s from %s); the limit is %d:1 (zip bomb?)",
				ratio, humanBytes(int64(min(total, 1<<62))), humanBytes(int64(min(packed, 1<<62))), limits.MaxRatio)
		}
	}
	byName := make(map[string]*zip.File, len(zr.File))
	for _, f := range zr.File {
		if _, dup := byName[f.Name]; !dup { // checkNames refuses duplicates; the first counts regardless
			byName[f.Name] = f
		}
	}
	return &Archive{Zip: zr, limits: limits, data: data, byName: byName}, nil
}

func (l ArchiveLimits) checkEntry(f *zip.File) error {
	size := f.UncompressedSize64
	if size > uint64(l.MaxEntrySize) {
		return Errorf(ErrTooLarge, f.Name, "entry inflates to %s; the limit is %s (zip bomb?)", humanBytes(int64(min(size, 1<<62))), humanBytes(l.MaxEntrySize))
	}
	if size >= uint64(l.RatioMinBytes) {
		comp := max(f.CompressedSize64, 1)
		if ratio := size / comp; ratio > uint64(l.MaxRatio) {
			return Errorf(ErrTooLarge, f.Name, "entry compresses %d:1; the limit is %d:1 (zip bomb?)", ratio, l.MaxRatio)
		}
	}
	return nil
}

// StopWith makes the archive's reads and Rewrite end with s's error once
// its context has ended, part-way through inflating or deflating an entry:
// a large part takes a core for a long while either way. The archive then
// belongs to s's call.
func (a *Archive) StopWith(s *Stopper) { a.stop = s }

// WithStopper returns a copy of a whose reads and Rewrite stop with s, for
// a goroutine that reads entries alongside a's own reads: the copies share
// the directory and the bytes, which inflating only reads.
func (a *Archive) WithStopper(s *Stopper) *Archive {
	c := *a
	c.stop = s
	return &c
}

// File returns the entry called name (exactly), or nil.
func (a *Archive) File(name string) *zip.File {
	return a.byName[name]
}

// Read inflates the entry called name, refusing to produce more bytes than it
// declared or than the per-entry limit.
func (a *Archive) Read(name string) ([]byte, error) { return a.ReadInto(name, nil) }

// ReadFile inflates f under the archive guard.
func (a *Archive) ReadFile(f *zip.File) ([]byte, error) { return a.ReadFileInto(f, nil) }

// ReadInto is Read into buf's storage when it is large enough, so callers
// can recycle buffers between calls.
func (a *Archive) ReadInto(name string, buf []byte) ([]byte, error) {
	f := a.File(name)
	if f == nil {
		return nil, Errorf(ErrInvalidDocument, name, "the archive has no entry %q", name)
	}
	return a.ReadFileInto(f, buf)
}

// ReadFileInto is ReadFile into buf's storage when it is large enough. It
// may write anywhere in buf's capacity, past the entry's bytes too.
func (a *Archive) ReadFileInto(f *zip.File, buf []byte) ([]byte, error) {
	limit := min(int64(f.UncompressedSize64), a.limits.MaxEntrySize)
	// bytes.Buffer grows (doubling) whenever less than MinRead is free, even
	// at the end of the data: leave it that much room.
	if int64(cap(buf)) < limit+bytes.MinRead {
		buf = make([]byte, 0, limit+bytes.MinRead)
	}
	if out, ok, err := a.inflateWhole(f, buf); ok {
		return out, nil
	} else if err != nil {
		return nil, fmt.Errorf("read %s: %w", f.Name, err)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, Wrap(ErrInvalidDocument, f.Name, err, "cannot open entry")
	}
	defer rc.Close()
	out := bytes.NewBuffer(buf[:0])
	n, err := io.Copy(out, io.LimitReader(a.stop.Reader(rc), limit+1))
	if errors.Is(err, ErrStopped) {
		return nil, fmt.Errorf("read %s: %w", f.Name, err)
	}
	if err != nil {
		return nil, Wrap(ErrInvalidDocument, f.Name, err, "corrupt entry")
	}
	if n > limit {
		return nil, Errorf(ErrTooLarge, f.Name, "entry inflates past its declared size of %d bytes (zip bomb?)", limit)
	}
	return out.Bytes(), nil
}

// Rewrite copies the archive to a new zip, replacing the entries named in
// replaced with new content; entries of replaced the archive does not have
// are added at the end, in name order. A Stopper given to StopWith ends it
// between entries and part-way through deflating one. Entries not replaced
// are copied raw, without recompression, so they stay byte-identical.
// Replaced entries are deflated
// at level 1 of github.com/klauspost/compress/flate (see fastDeflate). With
// StoreReplaced they are stored uncompressed instead.
func (a *Archive) Rewrite(replaced map[string][]byte, opts ...RewriteOption) ([]byte, error) {
	var o rewriteOptions
	for _, opt := range opts {
		opt(&o)
	}
	method := zip.Deflate
	if o.store {
		method = zip.Store
	}
	var out bytes.Buffer
	out.Grow(len(a.data) + len(a.data)/4)
	zw := zip.NewWriter(&out)
	UseFastDeflate(zw)
	for _, f := range a.Zip.File {
		if err := a.stop.Check(); err != nil {
			return nil, err
		}
		content, ok := replaced[f.Name]
		if !ok {
			if err := a.copyRaw(zw, f); err != nil {
				// The entry's local header lies: the archive is corrupt.
				return nil, Wrap(ErrInvalidDocument, f.Name, err, "cannot copy zip entry")
			}
			continue
		}
		hdr := f.FileHeader
		w, err := zw.CreateHeader(&zip.FileHeader{Name: hdr.Name, Method: method, Modified: hdr.Modified, Comment: hdr.Comment, Extra: nil})
		if err != nil {
			return nil, fmt.Errorf("create zip entry %s: %w", f.Name, err)
		}
		if _, err := a.stop.Writer(w).Write(content); err != nil {
			return nil, fmt.Errorf("write zip entry %s: %w", f.Name, err)
		}
	}
	if err := a.addNew(zw, replaced, method); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("close zip: %w", err)
	}
	return out.Bytes(), nil
}

// RewriteOption tunes Rewrite.
type RewriteOption func(*rewriteOptions)

type rewriteOptions struct {
	store bool
}

// StoreReplaced makes Rewrite store the replaced and added entries
// uncompressed: for a package that is only read again in the same process,
// deflating them costs time that inflating them costs once more.
func StoreReplaced() RewriteOption {
	return func(o *rewriteOptions) { o.store = true }
}

// addNew writes the entries of parts the archive does not have, in name
// order so the output is deterministic, with method.
func (a *Archive) addNew(zw *zip.Writer, parts map[string][]byte, method uint16) error {
	var names []string
	for name := range parts {
		if a.File(name) == nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: method})
		if err != nil {
			return fmt.Errorf("create zip entry %s: %w", name, err)
		}
		if _, err := w.Write(parts[name]); err != nil {
			return fmt.Errorf("write zip entry %s: %w", name, err)
		}
	}
	return nil
}

// copyRaw copies entry f still compressed, as zip.Writer.Copy does, but
// straight from the archive's bytes: Copy goes through io.Copy, which
// allocates a 32 KB buffer per entry.
func (a *Archive) copyRaw(zw *zip.Writer, f *zip.File) error {
	off, err := f.DataOffset()
	if err != nil {
		return err
	}
	end := off + int64(f.CompressedSize64)
	if off < 0 || end < off || end > int64(len(a.data)) {
		return fmt.Errorf("compressed data at %d+%d lies outside the %d-byte archive", off, f.CompressedSize64, len(a.data))
	}
	hdr := f.FileHeader
	w, err := zw.CreateRaw(&hdr)
	if err != nil {
		return err
	}
	_, err = w.Write(a.data[off:end])
	return err
}

// deflateLevel is the klauspost/compress/flate level replaced entries are
// deflated at. Its level 1 takes 0.5–0.7× of compress/flate's BestSpeed
// CPU time on the agreements' document.xml and is 5–6% smaller; levels 2
// and 3 cost more to deflate than verify saves inflating their denser
// output (docs/PERFORMANCE-WORD.md, "Deflate with klauspost/compress").
// The bytes of every part are the same whatever the level: only the
// compressed stream changes.
const deflateLevel = kflate.BestSpeed

// fastWriters keeps idle flate writers: each one allocates several
// hundred KB of tables, more than a typical document.xml. A sync.Pool would
// be emptied by the garbage collections a write itself triggers, and missed
// on most calls; this free list survives them and holds at most its
// capacity.
var fastWriters = make(chan *kflate.Writer, 8)

// UseFastDeflate makes zw deflate its entries as Rewrite does: with
// pooled klauspost/compress writers at deflateLevel, in about half of
// compress/flate's time. For engines that write their own zip.
func UseFastDeflate(zw *zip.Writer) { zw.RegisterCompressor(zip.Deflate, fastDeflate) }

// fastDeflate is a zip.Compressor deflating at deflateLevel.
func fastDeflate(w io.Writer) (io.WriteCloser, error) {
	select {
	case fw := <-fastWriters:
		fw.Reset(w)
		return &pooledDeflate{fw: fw}, nil
	default:
	}
	fw, err := kflate.NewWriter(w, deflateLevel)
	if err != nil {
		return nil, err
	}
	return &pooledDeflate{fw: fw}, nil
}

// pooledDeflate returns its writer to fastWriters once closed. zip.Writer
// uses it from one goroutine and closes it once; the nil check only keeps
// a second Close from pooling the writer twice.
type pooledDeflate struct{ fw *kflate.Writer }

func (p *pooledDeflate) Write(b []byte) (int, error) {
	if p.fw == nil {
		return 0, io.ErrClosedPipe
	}
	return p.fw.Write(b)
}

func (p *pooledDeflate) Close() error {
	if p.fw == nil {
		return nil
	}
	err := p.fw.Close()
	select {
	case fastWriters <- p.fw:
	default:
	}
	p.fw = nil
	return err
}

// inflaters keeps idle klauspost/compress flate readers. Inflating
// document.xml was a third of a Word verify with compress/flate; this
// decoder produces the same bytes in about two thirds of the time. The
// zip reader still checks each entry's size and CRC-32 around it.
var inflaters sync.Pool

// inflater is a zip.Decompressor using a pooled klauspost flate reader.
// The reader is given a pooled bufio.Reader over r: handed a plain reader
// it wraps it in a new one itself (4 KB) at every entry opened.
func inflater(r io.Reader) io.ReadCloser {
	if s, ok := inflaters.Get().(*inflateState); ok {
		s.br.Reset(r)
		if err := s.fr.(kflate.Resetter).Reset(s.br, nil); err == nil {
			return &pooledInflate{s: s}
		}
	}
	br := bufio.NewReader(r)
	return &pooledInflate{s: &inflateState{fr: kflate.NewReader(br), br: br}}
}

// inflateState is a flate reader and the buffered reader it reads from,
// pooled together.
type inflateState struct {
	fr io.ReadCloser
	br *bufio.Reader
}

// pooledInflate returns its reader to inflaters once closed; a second
// Close does nothing, so the reader is never pooled twice.
type pooledInflate struct{ s *inflateState }

func (p *pooledInflate) Read(b []byte) (int, error) {
	if p.s == nil {
		return 0, errors.New("flate: read after close")
	}
	return p.s.fr.Read(b)
}

func (p *pooledInflate) Close() error {
	if p.s == nil {
		return nil
	}
	err := p.s.fr.Close()
	p.s.br.Reset(nil) // lets go of the entry's reader
	inflaters.Put(p.s)
	p.s = nil
	return err
}
