package formats

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestOpenArchiveRefusesOddNames: entry names readers disagree on, or that
// climb out of the package, are refused naming the entry; none reaches a
// rewrite's output.
func TestOpenArchiveRefusesOddNames(t *testing.T) {
	body := []byte("<w:document/>")
	tests := []struct {
		name  string
		names []string
		want  string // in the error; "" = accepted
	}{
		{"ordinary package", []string{"[Content_Types].xml", "word/document.xml", "word/media/image1.png"}, ""},
		{"a name with two dots inside a segment", []string{"word/document.xml", "word/a..b.xml"}, ""},
		{"duplicate document.xml", []string{"word/document.xml", "word/styles.xml", "word/document.xml"}, `two entries named "word/document.xml"`},
		{"duplicate differing in case", []string{"word/document.xml", "Word/Document.xml"}, `two entries named "word/document.xml" and "Word/Document.xml"`},
		{"duplicate through a backslash", []string{"xl/sharedStrings.xml", `xl\sharedStrings.xml`}, "two entries named"},
		{"dotdot", []string{"word/document.xml", "../../x"}, "climbs out"},
		{"dotdot inside", []string{"word/document.xml", "word/../../x"}, "climbs out"},
		{"backslash dotdot", []string{"word/document.xml", `..\x`}, "climbs out"},
		{"absolute", []string{"word/document.xml", "/tmp/x"}, "absolute"},
		{"drive letter", []string{"word/document.xml", `C:\x`}, "absolute"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var es []entry
			for _, n := range tc.names {
				es = append(es, entry{name: n, data: body})
			}
			a, err := OpenArchive(makeZip(t, es...), DefaultArchiveLimits)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				out, err := a.Rewrite(map[string][]byte{"word/document.xml": body})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := OpenArchive(out, DefaultArchiveLimits); err != nil {
					t.Fatalf("the rewrite does not reopen: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidDocument) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want invalid document saying %q", err, tc.want)
			}
		})
	}
}

// TestOpenArchiveWholeRatio: entries each under the per-entry ratio
// exemption (1 MiB) still add up to a bomb; the ratio of the archive as a
// whole refuses them, while as many entries of ordinary text pass.
func TestOpenArchiveWholeRatio(t *testing.T) {
	zeros := make([]byte, DefaultArchiveLimits.RatioMinBytes-1)
	rng := rand.New(rand.NewPCG(1, 2))
	words := []string{"vendor", "control", "encryption", "policy", "audit", "access", "review", "yes", "no"}
	var text bytes.Buffer
	for text.Len() < len(zeros) {
		fmt.Fprintf(&text, "<c r=\"A%d\"><v>%s</v></c>", rng.IntN(100000), words[rng.IntN(len(words))])
	}
	build := func(part []byte) []byte {
		var es []entry
		for i := range 40 {
			es = append(es, entry{name: fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1), data: part})
		}
		return makeZip(t, es...)
	}
	bomb := build(zeros)
	if _, err := OpenArchive(bomb, DefaultArchiveLimits); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "as a whole") {
		t.Fatalf("40 entries of 1 MiB of zeros (%d bytes zipped): err = %v, want too large: compresses as a whole", len(bomb), err)
	}
	if _, err := OpenArchive(build(text.Bytes()[:len(zeros)]), DefaultArchiveLimits); err != nil {
		t.Fatalf("40 entries of 1 MiB of sheet XML: %v", err)
	}
}

// TestJobArchiveLimits: a worker's inflate budget is shared among its
// slots, never raising the default limits.
func TestJobArchiveLimits(t *testing.T) {
	tests := []struct {
		budget      int64
		concurrency int
		total       int64
	}{
		{2 << 30, 4, 512 << 20},
		{2 << 30, 1, 512 << 20},
		{2 << 30, 16, 128 << 20},
		{64 << 20, 4, 16 << 20},
		{0, 4, 512 << 20},
	}
	for _, tc := range tests {
		l := JobArchiveLimits(tc.budget, tc.concurrency)
		if l.MaxTotalSize != tc.total || l.MaxEntrySize > l.MaxTotalSize || l.MaxRatio != DefaultArchiveLimits.MaxRatio {
			t.Errorf("JobArchiveLimits(%d, %d) = %+v, want a total of %d", tc.budget, tc.concurrency, l, tc.total)
		}
	}
	s := NewStopper(WithArchiveLimits(context.Background(), JobArchiveLimits(64<<20, 4)), 1)
	doc := makeZip(t, entry{name: "a.xml", data: bytes.Repeat([]byte("<a>text</a>"), 2<<20), raw: true})
	if _, err := OpenArchive(doc, s.ArchiveLimits()); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("a 22 MB part under a 16 MB share: %v", err)
	}
	if _, err := OpenArchive(doc, (*Stopper)(nil).ArchiveLimits()); err != nil {
		t.Fatalf("the same part under the default limits: %v", err)
	}
}
