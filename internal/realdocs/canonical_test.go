package realdocs

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// entry is one part of a test archive.
type entry struct {
	name, body string
	method     uint16
}

// zipOf builds an archive of entries, deflating at level.
func zipOf(t *testing.T, level int, entries ...entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, level) })
	mod := time.Date(2025, 1, 2, 3, 4, 6, 0, time.UTC)
	for _, e := range entries {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method, Modified: mod})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, e.body); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func canonical(t *testing.T, data []byte) string {
	t.Helper()
	c, err := CanonicalZip(data)
	if err != nil {
		t.Fatal(err)
	}
	return string(c)
}

func TestCanonicalZipIgnoresCompressionAndShowsContent(t *testing.T) {
	body := strings.Repeat("<w:p><w:r><w:t>Answer</w:t></w:r></w:p>", 200)
	doc := entry{"word/document.xml", body, zip.Deflate}
	types := entry{"[Content_Types].xml", "<Types/>", zip.Deflate}
	base := zipOf(t, flate.BestSpeed, types, doc)
	tests := []struct {
		name  string
		other []byte
		equal bool
	}{
		{"another deflate level", zipOf(t, flate.BestCompression, types, doc), true},
		{"huffman only", zipOf(t, flate.HuffmanOnly, types, doc), true},
		{"a part's content changed", zipOf(t, flate.BestSpeed, types, entry{doc.name, body + " ", zip.Deflate}), false},
		{"entries reordered", zipOf(t, flate.BestSpeed, doc, types), false},
		{"stored instead of deflated", zipOf(t, flate.BestSpeed, types, entry{doc.name, body, zip.Store}), false},
		{"an entry renamed", zipOf(t, flate.BestSpeed, types, entry{"word/document2.xml", body, zip.Deflate}), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if bytes.Equal(base, tt.other) {
				t.Fatal("the test archives are byte-identical: the case tests nothing")
			}
			if got := canonical(t, base) == canonical(t, tt.other); got != tt.equal {
				t.Fatalf("canonical forms equal = %v, want %v", got, tt.equal)
			}
		})
	}
}

func TestCanonicalZipListsHeadersThenContents(t *testing.T) {
	got := canonical(t, zipOf(t, flate.BestSpeed, entry{"a.xml", "<a/>", zip.Deflate}, entry{"b.xml", "", zip.Store}))
	for _, want := range []string{
		"zip: 2 entries, comment \"\"\n",
		"1 \"a.xml\" method=8 modified=2025-01-02T03:04:06Z ",
		"crc32=", "size=4\n",
		"2 \"b.xml\" method=0 ",
		"== 1 a.xml (4 bytes)\n<a/>\n== 2 b.xml (0 bytes)\n\n",
	} {
		if !strings.Contains(got, want) {
			t.Fatalf("canonical form lacks %q:\n%s", want, got)
		}
	}
}

func TestCanonicalZipRefusesCorruptContent(t *testing.T) {
	data := zipOf(t, flate.NoCompression, entry{"a.xml", "<original/>", zip.Deflate})
	corrupt := bytes.Replace(data, []byte("<original/>"), []byte("<tampered/>"), 1)
	if _, err := CanonicalZip(corrupt); err == nil || !strings.Contains(err.Error(), "a.xml") {
		t.Fatalf("err = %v, want a checksum error naming a.xml", err)
	}
}

func TestSaverSavesPackagesCanonically(t *testing.T) {
	dir := t.TempDir()
	s := Saver{base: filepath.Join(dir, "doc")}
	pkg := zipOf(t, flate.BestSpeed, entry{"a.xml", "<a/>", zip.Deflate})
	tests := []struct {
		name, suffix, file string
		data               []byte
		want               string
	}{
		{"docx", "write.docx", "doc.write.docx.entries", pkg, canonical(t, pkg)},
		{"xlsx", "write.xlsx", "doc.write.xlsx.entries", pkg, canonical(t, pkg)},
		{"not a zip is kept as it is", "bad.docx", "doc.bad.docx", []byte("not a zip"), "not a zip"},
		{"other outputs as they are", "text.txt", "doc.text.txt", pkg, string(pkg)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Save(tt.suffix, tt.data, nil); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("%s = %q, want %q", tt.file, got, tt.want)
			}
		})
	}
}
