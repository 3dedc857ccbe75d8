package pdf

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// stream writes a stream object of dict entries and data.
func stream(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// onePage is a one-page PDF: page entries extra (resources, annotations,
// rotation), content, then objects 5 on.
func onePage(extra, content string, more ...string) []byte {
	return pdfOf(append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R " + extra + " >>",
		stream("", content),
	}, more...)...)
}

const helv = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// identityToUnicode maps the two-byte codes 1… to the letters of text.
func identityToUnicode(text string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n1 begincodespacerange <0000> <FFFF> endcodespacerange\n%d beginbfchar\n", len([]rune(text)))
	for i, r := range []rune(text) {
		fmt.Fprintf(&b, "<%04X> <%04X>\n", i+1, r)
	}
	b.WriteString("endbfchar\nendcmap CMapName currentdict /CMap defineresource pop end end")
	return b.String()
}

// codes is the hex string of the two-byte codes 1…n.
func codes(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%04X", i)
	}
	return "<" + b.String() + ">"
}

func TestTextLayerReadsEveryFontKind(t *testing.T) {
	tests := []struct {
		scenario string
		doc      []byte
		want     []string // lines (or parts of lines) ExtractText must give
		absent   []string
	}{
		{"CID TrueType, Identity-H, ToUnicode (German and French government forms)",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 72 700 Td "+codes(14)+" Tj ET",
				"<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Arial /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Arial /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 556 /W [6 [278]] >>",
				stream("", identityToUnicode("Name, Vorname"))),
			[]string{"Name, Vorname"}, nil},
		{"simple font, base encoding plus /Differences, no ToUnicode",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 72 700 Td (Stra\\201e Gr\\202\\203e) Tj ET",
				"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [129 /germandbls /odieresis /uni00DF] >> >>"),
			[]string{"Straße Größe"}, nil},
		{"Type3 font with its own widths",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 12 Tf 72 700 Td (abc) Tj ET",
				"<< /Type /Font /Subtype /Type3 /FontMatrix [0.01 0 0 0.01 0 0] /FontBBox [0 0 100 100] /CharProcs << >> /Encoding << /Type /Encoding /Differences [97 /one /two /three] >> /FirstChar 97 /LastChar 99 /Widths [60 60 60] >>"),
			[]string{"123"}, nil},
		{"predefined Unicode CMap (UniGB-UCS2-H)",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 72 700 Td <4E2D658765875B57> Tj ET",
				"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>",
				"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> >>"),
			[]string{"中文文字"}, nil},
		{"item numbers and words set apart by kerning or Tc, not by spaces",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 40 700 Td (2b)Tj 20 0 Td (Taxable)Tj 0 -20 Td [(10)-20(a.)-600(Wages)]TJ 0 -20 Td 3 Tc (ab)Tj ET", helv),
			[]string{"2b Taxable", "10a. Wages", "a b"}, nil},
		{"a space shrunk to nothing by Tw joins, as the reader sees",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf -2.78 Tw 40 700 Td (exerc is es)Tj ET", helv),
			[]string{"exercises"}, nil},
		{"text inside a form XObject",
			onePage("/Resources << /XObject << /X1 5 0 R >> >>", "q 1 0 0 1 100 100 cm /X1 Do Q",
				stream("/Type /XObject /Subtype /Form /BBox [0 0 200 50] /Resources << /Font << /F1 6 0 R >> >>", "BT /F1 10 Tf 0 10 Td (Inside the form) Tj ET"),
				helv),
			[]string{"Inside the form"}, nil},
		{"a free-text annotation is page content, a widget's value is not",
			onePage("/Annots [5 0 R 7 0 R]", "",
				"<< /Type /Annot /Subtype /FreeText /Rect [200 200 300 220] /AP << /N 6 0 R >> >>",
				stream("/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F1 9 0 R >> >>", "BT /F1 10 Tf 2 5 Td (Stamped note) Tj ET"),
				"<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Typed value) /Rect [200 300 300 320] /AP << /N 8 0 R >> >>",
				stream("/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F1 9 0 R >> >>", "BT /F1 10 Tf 2 5 Td (Typed value) Tj ET"),
				helv),
			[]string{"Stamped note"}, []string{"Typed value"}},
		{"a page turned by /Rotate 90 reads upright, top line first",
			onePage("/Rotate 90 /Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 0 1 -1 0 280 100 Tm (First line) Tj 0 1 -1 0 300 100 Tm (Second line) Tj ET", helv),
			[]string{"First line\nSecond line"}, nil},
		{"MacRomanEncoding: quoteright and endash, not WinAnsi's Õ and Ð",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 72 700 Td (Defendant\\325s fees \\320 no.) Tj ET",
				"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /MacRomanEncoding >>"),
			[]string{"Defendant’s fees – no."}, []string{"Õ", "Ð"}},
		{"letters drawn after their line (descenders last) read in place",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 1 0 0 1 40 700 Tm (Lebens) Tj 1 0 0 1 78.36 700 Tm (artner) Tj 1 0 0 1 72.8 700 Tm (p) Tj ET", helv),
			[]string{"Lebenspartner"}, []string{"Lebens artner"}},
		{"a word drawn twice over itself (simulated bold) reads once",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 1 0 0 1 40 700 Tm (Bold) Tj 1 0 0 1 40.3 700 Tm (Bold) Tj ET", helv),
			[]string{"Bold"}, []string{"Bold Bold", "BBoo"}},
		{"vertical writing (Identity-V) runs down the page",
			onePage("/Resources << /Font << /F1 5 0 R >> >>", "BT /F1 10 Tf 300 700 Td "+codes(3)+" Tj ET",
				"<< /Type /Font /Subtype /Type0 /BaseFont /V /Encoding /Identity-V /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /V /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>",
				stream("", identityToUnicode("縦書き"))),
			[]string{"縦書き"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			got, err := New().ExtractText(tt.doc)
			if err != nil {
				t.Fatalf("ExtractText: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("text %q lacks %q", got, w)
				}
			}
			for _, w := range tt.absent {
				if strings.Contains(got, w) {
					t.Errorf("text %q has %q, which is not page content", got, w)
				}
			}
		})
	}
}

