package pdf

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// minPopplerCoverage is the share of pdftotext's words ExtractText must
// find on every PDF (issue 32).
const minPopplerCoverage = 0.97

// textLayerPDFs lists every PDF the tests and the real-documents set hold:
// the repository's testdata, this package's, the shared forms and the
// fetched real forms.
func textLayerPDFs(t *testing.T) []string {
	var out []string
	for _, pat := range []string{
		"../../testdata/pdf/*.pdf", "testdata/*.pdf", "testdata/*/*.pdf",
		filepath.Join(sharedForms, "*.pdf"), filepath.Join(realdocs.Dir(), "forms", "*.pdf"),
	} {
		m, _ := filepath.Glob(pat)
		out = append(out, m...)
	}
	if len(out) == 0 {
		t.Skip("no PDFs found")
	}
	return out
}

// wordBag counts the words of s: runs of letters and digits, folded
// (NFKC, lower case), so "10a." and "10a" are one word and a ligature is
// its letters.
func wordBag(s string) map[string]int {
	out := map[string]int{}
	s = strings.ToLower(norm.NFKC.String(s))
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) }) {
		out[w]++
	}
	return out
}

// TestTextLayerCoversPdftotext checks, on every PDF we have, that the
// words ExtractText reads cover at least 97% of the words poppler's
// pdftotext reads, counted with repeats. Words of the fields' values and
// options are taken off poppler's side: it draws the fields' appearances,
// which extract_text leaves out (they are answers, not the page).
func TestTextLayerCoversPdftotext(t *testing.T) {
	for _, path := range textLayerPDFs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			theirs := wordBag(readers.PDFText(t, doc))
			if d, err := open(doc); err == nil {
				for _, f := range d.fields {
					for w, n := range wordBag(strings.Join(append([]string{f.Value}, f.Options...), " ")) {
						theirs[w] = max(0, theirs[w]-n)
					}
				}
			}
			total := 0
			for _, n := range theirs {
				total += n
			}
			if total == 0 {
				t.Skip("pdftotext reads no words")
			}
			ours, err := New().ExtractText(doc)
			if err != nil {
				t.Fatalf("ExtractText: %v", err)
			}
			mine := wordBag(ours)
			found := 0
			var miss []string
			for w, n := range theirs {
				found += min(n, mine[w])
				if n > mine[w] {
					miss = append(miss, w)
				}
			}
			sort.Strings(miss)
			cov := float64(found) / float64(total)
			t.Logf("coverage %.3f: %d of pdftotext's %d words", cov, found, total)
			if cov < minPopplerCoverage {
				if len(miss) > 60 {
					miss = miss[:60]
				}
				t.Errorf("ExtractText finds %.1f%% of pdftotext's words, want ≥ %.0f%%; short of: %q", cov*100, minPopplerCoverage*100, miss)
			}
		})
	}
}
