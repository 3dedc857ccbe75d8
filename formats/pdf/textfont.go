package pdf

import (
	"unicode/utf16"

	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// maxCMapBytes bounds a ToUnicode stream formfill decodes; real ones are a
// few kilobytes.
const maxCMapBytes = 1 << 20

// fontDecoder turns the bytes a font shows into text. Fonts with a
// /ToUnicode map use it (Type0 fonts read two bytes per code); simple
// fonts without one are read as WinAnsi; a Type0 font without a map
// yields nothing rather than garbage.
type fontDecoder struct {
	twoByte bool
	cmap    map[uint32]string
}

func (fd *fontDecoder) decode(b []byte) string {
	if fd == nil || (fd.cmap == nil && !fd.twoByte) {
		return decodeText(b)
	}
	if fd.cmap == nil {
		return ""
	}
	step := 1
	if fd.twoByte {
		step = 2
	}
	var out []rune
	for i := 0; i+step <= len(b); i += step {
		code := uint32(b[i])
		if step == 2 {
			code = code<<8 | uint32(b[i+1])
		}
		if s, ok := fd.cmap[code]; ok {
			out = append(out, []rune(s)...)
		} else if step == 1 {
			out = append(out, []rune(decodeText(b[i:i+1]))...)
		}
	}
	return string(out)
}

// pageFonts builds a decoder for each font of a page's resources.
func pageFonts(ctx *model.Context, resources types.Dict) map[string]*fontDecoder {
	out := map[string]*fontDecoder{}
	fonts := dictOf(ctx, entry(ctx, resources, "Font"))
	for name, o := range fonts {
		fd := dictOf(ctx, o)
		if fd == nil {
			continue
		}
		dec := &fontDecoder{twoByte: textOf(ctx, entry(ctx, fd, "Subtype")) == "Type0"}
		if tu, ok := fd.Find("ToUnicode"); ok {
			dec.cmap = parseToUnicode(cmapBytes(ctx, tu))
		}
		out[name] = dec
	}
	return out
}

func cmapBytes(ctx *model.Context, o types.Object) []byte {
	sd, _, err := ctx.DereferenceStreamDict(o)
	if err != nil || sd == nil {
		return nil
	}
	if err := sd.DecodeWithLimit(maxCMapBytes); err != nil {
		return nil
	}
	return sd.Content
}

// parseToUnicode reads the bfchar and bfrange sections of a ToUnicode
// CMap. Ranges are capped so a hostile map cannot allocate without bound.
func parseToUnicode(b []byte) map[uint32]string {
	if len(b) == 0 {
		return nil
	}
	const maxEntries = 1 << 16
	m := map[uint32]string{}
	scanOps(b, 1_000_000, func(op string, args []token) bool {
		switch op {
		case "endbfchar":
			for i := 0; i+1 < len(args) && len(m) < maxEntries; i += 2 {
				m[codeOf(args[i].str)] = utf16Text(args[i+1].str)
			}
		case "endbfrange":
			for i := 0; i+2 < len(args); i += 3 {
				bfRange(m, args[i], args[i+1], args[i+2], maxEntries)
			}
		}
		return len(m) < maxEntries
	})
	return m
}

func bfRange(m map[uint32]string, lo, hi, dst token, limit int) {
	from, to := codeOf(lo.str), codeOf(hi.str)
	if to < from || to-from >= uint32(limit) {
		return // a range this large is not a real font's
	}
	for c := from; c <= to && len(m) < limit; c++ {
		off := int(c - from)
		switch dst.kind {
		case tokArray:
			if off < len(dst.arr) {
				m[c] = utf16Text(dst.arr[off].str)
			}
		case tokString:
			u := []rune(utf16Text(dst.str))
			if len(u) > 0 {
				u[len(u)-1] += rune(off)
				m[c] = string(u)
			}
		}
	}
}

func codeOf(b []byte) uint32 {
	var c uint32
	for _, x := range b[:min(len(b), 4)] {
		c = c<<8 | uint32(x)
	}
	return c
}

func utf16Text(b []byte) string {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return string(utf16.Decode(u))
}
