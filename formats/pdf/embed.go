package pdf

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/go-text/typesetting/font"
	"github.com/pdfcpu/pdfcpu/pkg/filter"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"

	"github.com/formfill/formfill/formats/pdf/sfnt"
)

// pdfFont is a font appearance streams draw text with: a fallback font
// formfill embeds (a subset, a Type0 font with Identity-H codes = glyph
// IDs), or a simple font with one-byte codes (the field's own font, or
// standard Helvetica).
type pdfFont struct {
	ref types.IndirectRef // the font dictionary
	// An embedded fallback font.
	sf   *sfnt.Font
	face *font.Face        // for shaping; one per document (faces are not concurrent-safe)
	used map[uint16]string // glyph → the text it shows, for ToUnicode
	// A simple font.
	simple *simpleFont
	std    string // a standard font not embedded: its name (Helvetica …)
	// Vertical metrics in 1/1000 em, for placing lines.
	ascent, descent float64
}

// twoByte reports whether the font's codes are two bytes (Identity-H).
func (pf *pdfFont) twoByte() bool { return pf.sf != nil }

// width is the advance the PDF viewer applies after drawing code, in
// 1/1000 em: what /W or /Widths says.
func (pf *pdfFont) width(code uint16) float64 {
	if pf.sf != nil {
		return float64(pf.sf.Advance(code)) * 1000 / float64(pf.sf.UnitsPerEm)
	}
	return pf.simple.widths[code&0xff]
}

// embedFont returns the document's pdfFont for sf, creating it (and
// reserving the object number of its font dictionary) on first use. The
// font objects themselves are written by finishFonts, once every
// appearance has been drawn: one subset per font and document.
func (fs *fontSet) embedFont(sf *sfnt.Font) (*pdfFont, error) {
	if pf, ok := fs.byFont[sf]; ok {
		return pf, nil
	}
	ref, err := fs.ctx.IndRefForNewObject(types.Dict{})
	if err != nil {
		return nil, err
	}
	upem := float64(sf.UnitsPerEm)
	pf := &pdfFont{ref: *ref, sf: sf, face: font.NewFace(sf.Font), used: map[uint16]string{},
		ascent: float64(sf.Ascent) * 1000 / upem, descent: float64(sf.Descent) * 1000 / upem}
	fs.byFont[sf] = pf
	fs.faces[pf.face] = pf
	fs.embedded = append(fs.embedded, pf)
	return pf, nil
}

// finishFonts writes every embedded font used by the new appearances:
// the subset program, its descriptor, the CID font with its widths, the
// ToUnicode map, and the Type0 font at the reserved object number.
func (fs *fontSet) finishFonts() error {
	for _, pf := range fs.embedded {
		if err := fs.writeFont(pf); err != nil {
			return fmt.Errorf("embedding %s: %w", pf.sf.PostScriptName, err)
		}
	}
	return nil
}

func (fs *fontSet) writeFont(pf *pdfFont) error {
	gids := make([]uint16, 0, len(pf.used))
	for g := range pf.used {
		gids = append(gids, g)
	}
	sort.Slice(gids, func(i, j int) bool { return gids[i] < gids[j] })
	program, err := pf.sf.Subset(gids)
	if err != nil {
		return err
	}
	name := types.Name(subsetTag(pf.sf.PostScriptName, gids) + "+" + pf.sf.PostScriptName)
	file := types.Dict{"Length1": types.Integer(len(program))}
	fileKey, cidType := "FontFile2", "CIDFontType2"
	if pf.sf.CFF() {
		file = types.Dict{"Subtype": types.Name("CIDFontType0C")}
		fileKey, cidType = "FontFile3", "CIDFontType0"
	}
	fileRef, err := fs.newStream(file, program)
	if err != nil {
		return err
	}
	descRef, err := fs.ctx.IndRefForNewObject(fs.descriptor(pf, name, fileKey, *fileRef))
	if err != nil {
		return err
	}
	cid := types.Dict{
		"Type": types.Name("Font"), "Subtype": types.Name(cidType), "BaseFont": name,
		"CIDSystemInfo":  types.Dict{"Registry": types.StringLiteral("Adobe"), "Ordering": types.StringLiteral("Identity"), "Supplement": types.Integer(0)},
		"FontDescriptor": *descRef,
		"DW":             types.Integer(0),
		"W":              fs.widthArray(pf, gids),
	}
	if !pf.sf.CFF() {
		cid["CIDToGIDMap"] = types.Name("Identity")
	}
	cidRef, err := fs.ctx.IndRefForNewObject(cid)
	if err != nil {
		return err
	}
	tuRef, err := fs.newStream(types.Dict{}, toUnicodeCMap(pf.used, gids))
	if err != nil {
		return err
	}
	fs.ctx.Table[pf.ref.ObjectNumber.Value()].Object = types.Dict{
		"Type": types.Name("Font"), "Subtype": types.Name("Type0"), "BaseFont": name,
		"Encoding": types.Name("Identity-H"), "DescendantFonts": types.Array{*cidRef}, "ToUnicode": *tuRef,
	}
	return nil
}

