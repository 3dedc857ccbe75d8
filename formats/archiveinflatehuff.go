package formats

import (
	"encoding/binary"
	"math/bits"
)

var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// invalidEntry decodes to a symbol no table has (0xffff), consuming nothing.
const invalidEntry = 0xffff << 16

// byteEntry flags a primary table's entries of symbols below 256, whole
// in the primary bits: in the literal/length table, the literals, which
// huffman's loop takes with one test. Other tables ignore it (their
// symbols are all below 256).
const byteEntry = 0x8000

func countZero(lens []uint8) (n int) {
	for _, l := range lens {
		if l == 0 {
			n++
		}
	}
	return n
}

// buildTable builds the lookup table of the canonical code with the given
// lengths (0: symbol unused) into t's storage: a primary table indexed by
// the next `primary` bits, then a subtable for each primary entry that
// longer codes share. It reports false for an over-subscribed code and an
// incomplete one other than those compress/flate takes.
func buildTable(t []uint32, lens []uint8, primary uint) ([]uint32, bool) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	left := 1
	for l := 1; l < 16; l++ {
		left = left<<1 - int(count[l])
		if left < 0 {
			return t, false
		}
	}
	// Like compress/flate (and zlib), take besides complete codes an empty
	// one and a single code of one bit; the bit strings they leave
	// undecoded find invalidEntry, which every decoder refuses.
	used := len(lens) - int(countZero(lens))
	incomplete := left != 0
	if incomplete && used != 0 && !(used == 1 && count[1] == 1) {
		return t, false
	}
	var next [16]uint32
	code := uint32(0)
	for l := 1; l < 16; l++ {
		code = (code + uint32(count[l-1])) << 1
		next[l] = code
	}
	size := 1 << primary
	t = append(t[:0], make([]uint32, size)...)
	if incomplete {
		for i := range t {
			t[i] = invalidEntry
		}
	}
	// Longest code under each primary prefix sizes its subtable.
	var subBits [1 << litPrimary]uint8
	var rev [320]uint32
	for s, l := range lens {
		if l == 0 {
			continue
		}
		c := next[l]
		next[l]++
		r := bits.Reverse32(c) >> (32 - uint(l))
		rev[s] = r
		if uint(l) > primary {
			p := r & (1<<primary - 1)
			subBits[p] = max(subBits[p], l-uint8(primary))
		}
	}
	for p := range size {
		if sb := subBits[p]; sb != 0 {
			t[p] = uint32(len(t))<<16 | uint32(sb)<<8 | uint32(primary)
			t = append(t, make([]uint32, 1<<sb)...)
		}
	}
	fillTable(t, lens, &rev, primary)
	return t, true
}

// fillTable sets the entries of each symbol's code, rev its bit-reversed
// code, in t's primary table or in the subtable its primary entry links.
func fillTable(t []uint32, lens []uint8, rev *[320]uint32, primary uint) {
	size := uint32(1) << primary
	for s, l := range lens {
		if l == 0 {
			continue
		}
		r, n := rev[s], uint(l)
		if n <= primary {
			e := uint32(s)<<16 | uint32(n)
			if s < 256 {
				e |= byteEntry
			}
			for i := r; i < size; i += 1 << n {
				t[i] = e
			}
			continue
		}
		link := t[r&(1<<primary-1)]
		start, sb := link>>16, uint(link>>8&0x7f)
		sr, sn := r>>primary, n-primary
		for i := sr; i < 1<<sb; i += 1 << sn {
			t[start+i] = uint32(s)<<16 | uint32(sn)
		}
	}
}

