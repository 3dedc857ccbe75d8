package excel

import (
	"encoding/binary"
	"math/bits"
)

// sheetMarks counts, in a worksheet's XML, what sizeFor sizes the scan
// from: the "<v" (a cell's value, or an empty cached value <v/>), the "<f"
// and the ` s="`, as bytes.Count would. bytes.Count of a pattern that
// starts with '<' or ' ' stops at almost every tag, and three of them
// took as long as inflating the sheet (HECVAT 4.14: 11% of an extract's
// CPU). Here one pass reads the data eight bytes at a time, finds the
// '<' and '=' among them, on which the patterns turn, and looks around
// each (on HECVAT 4.14's largest sheet a quarter of bytes.Count's time,
// two thirds of a pass of IndexByte calls, which stop as often).
func sheetMarks(data []byte) (values, formulas, styles int) {
	n := len(data)
	mark := func(k int) { // k holds a '<' or a '='
		switch {
		case k+1 >= n:
		case data[k] == '<' && data[k+1] == 'v':
			values++
		case data[k] == '<' && data[k+1] == 'f':
			formulas++
		case data[k] == '=' && data[k+1] == '"' && k >= 2 && data[k-1] == 's' && data[k-2] == ' ':
			styles++
		}
	}
	i := 0
	for ; i+8 <= n; i += 8 {
		w := binary.LittleEndian.Uint64(data[i:])
		for m := bytesEqual(w, '<') | bytesEqual(w, '='); m != 0; m &= m - 1 {
			mark(i + bits.TrailingZeros64(m)>>3)
		}
	}
	for ; i < n; i++ {
		if data[i] == '<' || data[i] == '=' {
			mark(i)
		}
	}
	return values, formulas, styles
}

// bytesEqual has the high bit set in each byte of w that equals b, and no
// other bit set: exact, no carry reaches a neighbouring byte.
func bytesEqual(w uint64, b byte) uint64 {
	const ones, low7 = 0x0101010101010101, 0x7f7f7f7f7f7f7f7f
	x := w ^ ones*uint64(b) // a zero byte where w's equals b
	return ^((x&low7 + low7) | x | low7)
}

// Sampling: a worksheet larger than exactMarksBytes has its marks counted
// in one block of marksBlock bytes out of every marksStride, and the
// counts scaled to the whole. sizeFor's counts only size the scan's lists
// (finish trims what is over, append grows what is short), and the exact
// pass over every byte of a large sheet was a twentieth of HECVAT 4.14's
// extract: a large sheet repeats its rows' shape, so a quarter of its
// blocks, spread over it, sizes its lists about as well.
const (
	exactMarksBytes = 128 << 10
	marksBlock      = 8 << 10
	marksStride     = 4
)

// sampledMarks is sheetMarks for sizing: exact up to exactMarksBytes,
// above it counted on a sample of the data, scaled, and raised by a
// sixteenth so that a close estimate still leaves room (finish trims only
// a list over by more than an eighth).
func sampledMarks(data []byte) (values, formulas, styles int) {
	if len(data) <= exactMarksBytes {
		return sheetMarks(data)
	}
	sampled := 0
	for from := 0; from < len(data); from += marksBlock * marksStride {
		to := min(from+marksBlock, len(data))
		// A mark is at most four bytes: one across the block's end is
		// counted with the block.
		v, f, s := sheetMarks(data[from:min(to+3, len(data))])
		values, formulas, styles = values+v, formulas+f, styles+s
		sampled += to - from
	}
	scale := func(n int) int {
		n = int(int64(n) * int64(len(data)) / int64(sampled))
		return n + n/16
	}
	return scale(values), scale(formulas), scale(styles)
}
