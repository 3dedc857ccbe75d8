package formats

import (
	"encoding/binary"
	"sync"
)

// wholeInflater decodes a raw deflate stream (RFC 1951) whose inflated
// size is known into one buffer of that size: matches are copied within
// the output itself, with no sliding window to copy out of, and bits are
// refilled eight bytes at a time. It takes the common, well-formed case
// only and reports false for anything else (an incomplete or
// over-subscribed code, a symbol an incomplete code leaves undefined, a
// stream longer or shorter than the buffer, input read past its end); the
// caller then inflates the entry the ordinary way, which gives the error,
// so the errors are the ordinary reader's. inflateStream drives it over a
// stream, Archive.inflateWhole over a zip entry.
type wholeInflater struct {
	in    []byte
	pos   int    // next byte of in to load; may pass len(in) by the zero padding
	bits  uint64 // bit buffer, least significant bit next
	nbits uint
	lit   []uint32 // literal/length table: primary then subtables
	dist  []uint32
	cl    []uint32 // code length code table of the block read last
	lens  [320]uint8
}

// Table entries: symbol<<16 | byteEntry | sub<<8 | n. n is the bits to
// consume; sub (7 bits), when non-zero, makes the entry a link: the symbol
// is the subtable's start and sub the bits that index it.
const (
	litPrimary  = 10
	distPrimary = 8
	clPrimary   = 7
)

var wholeInflaters = sync.Pool{New: func() any { return new(wholeInflater) }}

var fixedTables = sync.OnceValues(func() ([]uint32, []uint32) {
	var lens [320]uint8
	for i := range 288 {
		switch {
		case i < 144:
			lens[i] = 8
		case i < 256:
			lens[i] = 9
		case i < 280:
			lens[i] = 7
		default:
			lens[i] = 8
		}
	}
	lit, _ := buildTable(nil, lens[:288], litPrimary)
	for i := range 32 {
		lens[i] = 5
	}
	dist, _ := buildTable(nil, lens[:32], distPrimary)
	return lit, dist
})

// inflateStream inflates the deflate stream in into out, which must be
// exactly the stream's inflated size. stop is asked before each block;
// its error, once its context has ended, is returned as it is (the read
// must end there, not go on the ordinary way).
func inflateStream(out, in []byte, stop *Stopper) (bool, error) {
	d := wholeInflaters.Get().(*wholeInflater)
	defer wholeInflaters.Put(d)
	d.in, d.pos, d.bits, d.nbits = in, 0, 0, 0
	defer func() { d.in = nil }()
	op := 0
	for {
		if err := stop.Check(); err != nil {
			return false, err
		}
		d.refill()
		final := d.bits&1 == 1
		kind := (d.bits >> 1) & 3
		d.consume(3)
		var ok bool
		switch kind {
		case 0:
			op, ok = d.stored(out, op)
		case 1:
			lit, dist := fixedTables()
			op, ok = d.huffman(out, op, lit, dist)
		case 2:
			if ok = d.dynamicTables(); ok {
				op, ok = d.huffman(out, op, d.lit, d.dist)
			}
		}
		if !ok {
			return false, nil
		}
		if final {
			// Bits loaded past the input's end were zero padding; a stream
			// that used any of them was cut short.
			return op == len(out) && d.pos-int(d.nbits/8) <= len(in), nil
		}
	}
}

// refill loads whole bytes until at least 56 bits are held, with zero
// bytes past the input's end (inflateStream checks none was used).
func (d *wholeInflater) refill() {
	if d.pos+8 <= len(d.in) {
		d.bits |= binary.LittleEndian.Uint64(d.in[d.pos:]) << d.nbits
		d.pos += int(63-d.nbits) >> 3
		d.nbits |= 56
		return
	}
	for d.nbits <= 56 {
		if d.pos < len(d.in) {
			d.bits |= uint64(d.in[d.pos]) << d.nbits
		}
		d.pos++
		d.nbits += 8
	}
}

func (d *wholeInflater) consume(n uint) {
	d.bits >>= n
	d.nbits -= n
}

// take returns the next n bits (n ≤ the bits held).
func (d *wholeInflater) take(n uint) uint32 {
	v := uint32(d.bits & (1<<n - 1))
	d.consume(n)
	return v
}

// stored copies a stored block: the bits held are given back as bytes.
func (d *wholeInflater) stored(out []byte, op int) (int, bool) {
	d.consume(d.nbits & 7)
	d.pos -= int(d.nbits / 8)
	d.bits, d.nbits = 0, 0
	if d.pos+4 > len(d.in) {
		return op, false
	}
	n := int(binary.LittleEndian.Uint16(d.in[d.pos:]))
	if uint16(n) != ^binary.LittleEndian.Uint16(d.in[d.pos+2:]) {
		return op, false
	}
	d.pos += 4
	if d.pos+n > len(d.in) || op+n > len(out) {
		return op, false
	}
	copy(out[op:], d.in[d.pos:d.pos+n])
	d.pos += n
	return op + n, true
}

var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// dynamicTables reads a dynamic block's code lengths and builds its tables.
func (d *wholeInflater) dynamicTables() bool {
	d.refill()
	nlit := int(d.take(5)) + 257
	ndist := int(d.take(5)) + 1
	ncl := int(d.take(4)) + 4
	if nlit > 286 || ndist > 30 {
		return false
	}
	var cl [19]uint8
	for i := range ncl {
		if d.nbits < 3 {
			d.refill()
		}
		cl[clOrder[i]] = uint8(d.take(3))
	}
	clTable, ok := buildTable(d.cl[:0], cl[:], clPrimary)
	d.cl = clTable
	if !ok {
		return false
	}
	lens := d.lens[:nlit+ndist]
	if !d.codeLengths(lens, clTable) {
		return false
	}
	if lens[256] == 0 {
		return false
	}
	d.lit, ok = buildTable(d.lit[:0], lens[:nlit], litPrimary)
	if !ok {
		return false
	}
	d.dist, ok = buildTable(d.dist[:0], lens[nlit:], distPrimary)
	return ok
}

// codeLengths reads the literal and distance code lengths of a dynamic
// block into lens, coded by clTable (RFC 1951, 3.2.7).
func (d *wholeInflater) codeLengths(lens []uint8, clTable []uint32) bool {
	for i := 0; i < len(lens); {
		d.refill()
		e := clTable[d.bits&(1<<clPrimary-1)]
		d.consume(uint(e & 0xff))
		sym := e >> 16
		if sym < 16 {
			lens[i] = uint8(sym)
			i++
			continue
		}
		var n int
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return false
			}
			v, n = lens[i-1], 3+int(d.take(2))
		case 17:
			n = 3 + int(d.take(3))
		case 18:
			n = 11 + int(d.take(7))
		default: // invalidEntry
			return false
		}
		if i+n > len(lens) {
			return false
		}
		for ; n > 0; n-- {
			lens[i] = v
			i++
		}
	}
	return true
}
