package sfnt

import "fmt"

// Subset returns a font program with .notdef and the glyphs gids (plus
// the components they are built from), keeping glyph IDs: a TrueType
// font for a FontFile2 stream when the font has glyf outlines, else a
// CID-keyed bare CFF for a FontFile3 /CIDFontType0C stream (see CFF).
func (f *Font) Subset(gids []uint16) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("%w: subsetting %s: %v", errRecovered, f.PostScriptName, r)
		}
	}()
	if f.CFF() {
		return f.subsetCFF(gids)
	}
	return f.subsetTrueType(gids)
}
