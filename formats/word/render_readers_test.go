package word

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// checkRenderings reopens each edited document in python-docx and
// LibreOffice, checks the text LibreOffice lays out (its PDF) and the list
// labels it computes (its text export), and renders the page showing
// each expected text to PNG: into $FORMFILL_RENDER_DIR when set, for a
// person to look at the formatting.
func checkRenderings(t *testing.T, edits []realEdit, docs [][]byte) {
	pdfs := readers.LibreOfficePDFs(t, docs, "docx")
	texts := readers.LibreOfficeTexts(t, docs, "docx")
	for i, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			if strings.TrimSpace(readers.DocxText(t, docs[i])) == "" {
				t.Error("python-docx reads no text")
			}
			pdfText := collapse(readers.PDFText(t, pdfs[i]))
			for _, s := range e.show {
				if !strings.Contains(pdfText, collapse(s)) {
					t.Errorf("the rendering does not show %q", s)
				}
			}
			for _, s := range e.gone {
				if strings.Contains(pdfText, collapse(s)) {
					t.Errorf("the rendering still shows %q", s)
				}
			}
			lines := strings.Split(texts[i], "\n")
			for _, l := range e.labels {
				if !hasLine(lines, l) {
					t.Errorf("LibreOffice's text export has no line starting %q", l)
				}
			}
			for j, s := range e.show {
				page := readers.PDFPageOf(t, pdfs[i], s)
				if page == 0 {
					continue // reported above
				}
				png := readers.PDFPagePNG(t, pdfs[i], page, 70)
				if dir := os.Getenv("FORMFILL_RENDER_DIR"); dir != "" {
					name := fmt.Sprintf("%s-%d-p%d.png", slug(e.name), j+1, page)
					if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
}

// collapse joins a text's words with single spaces.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// hasLine reports whether a line, its white space collapsed, starts with
// prefix.
func hasLine(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(collapse(l), collapse(prefix)) {
			return true
		}
	}
	return false
}

// slug is a file-name form of a scenario name.
func slug(s string) string {
	s = strings.ToLower(s)
	if i := strings.IndexAny(s, "(:"); i > 0 {
		s = s[:i]
	}
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') }), "-")
}
