package sfnt

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/font/cff"
	ot "github.com/go-text/typesetting/font/opentype"
	"github.com/go-text/typesetting/font/opentype/tables"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/internal/fonttest"
	"github.com/formfill/formfill/internal/realdocs"
)

func testFont(t *testing.T, name string, index int) *Font {
	t.Helper()
	fonts, err := Parse(fonttest.Read(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if index >= len(fonts) {
		t.Fatalf("%s has %d fonts, want index %d", name, len(fonts), index)
	}
	return fonts[index]
}

func TestParseReadsMetricsAndNames(t *testing.T) {
	tests := []struct {
		file      string
		index     int
		wantName  string
		wantCFF   bool
		wantBold  bool
		covers    rune
		lacks     rune
		wantFonts int
	}{
		{"NotoSans-Regular.ttf", 0, "NotoSans-Regular", false, false, 'ř', '山', 1},
		{"NotoSans-Bold.ttf", 0, "NotoSans-Bold", false, true, 'Ж', 'ש', 1},
		{"NotoSansHebrew-Regular.ttf", 0, "NotoSansHebrew-Regular", false, false, 'ש', '山', 1},
		{"NotoSansCJK-Regular.ttc", 0, "NotoSansCJKjp-Regular", true, false, '山', 'ש', 10},
		{"NotoSansCJK-Regular.ttc", 1, "NotoSansCJKkr-Regular", true, false, '김', 'ש', 10},
	}
	for _, tt := range tests {
		t.Run(tt.wantName, func(t *testing.T) {
			data := fonttest.Read(t, tt.file)
			fonts, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			if len(fonts) != tt.wantFonts {
				t.Fatalf("%d fonts, want %d", len(fonts), tt.wantFonts)
			}
			f := fonts[tt.index]
			if f.PostScriptName != tt.wantName || f.CFF() != tt.wantCFF || f.Bold != tt.wantBold || f.Index != tt.index {
				t.Errorf("got name %q cff %v bold %v index %d", f.PostScriptName, f.CFF(), f.Bold, f.Index)
			}
			if !f.Covers(tt.covers) || f.Covers(tt.lacks) {
				t.Errorf("coverage: %q %v, %q %v", tt.covers, f.Covers(tt.covers), tt.lacks, f.Covers(tt.lacks))
			}
			if f.UnitsPerEm < 1000 || f.Ascent <= 0 || f.Descent >= 0 || f.CapHeight <= 0 || f.CapHeight > f.Ascent {
				t.Errorf("metrics: upem %d ascent %d descent %d cap %d", f.UnitsPerEm, f.Ascent, f.Descent, f.CapHeight)
			}
			gid, _ := f.NominalGlyph(tt.covers)
			face := font.NewFace(f.Font)
			if got, want := float32(f.Advance(uint16(gid))), face.HorizontalAdvance(gid); got != want {
				t.Errorf("advance of %q = %v, go-text says %v", tt.covers, got, want)
			}
		})
	}
}

func TestParseRejectsBrokenFiles(t *testing.T) {
	good := fonttest.Read(t, "NotoSansHebrew-Regular.ttf")
	truncated := good[:len(good)/2]
	noTables := append([]byte(nil), good[:12]...)
	noTables[4], noTables[5] = 0, 0
	tests := map[string][]byte{
		"empty":                 nil,
		"text":                  []byte("this is not a font file at all"),
		"truncated":             truncated,
		"no tables":             noTables,
		"collection of nothing": []byte("ttcf\x00\x01\x00\x00\x00\x00\x00\x00"),
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse(data); !errors.Is(err, ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
		})
	}
}

// glyphsOf maps text to glyph IDs of f.
func glyphsOf(t *testing.T, f *Font, text string) []uint16 {
	t.Helper()
	var out []uint16
	for _, r := range text {
		g, ok := f.NominalGlyph(r)
		if !ok {
			t.Fatalf("%s has no glyph for %q", f.PostScriptName, r)
		}
		out = append(out, uint16(g))
	}
	return out
}

// A TrueType subset is a font go-text parses, in which the kept glyphs
// have exactly their original outlines and advances and the others are
// empty.
func TestTrueTypeSubsetKeepsExactlyTheGlyphsUsed(t *testing.T) {
	for _, tt := range []struct {
		file, text string
		composite  rune
	}{
		{"NotoSans-Regular.ttf", "Dvořák Łukasz Ä", 'Ä'},
		{"NotoSansDevanagari-Regular.ttf", "नमस्ते", 0},
		{"NotoSansThai-Regular.ttf", "สวัสดี", 0},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f := testFont(t, tt.file, 0)
			gids := glyphsOf(t, f, tt.text)
			if tt.composite != 0 && !composite(t, f, tt.composite) {
				t.Fatalf("%q is not a composite glyph: the test would not cover components", tt.composite)
			}
			sub, err := f.Subset(gids)
			if err != nil {
				t.Fatal(err)
			}
			if len(sub) >= len(fonttest.Read(t, tt.file)) {
				t.Errorf("subset of %d bytes is not smaller than the font", len(sub))
			}
			ld, err := ot.NewLoader(bytes.NewReader(sub))
			if err != nil {
				t.Fatalf("go-text cannot load the subset: %v", err)
			}
			sf, err := font.NewFont(ld)
			if err != nil {
				t.Fatalf("go-text cannot parse the subset: %v", err)
			}
			orig, subFace := font.NewFace(f.Font), font.NewFace(sf)
			kept := map[uint16]bool{}
			for _, g := range gids {
				kept[g] = true
				if !sameOutline(orig.GlyphData(font.GID(g)), subFace.GlyphData(font.GID(g))) {
					t.Errorf("glyph %d: outline differs in the subset", g)
				}
				if a, b := orig.HorizontalAdvance(font.GID(g)), subFace.HorizontalAdvance(font.GID(g)); a != b {
					t.Errorf("glyph %d: advance %v, subset %v", g, a, b)
				}
			}
			dropped := 0
			for g := 1; g < f.NumGlyphs(); g++ {
				if o, ok := subFace.GlyphData(font.GID(g)).(font.GlyphOutline); ok && len(o.Segments) > 0 && !kept[uint16(g)] {
					dropped++
				}
			}
			// Only components of kept composites may survive besides them.
			if dropped > 8 {
				t.Errorf("%d glyphs not asked for still have outlines", dropped)
			}
		})
	}
}

