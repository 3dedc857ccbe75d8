package wordxml

import (
	"encoding/binary"
	"math"
)

// A document.xml repeats the same few start tags thousands of times: the
// formatting of every run (<w:rFonts w:ascii="…" w:hAnsi="…"/>, <w:sz
// w:val="20"/>) is written again for each. Content left out of the tree
// checked each one byte by byte (asIsStart), a third of a verify's read;
// four in five of NVCA's are the same bytes as a start tag seen shortly
// before. seenTags remembers, by their first eight bytes, the start tags
// asIsStart took, so a tag that is the same bytes as one of them is taken
// at the cost of comparing them.

// seenSlots is how many start tags seenTags remembers (a power of two).
const seenSlots = 256

// seenTags is a direct-mapped table of start tags asIsStart took, each
// where it lies in the part being read: the one at at, n bytes long, its
// name ending at at+name. n is 0 in an empty slot.
type seenTags [seenSlots]struct{ at, n, name int32 }

// asIsSeen is asIsStart(r.b, i, &r.keys), taken from the table when the
// bytes at i are those of a tag asIsStart took before: asIsStart reads
// nothing beyond the tag's '>', so the same bytes give the same answer.
// The slots hold offsets in r.b, which read clears for each part; builds
// of deferred content read the same part, cut short at the content's
// end, hence the bound on the slot's tag too.
func (r *xmlReader) asIsSeen(i int) (nameEnd, next int, ok bool) {
	b := r.b
	if i+8 > len(b) {
		return asIsStart(b, i, &r.keys)
	}
	slot := &r.seen[binary.LittleEndian.Uint64(b[i:])*0x9E3779B97F4A7C15>>(64-8)]
	if n, at := int(slot.n), int(slot.at); n > 0 && i+n <= len(b) && at+n <= len(b) &&
		string(b[i:i+n]) == string(b[at:at+n]) {
		return i + int(slot.name), i + n, true
	}
	nameEnd, next, ok = asIsStart(b, i, &r.keys)
	if ok && next <= math.MaxInt32 {
		slot.at, slot.n, slot.name = int32(i), int32(next-i), int32(nameEnd-i)
	}
	return nameEnd, next, ok
}
