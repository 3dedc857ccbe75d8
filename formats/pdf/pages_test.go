package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// pdfOf assembles a PDF from object bodies (object i+1 is objs[i]) with a
// correct xref table and a trailer whose /Root is 1 0 R.
func pdfOf(objs ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

const page = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>`

// deepTree nests n intermediate nodes between the root and one page.
func deepTree(n int) []byte {
	objs := []string{`<< /Type /Catalog /Pages 2 0 R >>`}
	for i := 0; i < n; i++ {
		objs = append(objs, fmt.Sprintf(`<< /Type /Pages /Count 1 /Kids [%d 0 R] >>`, i+3))
	}
	objs = append(objs, `<< /Type /Page /MediaBox [0 0 612 792] >>`)
	return pdfOf(objs...)
}

// A page tree that lists a node twice, loops, nests without end or whose
// /Count disagrees with its pages is refused by every call as an invalid
// document naming the page tree; sound trees, direct kids and untyped
// nodes included, are read.
func TestPageTreeIsCheckedInOneWalk(t *testing.T) {
	tests := []struct {
		scenario string
		doc      []byte
		want     string // "" for a tree that must be read
	}{
		{"a kid listed twice", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 2 /Kids [3 0 R 3 0 R] >>`, page), "listed twice"},
		{"a node that is its own kid", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 1 /Kids [2 0 R 3 0 R] >>`, page), "listed twice"},
		{"a cycle through two nodes", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 1 /Kids [3 0 R] >>`, `<< /Type /Pages /Count 1 /Kids [2 0 R] >>`), "listed twice"},
		{"a /Count above the pages", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 1000000000 /Kids [3 0 R] >>`, page), "page tree"},
		{"an inner /Count below the pages", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 2 /Kids [3 0 R] >>`, `<< /Type /Pages /Parent 2 0 R /Count 1 /Kids [4 0 R 5 0 R] >>`, page, page), "claims /Count 1 but holds 2"},
		{"nested deeper than the bound", deepTree(maxPageTreeDepth + 2), "deeper than"},
		{"a sound tree of two levels", pdfOf(`<< /Type /Catalog /Pages 2 0 R >>`, `<< /Type /Pages /Count 2 /Kids [3 0 R] >>`, `<< /Type /Pages /Parent 2 0 R /Count 2 /Kids [4 0 R 5 0 R] >>`, page, page), ""},
		{"nested to the bound", deepTree(maxPageTreeDepth - 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			for call, err := range everyCall(tt.doc) {
				if tt.want == "" {
					if errors.Is(err, formats.ErrInvalidDocument) && strings.Contains(err.Error(), "page tree") {
						t.Errorf("%s: %v", call, err)
					}
					continue
				}
				if !errors.Is(err, formats.ErrInvalidDocument) || !strings.Contains(err.Error(), "page tree") || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%s: err = %v, want ErrInvalidDocument naming the page tree and %q", call, err, tt.want)
				}
			}
		})
	}
}