func sameOutline(a, b font.GlyphData) bool {
	oa, ok1 := a.(font.GlyphOutline)
	ob, ok2 := b.(font.GlyphOutline)
	if !ok1 || !ok2 || len(oa.Segments) != len(ob.Segments) {
		return false
	}
	for i := range oa.Segments {
		if oa.Segments[i] != ob.Segments[i] {
			return false
		}
	}
	return true
}

// A CFF subset of a CID-keyed CJK font is a bare CID-keyed CFF, parsed
// here by go-text's own CFF reader (which runs the subroutines the
// subset inlined): glyph g of the original is CID g, with the same
// outline, and the subset is a few kilobytes, not the 16 MB font.
func TestCFFSubsetInlinesSubroutinesAndKeepsOutlines(t *testing.T) {
	f := testFont(t, "NotoSansCJK-Regular.ttc", 0)
	text := "山田太郎すずき김민준"
	gids := glyphsOf(t, f, text)
	sub, err := f.Subset(gids)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) > 40_000 {
		t.Errorf("subset of %d glyphs is %d bytes", len(gids), len(sub))
	}
	checkCFFSubset(t, f.tables["CFF "], sub, gids)
	t.Logf("%d glyphs: %d bytes", len(gids), len(sub))
}

// checkCFFSubset compares each kept glyph's outline in the original CFF
// and in the subset (where new glyph i is the i-th smallest kept glyph,
// .notdef first), and checks the subset's charset maps new glyphs to
// the original glyph IDs as CIDs.
func checkCFFSubset(t *testing.T, orig, sub []byte, gids []uint16) {
	t.Helper()
	oc, err := cff.Parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := cff.Parse(sub)
	if err != nil {
		t.Fatalf("go-text cannot parse the subset CFF: %v", err)
	}
	kept := map[uint16]bool{0: true}
	for _, g := range gids {
		kept[g] = true
	}
	order := make([]uint16, 0, len(kept))
	for g := 0; g < 65536 && len(order) < len(kept); g++ {
		if kept[uint16(g)] {
			order = append(order, uint16(g))
		}
	}
	if len(sc.Charstrings) != len(order) {
		t.Fatalf("subset has %d glyphs, want %d", len(sc.Charstrings), len(order))
	}
	ours, err := parseCFF(sub)
	if err != nil {
		t.Fatalf("own reader: %v", err)
	}
	if !ours.cid || len(ours.gsubrs) != 0 {
		t.Errorf("subset: CID-keyed %v, %d global subroutines left", ours.cid, len(ours.gsubrs))
	}
	drawn := 0
	for newGID, old := range order {
		a, _, err1 := oc.LoadGlyph(tables.GlyphID(old))
		b, _, err2 := sc.LoadGlyph(tables.GlyphID(newGID))
		if err1 != nil || err2 != nil {
			t.Fatalf("glyph %d: %v / %v", old, err1, err2)
		}
		if len(a) != len(b) {
			t.Fatalf("glyph %d: %d segments, subset %d", old, len(a), len(b))
		}
		drawn += min(len(a), 1)
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("glyph %d segment %d: %v, subset %v", old, i, a[i], b[i])
			}
		}
		if cid := charsetCID(t, sub, ours, newGID); cid != int(old) {
			t.Errorf("new glyph %d has CID %d, want %d", newGID, cid, old)
		}
	}
	if drawn < len(gids)/2 {
		t.Errorf("only %d of the %d glyphs compared have outlines: the comparison proves little", drawn, len(gids))
	}
}

