package pdf

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
	"golang.org/x/text/unicode/norm"

	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// minPopplerCoverage is the share of pdftotext's words ExtractText must
// find on every PDF (issue 32).
const minPopplerCoverage = 0.97

// textLayerPDFs lists every PDF the tests and the real-documents set hold:
// the repository's testdata, this package's, the shared forms and the
// fetched real documents (forms/, and the labelled forms among questionnaires/), and those of the folder FORMFILL_TEXT_PDFS names.
func textLayerPDFs(t *testing.T) []string {
	pats := []string{
		"../../testdata/pdf/*.pdf", "testdata/*.pdf", "testdata/*/*.pdf",
		filepath.Join(sharedForms, "*.pdf"), filepath.Join(realdocs.Dir(), "*", "*.pdf"),
	}
	if d := os.Getenv("FORMFILL_TEXT_PDFS"); d != "" {
		pats = append(pats, filepath.Join(d, "*.pdf"))
	}
	var out []string
	for _, pat := range pats {
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
// pdftotext reads, counted with repeats. Poppler reads a copy without the
// widget annotations: it would draw the fields' appearances, which
// extract_text leaves out (they are answers, not the page).
func TestTextLayerCoversPdftotext(t *testing.T) {
	for _, path := range textLayerPDFs(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			doc, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			theirs := wordBag(readers.PDFText(t, withoutWidgets(t, doc)))
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

// withoutWidgets returns doc with its widget annotations taken off the
// pages, so poppler reads the page's own text and not the fields'
// appearances (values, option lists, button captions), which extract_text
// leaves to the fields. It returns doc itself when it cannot rewrite it.
func withoutWidgets(t *testing.T, doc []byte) []byte {
	ctx, err := readContext(doc, nil)
	if err != nil {
		return doc
	}
	if err := loadLazyObjects(ctx, nil); err != nil {
		return doc
	}
	pages, err := pageList(ctx, nil)
	if err != nil {
		return doc
	}
	for _, p := range pages {
		var keep types.Array
		for _, a := range arrayOf(ctx, entry(ctx, p.dict, "Annots")) {
			if textOf(ctx, entry(ctx, dictOf(ctx, a), "Subtype")) != "Widget" {
				keep = append(keep, a)
			}
		}
		p.dict["Annots"] = keep
	}
	delete(ctx.RootDict, "AcroForm")
	var buf bytes.Buffer
	if err := api.WriteContext(ctx, &buf); err != nil {
		t.Logf("could not strip the widgets (%v): comparing with the fields' appearances", err)
		return doc
	}
	return buf.Bytes()
}
