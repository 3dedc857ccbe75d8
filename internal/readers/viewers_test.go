package readers_test

import (
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
)

// labelBox holds the fixture form's printed label "Full name:" (drawn at
// 50, 705 in 12 pt Helvetica), in PDF points.
var labelBox = [4]float64{45, 700, 120, 720}

// Each of the three viewers renders the fixture form's first page at the
// page's size, with the label's ink where the page draws it and none in
// an empty corner.
func TestViewersRenderThePage(t *testing.T) {
	doc := fixtures.PDFForm()
	blank := readers.PDFRender(t, fixtures.PDFBlank(), 1, 72)
	for _, v := range readers.Viewers() {
		t.Run(v.Name, func(t *testing.T) {
			g := v.Render(t, doc, 1, 72)
			if g.W != 612 || g.H != 792 {
				t.Fatalf("rendered %d×%d at 72 dpi, want the page's 612×792", g.W, g.H)
			}
			if n := g.Changed(blank, labelBox); n < 30 {
				t.Errorf("%d dark pixels where the label is printed, want its glyphs", n)
			}
			if n := g.Changed(blank, [4]float64{500, 20, 600, 100}); n != 0 {
				t.Errorf("%d pixels drawn in an empty corner", n)
			}
		})
	}
}

// Both text extractions find the label's words inside the label's box.
func TestViewerWordsHaveTheirBoxes(t *testing.T) {
	for name, words := range map[string]func(testing.TB, []byte) []readers.Word{"poppler": readers.PDFWords, "MuPDF": readers.MuPDFWords} {
		t.Run(name, func(t *testing.T) {
			found := false
			for _, w := range words(t, fixtures.PDFForm()) {
				if w.Page == 1 && w.Text == "Full" {
					found = true
					if !w.Inside(labelBox) {
						t.Errorf("\"Full\" at %v, outside %v", w.Box, labelBox)
					}
				}
			}
			if !found {
				t.Error("no word \"Full\" on page 1")
			}
		})
	}
}