// The runs the label finder reads are in page user space, where the
// fields' rectangles are: a form XObject's text is placed by its matrix
// and the page's cm, an annotation's by its rectangle.
func TestPageRunsArePlacedInUserSpace(t *testing.T) {
	doc := onePage("/Resources << /XObject << /X1 5 0 R >> /Font << /F1 6 0 R >> >> /Annots [7 0 R]",
		"q 2 0 0 2 100 100 cm /X1 Do Q BT /F1 10 Tf 40 700 Td (Top) Tj ET",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 200 50] /Matrix [1 0 0 1 5 0] /Resources << /Font << /F1 6 0 R >> >>", "BT /F1 10 Tf 0 10 Td (Inside) Tj ET"),
		helv,
		"<< /Type /Annot /Subtype /FreeText /Rect [200 200 400 240] /AP << /N 8 0 R >> >>",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 100 20] /Resources << /Font << /F1 6 0 R >> >>", "BT /F1 10 Tf 2 5 Td (Note) Tj ET"))
	d := mustOpen(t, doc)
	runs := pageRunsOf(d.ctx, 1, nil)
	want := map[string][3]float64{ // x, y, size
		"Inside": {110, 120, 20}, // (5+0, 10) scaled by 2, moved by 100
		"Top":    {40, 700, 10},
		"Note":   {204, 210, 20}, // BBox 100×20 stretched onto 200×40
	}
	for _, r := range runs {
		w, ok := want[r.text]
		if !ok {
			t.Errorf("unexpected run %+v", r)
			continue
		}
		delete(want, r.text)
		if math.Abs(r.x-w[0]) > 0.01 || math.Abs(r.y-w[1]) > 0.01 || math.Abs(r.size-w[2]) > 0.01 || r.dir != 0 {
			t.Errorf("run %q at (%.2f, %.2f) size %.2f dir %d, want (%.0f, %.0f) size %.0f dir 0", r.text, r.x, r.y, r.size, r.dir, w[0], w[1], w[2])
		}
		if r.end <= r.x {
			t.Errorf("run %q ends at %.2f, before its start %.2f", r.text, r.end, r.x)
		}
	}
	for text := range want {
		t.Errorf("no run %q in %+v", text, runs)
	}
}

// A form XObject that draws itself is read once, not forever.
func TestTextLayerSurvivesRecursiveForms(t *testing.T) {
	doc := onePage("/Resources << /XObject << /X1 5 0 R >> >>", "/X1 Do",
		stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X1 5 0 R >> /Font << /F1 6 0 R >> >>", "BT /F1 10 Tf (loop) Tj ET /X1 Do"),
		helv)
	got, err := New().ExtractText(doc)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(got, "loop") != 1 {
		t.Fatalf("text %q: want the form's text once", got)
	}
}

func TestSubtypeWidgetReadsTheRawObject(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{"<</Type/Annot/Subtype/Widget/FT/Tx>>", true},
		{"<< /Subtype\n /Widget >>", true},
		{"<< /Subtype /FreeText /Contents (a /Subtype /Widgets) >>", false},
		{"<< /Subtype /WidgetX >>", false},
		{"<< /Type /Annot >>", false},
	}
	for _, tt := range tests {
		if got := subtypeWidget([]byte(tt.raw)); got != tt.want {
			t.Errorf("subtypeWidget(%q) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}
