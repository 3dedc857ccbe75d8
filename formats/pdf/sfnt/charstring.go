package sfnt

import (
	"encoding/binary"
	"fmt"
)

// Type 2 charstring operators the desubroutiniser interprets.
const (
	csHstem     = 1
	csVstem     = 3
	csCallsubr  = 10
	csReturn    = 11
	csEscape    = 12
	csEndchar   = 14
	csHstemhm   = 18
	csHintmask  = 19
	csCntrmask  = 20
	csVstemhm   = 23
	csShortInt  = 28
	csCallgsubr = 29
)

// Limits of the Type 2 charstring format (Adobe TN 5177).
const (
	maxSubrDepth     = 10
	maxCharstringLen = 65535
)

// desub inlines the subroutine calls of one glyph's charstring, so the
// subset needs neither global nor local subroutines: a handful of glyphs
// then costs their own outlines, not the font's whole shared subroutine
// pool (megabytes in a CJK font).
type desub struct {
	gsubrs, lsubrs [][]byte
	out            []byte
	stems          int
	nargs          int
	// last number pushed: its value and where its bytes start in out, so
	// a call can take it back off.
	lastNum      int
	lastNumStart int
	hasLastNum   bool
	steps        int // bytes interpreted, across all calls
}

// maxDesubSteps bounds the work of inlining one glyph: subroutines that
// call each other many times over could otherwise expand exponentially.
const maxDesubSteps = 1 << 20

func subrBias(n int) int {
	switch {
	case n < 1240:
		return 107
	case n < 33900:
		return 1131
	}
	return 32768
}

// desubroutinize returns cs with every callsubr/callgsubr replaced by the
// subroutine's body.
func desubroutinize(cs []byte, gsubrs, lsubrs [][]byte) ([]byte, error) {
	d := &desub{gsubrs: gsubrs, lsubrs: lsubrs, out: make([]byte, 0, 2*len(cs))}
	if _, err := d.run(cs, 0); err != nil {
		return nil, err
	}
	if len(d.out) > maxCharstringLen {
		return nil, fmt.Errorf("%w: charstring of %d bytes once subroutines are inlined", ErrInvalid, len(d.out))
	}
	return d.out, nil
}

// run interprets cs, appending its operators to d.out; it reports whether
// the glyph ended (endchar) inside it.
func (d *desub) run(cs []byte, depth int) (ended bool, err error) {
	if depth > maxSubrDepth {
		return false, fmt.Errorf("%w: charstring subroutines nested deeper than %d", ErrInvalid, maxSubrDepth)
	}
	for p := 0; p < len(cs); {
		d.steps++
		if d.steps > maxDesubSteps || len(d.out) > maxCharstringLen {
			return false, fmt.Errorf("%w: charstring expands beyond %d bytes once subroutines are inlined", ErrInvalid, maxCharstringLen)
		}
		c := cs[p]
		if c == csShortInt || c >= 32 {
			v, n, err := csNumber(cs[p:])
			if err != nil {
				return false, err
			}
			d.lastNum, d.lastNumStart, d.hasLastNum = v, len(d.out), true
			d.out = append(d.out, cs[p:p+n]...)
			d.nargs++
			p += n
			continue
		}
		p++
		switch c {
		case csCallsubr, csCallgsubr:
			if ended, err := d.call(c == csCallgsubr, depth); ended || err != nil {
				return ended, err
			}
		case csReturn:
			return false, nil
		case csEndchar:
			d.out = append(d.out, c)
			return true, nil
		case csHstem, csVstem, csHstemhm, csVstemhm:
			d.stems += d.nargs / 2
			d.op(c)
		case csHintmask, csCntrmask:
			d.stems += d.nargs / 2 // operands before a mask are an implicit vstem
			d.op(c)
			n := (d.stems + 7) / 8
			if p+n > len(cs) {
				return false, fmt.Errorf("%w: hint mask runs past the charstring", ErrInvalid)
			}
			d.out = append(d.out, cs[p:p+n]...)
			p += n
		case csEscape:
			if p >= len(cs) {
				return false, fmt.Errorf("%w: charstring ends in an escape", ErrInvalid)
			}
			d.op(c, cs[p])
			p++
		default:
			d.op(c)
		}
	}
	return false, nil
}

// call inlines the subroutine whose index was the last number pushed:
// the number is taken back off the output and the body interpreted in
// its place.
func (d *desub) call(global bool, depth int) (ended bool, err error) {
	if !d.hasLastNum || d.lastNumStart >= len(d.out) {
		return false, fmt.Errorf("%w: subroutine call without its index just before it", ErrInvalid)
	}
	subrs := d.lsubrs
	if global {
		subrs = d.gsubrs
	}
	i := d.lastNum + subrBias(len(subrs))
	if i < 0 || i >= len(subrs) {
		return false, fmt.Errorf("%w: call of subroutine %d of %d", ErrInvalid, i, len(subrs))
	}
	d.out = d.out[:d.lastNumStart]
	d.hasLastNum = false
	d.nargs--
	return d.run(subrs[i], depth+1)
}

// op appends an operator, which clears the argument stack.
func (d *desub) op(b ...byte) {
	d.out = append(d.out, b...)
	d.nargs, d.hasLastNum = 0, false
}

// csNumber decodes one charstring operand (integer part for 16.16 fixed).
func csNumber(b []byte) (v, n int, err error) {
	c := b[0]
	switch {
	case c == csShortInt && len(b) >= 3:
		return int(int16(binary.BigEndian.Uint16(b[1:]))), 3, nil
	case c >= 32 && c <= 246:
		return int(c) - 139, 1, nil
	case c >= 247 && c <= 250 && len(b) >= 2:
		return (int(c)-247)*256 + int(b[1]) + 108, 2, nil
	case c >= 251 && c <= 254 && len(b) >= 2:
		return -(int(c)-251)*256 - int(b[1]) - 108, 2, nil
	case c == 255 && len(b) >= 5:
		return int(int32(binary.BigEndian.Uint32(b[1:])) >> 16), 5, nil
	}
	return 0, 0, fmt.Errorf("%w: truncated charstring number", ErrInvalid)
}
