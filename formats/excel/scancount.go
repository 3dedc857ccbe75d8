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
