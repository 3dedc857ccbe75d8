package formats

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

type entry struct {
	name string
	data []byte
	raw  bool // stored without compression
}

func makeZip(t testing.TB, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range entries {
		method := zip.Deflate
		if e.raw {
			method = zip.Store
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: method, Modified: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(e.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestOpenArchiveGuard(t *testing.T) {
	small := ArchiveLimits{MaxEntries: 3, MaxEntrySize: 1 << 20, MaxTotalSize: 3 << 19, MaxRatio: 50, RatioMinBytes: 64 << 10}
	zeros := func(n int) []byte { return make([]byte, n) }
	random := func(n int) []byte {
		b := make([]byte, n)
		x := uint32(1)
		for i := range b {
			x = x*1664525 + 1013904223
			b[i] = byte(x >> 24)
		}
		return b
	}
	tests := []struct {
		name    string
		data    []byte
		wantErr error
		errHas  string
	}{
		{"ordinary archive", makeZip(t, entry{"a.xml", []byte("<a/>"), false}, entry{"b.xml", random(200 << 10), true}), nil, ""},
		{"too many entries", makeZip(t, entry{"1", nil, false}, entry{"2", nil, false}, entry{"3", nil, false}, entry{"4", nil, false}), ErrTooLarge, "4 entries"},
		{"entry too large", makeZip(t, entry{"big", random(1<<20 + 1), true}), ErrTooLarge, "big"},
		{"ratio bomb", makeZip(t, entry{"bomb.xml", zeros(512 << 10), false}), ErrTooLarge, "compresses"},
		{"total too large", makeZip(t, entry{"a", random(600 << 10), true}, entry{"b", random(600 << 10), true}, entry{"c", random(600 << 10), true}), ErrTooLarge, "inflates to more than"},
		{"not a zip", []byte("PK\x03\x04 this is not really a zip"), ErrInvalidDocument, "not a readable zip"},
		{"truncated zip", makeZip(t, entry{"a.xml", random(4096), false})[:100], ErrInvalidDocument, "corrupt or truncated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := OpenArchive(tt.data, small)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("OpenArchive: %v", err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.errHas) {
				t.Fatalf("err = %v, want %v mentioning %q", err, tt.wantErr, tt.errHas)
			}
		})
	}
}

// A header that understates an entry's size must not let the entry inflate
// past it: Read stops at the declared size.
func TestArchiveReadStopsAtDeclaredSize(t *testing.T) {
	data := makeZip(t, entry{"word/document.xml", bytes.Repeat([]byte("x"), 4096), false})
	a, err := OpenArchive(data, DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	f := a.File("word/document.xml")
	f.UncompressedSize64 = 100 // a lying header
	_, err = a.ReadFile(f)
	if !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrInvalidDocument) {
		t.Fatalf("err = %v, want the lying entry refused", err)
	}
}

func TestArchiveReadMissingEntry(t *testing.T) {
	a, err := OpenArchive(makeZip(t, entry{"a", []byte("x"), false}), DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.Read("word/document.xml")
	if !errors.Is(err, ErrInvalidDocument) || !strings.Contains(err.Error(), "word/document.xml") {
		t.Fatalf("err = %v, want a missing-entry error naming it", err)
	}
}

func TestRewriteKeepsUntouchedEntriesByteIdentical(t *testing.T) {
	orig := makeZip(t, entry{"keep.xml", []byte("<keep>same</keep>"), false}, entry{"change.xml", []byte("<old/>"), false}, entry{"img.png", []byte("\x89PNG...."), true})
	a, err := OpenArchive(orig, DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	out, err := a.Rewrite(map[string][]byte{"change.xml": []byte("<new/>")})
	if err != nil {
		t.Fatal(err)
	}
	b, err := OpenArchive(out, DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := b.Read("change.xml"); string(got) != "<new/>" {
		t.Fatalf("change.xml = %q", got)
	}
	for _, name := range []string{"keep.xml", "img.png"} {
		before, after := a.File(name), b.File(name)
		if before.CRC32 != after.CRC32 || before.CompressedSize64 != after.CompressedSize64 || before.Method != after.Method {
			t.Fatalf("%s changed: before %+v after %+v", name, before.FileHeader, after.FileHeader)
		}
		rb, _ := before.OpenRaw()
		ra, _ := after.OpenRaw()
		var x, y bytes.Buffer
		x.ReadFrom(rb)
		y.ReadFrom(ra)
		if !bytes.Equal(x.Bytes(), y.Bytes()) {
			t.Fatalf("%s raw bytes differ", name)
		}
	}
	if len(b.Zip.File) != 3 || b.Zip.File[1].Name != "change.xml" {
		t.Fatalf("entry order changed: %v", b.Zip.File)
	}
}

func FuzzOpenArchive(f *testing.F) {
	f.Add(makeZip(f, entry{"word/document.xml", []byte("<w:document/>"), false}))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := OpenArchive(data, DefaultArchiveLimits)
		if err != nil {
			if !IsInputError(err) {
				t.Fatalf("non-input error %v", err)
			}
			return
		}
		for _, f := range a.Zip.File {
			if _, err := a.ReadFile(f); err != nil && !IsInputError(err) {
				t.Fatalf("ReadFile %s: non-input error %v", f.Name, err)
			}
		}
	})
}

// TestRewriteReplacedEntriesRoundTrip: replaced entries are deflated by
// pooled fast writers; repeated rewrites (a reused writer) of different
// sizes must each read back exactly and stay deflated.
func TestRewriteReplacedEntriesRoundTrip(t *testing.T) {
	orig := makeZip(t, entry{"keep.xml", []byte("<keep/>"), false}, entry{"doc.xml", []byte("<old/>"), true})
	a, err := OpenArchive(orig, DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		content []byte
	}{
		{"empty", nil},
		{"small", []byte("<new/>")},
		{"large repetitive", bytes.Repeat([]byte("<w:p><w:r><w:t>answer</w:t></w:r></w:p>"), 5000)},
		{"small after large", []byte("<again/>")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := a.Rewrite(map[string][]byte{"doc.xml": tt.content})
			if err != nil {
				t.Fatal(err)
			}
			b, err := OpenArchive(out, DefaultArchiveLimits)
			if err != nil {
				t.Fatal(err)
			}
			got, err := b.Read("doc.xml")
			if err != nil || !bytes.Equal(got, tt.content) {
				t.Fatalf("doc.xml = %d bytes (err %v), want %d", len(got), err, len(tt.content))
			}
			f := b.File("doc.xml")
			if f.Method != zip.Deflate {
				t.Fatalf("method = %d, want deflate", f.Method)
			}
			if len(tt.content) > 10000 && f.CompressedSize64*10 > uint64(len(tt.content)) {
				t.Fatalf("compressed %d of %d bytes: not really deflated", f.CompressedSize64, len(tt.content))
			}
		})
	}
}

// TestRewriteStoreReplacedStoresOnlyWhatItReplaces: with StoreReplaced, a
// replaced entry and an added one come back exactly, stored; an entry not
// replaced keeps its compressed bytes.
func TestRewriteStoreReplacedStoresOnlyWhatItReplaces(t *testing.T) {
	keep := bytes.Repeat([]byte("<keep/>"), 2000)
	a, err := OpenArchive(makeZip(t, entry{"keep.xml", keep, false}, entry{"doc.xml", []byte("<old/>"), false}), DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	large := bytes.Repeat([]byte("<w:p><w:r><w:t>answer</w:t></w:r></w:p>"), 5000)
	out, err := a.Rewrite(map[string][]byte{"doc.xml": large, "new.xml": []byte("<added/>")}, StoreReplaced())
	if err != nil {
		t.Fatal(err)
	}
	b, err := OpenArchive(out, DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		want   []byte
		method uint16
	}{
		{"doc.xml", large, zip.Store},
		{"new.xml", []byte("<added/>"), zip.Store},
		{"keep.xml", keep, zip.Deflate},
	} {
		got, err := b.Read(tt.name)
		if err != nil || !bytes.Equal(got, tt.want) {
			t.Fatalf("%s = %d bytes (err %v), want %d", tt.name, len(got), err, len(tt.want))
		}
		if m := b.File(tt.name).Method; m != tt.method {
			t.Errorf("%s: method %d, want %d", tt.name, m, tt.method)
		}
	}
	if kept, orig := b.File("keep.xml"), a.File("keep.xml"); kept.CompressedSize64 != orig.CompressedSize64 || kept.CRC32 != orig.CRC32 {
		t.Errorf("keep.xml was not copied raw: %d bytes, crc %x; want %d, %x", kept.CompressedSize64, kept.CRC32, orig.CompressedSize64, orig.CRC32)
	}
}

func TestArchiveWithStopperStopsOnlyTheCopy(t *testing.T) {
	a, err := OpenArchive(makeZip(t, entry{"a.xml", []byte("<a/>"), false}), DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := a.WithStopper(NewStopper(ctx, 1))
	if _, err := stopped.Read("a.xml"); !errors.Is(err, ErrStopped) {
		t.Fatalf("the copy bound to an ended context read: err = %v, want a stop", err)
	}
	if got, err := a.Read("a.xml"); err != nil || string(got) != "<a/>" {
		t.Fatalf("the original read %q, %v: want it unbound, as it was", got, err)
	}
}

// TestRewriteIsDeterministicWithReusedWriters: a pooled deflater reset
// after other content must compress as a fresh one does, so the same
// rewrite gives the same bytes however the pool was used before.
func TestRewriteIsDeterministicWithReusedWriters(t *testing.T) {
	a, err := OpenArchive(makeZip(t, entry{"keep.xml", []byte("<keep/>"), true}, entry{"doc.xml", []byte("<old/>"), true}), DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	doc := bytes.Repeat([]byte("<w:p><w:r><w:t>answer one</w:t></w:r></w:p>"), 3000)
	first, err := a.Rewrite(map[string][]byte{"doc.xml": doc})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		before []byte // rewritten just before, leaving its history in the pooled writer
	}{
		{"after the same content", doc},
		{"after other content", bytes.Repeat([]byte("<w:tbl><w:tr><w:tc>other</w:tc></w:tr></w:tbl>"), 4000)},
		{"after an empty entry", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := a.Rewrite(map[string][]byte{"doc.xml": tt.before}); err != nil {
				t.Fatal(err)
			}
			again, err := a.Rewrite(map[string][]byte{"doc.xml": doc})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, first) {
				t.Fatalf("the rewrite gave %d bytes, differing from the first rewrite's %d", len(again), len(first))
			}
		})
	}
}