func (fs *fontSet) descriptor(pf *pdfFont, name types.Name, fileKey string, file types.IndirectRef) types.Dict {
	sf := pf.sf
	scale := func(v int) types.Integer { return types.Integer(v * 1000 / sf.UnitsPerEm) }
	flags := 4 // symbolic: the glyphs are not in the standard Latin set
	if sf.Italic {
		flags |= 1 << 6
	}
	stemV := 80
	if sf.Bold {
		stemV = 140
	}
	return types.Dict{
		"Type": types.Name("FontDescriptor"), "FontName": name, "Flags": types.Integer(flags),
		"FontBBox":    types.Array{scale(sf.BBox[0]), scale(sf.BBox[1]), scale(sf.BBox[2]), scale(sf.BBox[3])},
		"ItalicAngle": types.Integer(0), "Ascent": scale(sf.Ascent), "Descent": scale(sf.Descent),
		"CapHeight": scale(sf.CapHeight), "StemV": types.Integer(stemV), fileKey: file,
	}
}

// widthArray is the CID font's /W: one run [first [w1 w2 …]] per stretch
// of consecutive glyph IDs.
func (fs *fontSet) widthArray(pf *pdfFont, gids []uint16) types.Array {
	var w types.Array
	for i := 0; i < len(gids); {
		j := i
		for j+1 < len(gids) && gids[j+1] == gids[j]+1 {
			j++
		}
		var ws types.Array
		for _, g := range gids[i : j+1] {
			ws = append(ws, types.Integer(int(pf.width(g)+0.5)))
		}
		w = append(w, types.Integer(gids[i]), ws)
		i = j + 1
	}
	return w
}

// newStream adds a Flate-compressed stream object.
func (fs *fontSet) newStream(d types.Dict, content []byte) (*types.IndirectRef, error) {
	return newStreamObject(fs.ctx, d, content)
}

func newStreamObject(ctx *model.Context, d types.Dict, content []byte) (*types.IndirectRef, error) {
	sd := types.StreamDict{Dict: d, Content: content, FilterPipeline: []types.PDFFilter{{Name: filter.Flate}}}
	sd.InsertName("Filter", filter.Flate)
	if err := sd.Encode(); err != nil {
		return nil, err
	}
	return ctx.IndRefForNewObject(sd)
}

// subsetTag derives the six-letter subset tag from the font and the
// glyphs it holds, so the same fill gives the same bytes.
func subsetTag(name string, gids []uint16) string {
	h := sha256.New()
	h.Write([]byte(name))
	for _, g := range gids {
		h.Write([]byte{byte(g >> 8), byte(g)})
	}
	sum := h.Sum(nil)
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag)
}

// toUnicodeCMap maps every glyph drawn to the characters it stands for:
// a ligature or a conjunct to all the characters of its cluster, so text
// extraction gives back the logical string.
func toUnicodeCMap(used map[uint16]string, gids []uint16) []byte {
	var b bytes.Buffer
	b.WriteString("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n" +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n" +
		"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n" +
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
	var mapped []uint16
	for _, g := range gids {
		if used[g] != "" {
			mapped = append(mapped, g)
		}
	}
	for len(mapped) > 0 {
		n := min(len(mapped), 100) // a bfchar section holds at most 100 entries
		fmt.Fprintf(&b, "%d beginbfchar\n", n)
		for _, g := range mapped[:n] {
			fmt.Fprintf(&b, "<%04X> <%s>\n", g, utf16Hex(used[g]))
		}
		b.WriteString("endbfchar\n")
		mapped = mapped[n:]
	}
	b.WriteString("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
	return b.Bytes()
}

func utf16Hex(s string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	return b.String()
}
