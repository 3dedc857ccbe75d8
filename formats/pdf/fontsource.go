package pdf

import (
	"sync/atomic"

	"github.com/formfill/formfill/formats/pdf/sfnt"
)

// FontSource supplies fonts for the characters a form's own fonts cannot
// show. The engine never reads font files itself (it is bytes in, bytes
// out): a FontSource that does is given to it with WithFonts or
// SetDefaultFonts. package fontdir is formfill's own, over font
// directories.
//
// Implementations must be safe for concurrent use and should cache: the
// engine asks about every distinct character of every filled value.
type FontSource interface {
	// FontFor returns a font with a glyph for r, a bold one when bold is
	// set and one exists; nil when no font covers r.
	FontFor(r rune, bold bool) *sfnt.Font
}

// defaultFonts is the FontSource of engines built without WithFonts.
var defaultFonts atomic.Pointer[FontSource]

// SetDefaultFonts sets the FontSource every engine uses that was not
// given one with WithFonts, including the one registered with formats.
// Commands call it once at start-up with the font directories they were
// configured with; nil removes it.
func SetDefaultFonts(src FontSource) {
	if src == nil {
		defaultFonts.Store(nil)
		return
	}
	defaultFonts.Store(&src)
}

// WithFonts returns a copy of the engine that takes fallback fonts from
// src instead of the default source.
func (e *Engine) WithFonts(src FontSource) *Engine {
	c := *e
	c.fonts = src
	return &c
}

// fontSource is the engine's FontSource, or nil when there is none.
func (e *Engine) fontSource() FontSource {
	if e.fonts != nil {
		return e.fonts
	}
	if p := defaultFonts.Load(); p != nil {
		return *p
	}
	return nil
}
