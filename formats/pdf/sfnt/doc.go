// Package sfnt reads TrueType and OpenType font files (.ttf, .otf and
// collections .ttc/.otc) from bytes and builds the subsets a PDF embeds:
// a TrueType font program with only the glyphs drawn (FontFile2), or a
// CID-keyed bare CFF program (FontFile3 /CIDFontType0C) for fonts with
// PostScript outlines, such as the Noto CJK collections.
//
// Glyph IDs are kept: a subset draws glyph g of the original font as
// glyph g (TrueType) or as CID g (CFF), so text shaped against the full
// font can be drawn with the subset unchanged, and a font is subset once
// per document however many fields use it.
//
// Shaping (go-text/typesetting's HarfBuzz port) uses the parsed font
// through Font.Font; this package only adds what embedding needs: the raw
// tables, metrics in font units and the subsetters. Like the engine it
// serves, it never touches the file system.
package sfnt