// charsetCID reads the CID of glyph g from a subset's format 0 charset.
func charsetCID(t *testing.T, b []byte, c *cffFont, g int) int {
	t.Helper()
	if g == 0 {
		return 0
	}
	off, ok := intOperand(c.top, opCharset)
	if !ok || b[off] != 0 {
		t.Fatalf("subset charset missing or not format 0")
	}
	p := off + 1 + 2*(g-1)
	return int(b[p])<<8 | int(b[p+1])
}

// composite reports whether r's glyph in f is built from components.
func composite(t *testing.T, f *Font, r rune) bool {
	t.Helper()
	g, _ := f.NominalGlyph(r)
	loca, err := f.locations()
	if err != nil {
		t.Fatal(err)
	}
	data := f.tables["glyf"][loca[g]:loca[g+1]]
	return len(data) >= 10 && int16(uint16(data[0])<<8|uint16(data[1])) < 0
}

// A name-keyed CFF (a Type 1C font program embedded in an IRS form)
// becomes a CID-keyed subset with one Font DICT carrying its Private
// DICT.
func TestCFFSubsetOfANameKeyedFont(t *testing.T) {
	program := type1CFromPDF(t, filepath.Join(realdocs.SharedForms(), "irs_f1040.pdf"))
	c, err := parseCFF(program)
	if err != nil {
		t.Fatal(err)
	}
	if c.cid {
		t.Fatal("the embedded program is CID-keyed; the test needs a name-keyed one")
	}
	var gids []uint16
	for g := len(c.charstrings) - 1; g > 0 && len(gids) < 6; g -= 3 {
		gids = append(gids, uint16(g))
	}
	sub, err := subsetCFFTable(program, gids)
	if err != nil {
		t.Fatal(err)
	}
	checkCFFSubset(t, program, sub, gids)
}

// type1CFromPDF returns the first Type 1C font program embedded in a PDF.
func type1CFromPDF(t *testing.T, path string) []byte {
	t.Helper()
	ctx, err := api.ReadContextFile(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	for nr := 1; nr <= *ctx.Size; nr++ {
		o, err := ctx.Dereference(*types.NewIndirectRef(nr, 0))
		if err != nil {
			continue
		}
		sd, ok := o.(types.StreamDict)
		if !ok || sd.Dict.NameEntry("Subtype") == nil || *sd.Dict.NameEntry("Subtype") != "Type1C" {
			continue
		}
		if err := sd.Decode(); err == nil {
			return sd.Content
		}
	}
	t.Skipf("%s embeds no Type 1C font", path)
	return nil
}