// huffman decodes one Huffman-coded block into out from op. The bit
// buffer lives in locals for the loop (the fields are memory). out's
// storage past its length, when there is room, takes the spill of copying
// matches eight bytes at a time. The primary tables are indexed as arrays:
// by masked bits, that needs no bounds check. Every shift is by less than
// 64: masking the count with 63 says so to the compiler, which otherwise
// clamps each shift.
//
// Most symbols of XML are literals: a refill holds at least 56 bits and a
// literal's code at most 15, so up to three literals in a row are taken
// from one refill, each with one test of its entry (byteEntry); what
// follows them is topped up before a match, which may take 48 bits.
//
// It is longer than our functions should be, on purpose: every helper its
// steps were cut into was too big for the compiler to inline (the refill
// costs 111 against a budget of 80), and a call per symbol cost more than
// the split bought (wverify9's cachegrind counts).
func (d *wholeInflater) huffman(out []byte, op int, lit, dist []uint32) (int, bool) {
	in, pos, bitbuf, nbits := d.in, d.pos, d.bits, d.nbits
	full := out[:cap(out)]
	litP, distP := (*[1 << litPrimary]uint32)(lit), (*[1 << distPrimary]uint32)(dist)
	ok := false // a break is a refusal unless it set ok
	for {
		if pos >= 0 && pos < len(in)-7 { // pos+8 ≤ len(in), as the compiler proves in[pos:] in bounds
			bitbuf |= binary.LittleEndian.Uint64(in[pos:]) << (nbits & 63)
			pos += int(63-nbits) >> 3
			nbits |= 56
		} else {
			pos, bitbuf, nbits = d.refillFrom(pos, bitbuf, nbits)
		}
		e := litP[bitbuf&(1<<litPrimary-1)]
		if e&byteEntry != 0 && op+3 <= len(out) {
			bitbuf >>= e & 63
			nbits -= uint(e & 0xff)
			out[op] = byte(e >> 16)
			op++
			if e = litP[bitbuf&(1<<litPrimary-1)]; e&byteEntry != 0 {
				bitbuf >>= e & 63
				nbits -= uint(e & 0xff)
				out[op] = byte(e >> 16)
				op++
				if e = litP[bitbuf&(1<<litPrimary-1)]; e&byteEntry != 0 {
					bitbuf >>= e & 63
					nbits -= uint(e & 0xff)
					out[op] = byte(e >> 16)
					op++
					continue
				}
			}
			// Refilling keeps the bits held, so e stays this symbol's entry.
			if pos >= 0 && pos < len(in)-7 {
				bitbuf |= binary.LittleEndian.Uint64(in[pos:]) << (nbits & 63)
				pos += int(63-nbits) >> 3
				nbits |= 56
			} else {
				pos, bitbuf, nbits = d.refillFrom(pos, bitbuf, nbits)
			}
		}
		sym, used := lookup(lit, e, bitbuf)
		bitbuf >>= used & 63
		nbits -= used
		if sym < 256 {
			if op >= len(out) {
				break
			}
			out[op] = byte(sym)
			op++
			continue
		}
		if sym == 256 {
			ok = true
			break
		}
		sym -= 257
		if sym >= 29 {
			break
		}
		n := uint(lengthExtra[sym])
		length := int(lengthBase[sym]) + int(bitbuf&(1<<(n&63)-1))
		bitbuf >>= n & 63
		nbits -= n
		ds, used := lookup(dist, distP[bitbuf&(1<<distPrimary-1)], bitbuf)
		bitbuf >>= used & 63
		nbits -= used
		if ds >= 30 {
			break
		}
		n = uint(distExtra[ds])
		back := int(distBase[ds]) + int(bitbuf&(1<<(n&63)-1))
		bitbuf >>= n & 63
		nbits -= n
		if back > op || length > len(out)-op {
			break
		}
		if back >= 8 && op+32 <= len(full) && length <= 32 {
			copyShort(full, op, back)
		} else {
			copyMatch(full, op, back, length)
		}
		op += length
	}
	d.pos, d.bits, d.nbits = pos, bitbuf, nbits
	return op, ok
}

// refillFrom is refill for huffman, whose bit buffer is in locals: near
// the end of the input, where the loop cannot load eight bytes at once.
func (d *wholeInflater) refillFrom(pos int, bits uint64, nbits uint) (int, uint64, uint) {
	d.pos, d.bits, d.nbits = pos, bits, nbits
	d.refill()
	return d.pos, d.bits, d.nbits
}

// copyShort copies a match of at most 32 bytes, back ≥ 8 bytes before op,
// as four stores of eight bytes: most matches in XML are this short, and
// copyMatch's loop, its exit mispredicted, cost more than the stores
// past the match (spilled as copyMatch's are; the caller checked there
// is room for them).
func copyShort(full []byte, op, back int) {
	to, from := full[op:op+32], full[op-back:op-back+32]
	binary.LittleEndian.PutUint64(to[0:], binary.LittleEndian.Uint64(from[0:]))
	binary.LittleEndian.PutUint64(to[8:], binary.LittleEndian.Uint64(from[8:]))
	binary.LittleEndian.PutUint64(to[16:], binary.LittleEndian.Uint64(from[16:]))
	binary.LittleEndian.PutUint64(to[24:], binary.LittleEndian.Uint64(from[24:]))
}

// copyMatch copies the length bytes back bytes before op to op, within
// full (the output up to its capacity; the caller checked op+length is
// within the output and back within what is written). The bytes are
// moved with the runtime's copy, whose wide moves beat a loop on the long
// matches (runs of repeated markup); an overlapping match repeats its
// last back bytes, so it is copied in steps that double what is written
// from.
func copyMatch(full []byte, op, back, length int) {
	if back >= length {
		copy(full[op:op+length], full[op-back:])
		return
	}
	for done := 0; done < length; {
		done += copy(full[op+done:op+length], full[op-back:op+done])
	}
}

// lookup decodes the symbol at the bottom of bitbuf from e, its entry in
// table t's primary table, following a link into a subtable, and returns
// it with the bits its code takes.
func lookup(t []uint32, e uint32, bitbuf uint64) (sym uint32, used uint) {
	if e&0x7f00 == 0 {
		return e >> 16, uint(e & 0xff)
	}
	n := uint(e & 0xff)
	e = t[e>>16+uint32(bitbuf>>n&(1<<(e>>8&0x7f)-1))]
	return e >> 16, n + uint(e&0xff)
}
