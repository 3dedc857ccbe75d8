package pdf

import (
	"sort"
	"strings"
	"unicode/utf16"
)

// CMaps for the text layer (PDF 32000-1, 9.7.5 and 9.10.3): how a Type0
// font's shown strings split into codes (codespace ranges), which CID a
// code selects (cidchar, cidrange) and, in a ToUnicode map, which text it
// stands for (bfchar, bfrange). One parser reads all three sections; it
// never fails, and it bounds what a hostile map can make it allocate.

// maxCMapEntries bounds the codes one CMap maps.
const maxCMapEntries = 1 << 17

// codespace is one codespace range: codes of n bytes from lo to hi.
type codespace struct {
	n      int
	lo, hi uint32
}

// cidRange maps the codes lo…hi to the CIDs cid…cid+(hi-lo).
type cidRange struct{ lo, hi, cid uint32 }

// uniRange maps the codes lo…hi to dst with its last UTF-16 unit raised
// by the code's offset (a bfrange with a start string).
type uniRange struct {
	lo, hi uint32
	dst    []uint16
}

// cmap is a parsed CMap or ToUnicode map.
type cmap struct {
	spaces   []codespace
	cidChars map[uint32]uint32
	cids     []cidRange // sorted by lo once parsed
	uni      map[uint32]string
	uniRange []uniRange // sorted by lo once parsed
	vertical bool
	// base is the predefined CMap a /usecmap names, if any.
	base string
}

// parseCMap reads a CMap stream. Entries past maxCMapEntries, ranges
// larger than it and malformed sections are ignored.
func parseCMap(b []byte) *cmap {
	m := &cmap{cidChars: map[uint32]uint32{}, uni: map[uint32]string{}}
	entries := 0
	scanOps(b, 2_000_000, func(op string, args []token) bool {
		switch op {
		case "endcodespacerange":
			for i := 0; i+1 < len(args) && len(m.spaces) < 64; i += 2 {
				lo, hi := args[i].str, args[i+1].str
				if n := len(lo); n >= 1 && n <= 4 && len(hi) == n {
					m.spaces = append(m.spaces, codespace{n, codeOf(lo), codeOf(hi)})
				}
			}
		case "endcidchar":
			for i := 0; i+1 < len(args) && entries < maxCMapEntries; i += 2 {
				if args[i+1].kind == tokNumber && args[i+1].num >= 0 {
					m.cidChars[codeOf(args[i].str)] = uint32(args[i+1].num)
					entries++
				}
			}
		case "endcidrange":
			for i := 0; i+2 < len(args) && entries < maxCMapEntries; i += 3 {
				lo, hi := codeOf(args[i].str), codeOf(args[i+1].str)
				if hi >= lo && args[i+2].kind == tokNumber && args[i+2].num >= 0 {
					m.cids = append(m.cids, cidRange{lo, hi, uint32(args[i+2].num)})
					entries++
				}
			}
		case "endbfchar":
			for i := 0; i+1 < len(args) && entries < maxCMapEntries; i += 2 {
				m.uni[codeOf(args[i].str)] = bfText(args[i+1])
				entries++
			}
		case "endbfrange":
			for i := 0; i+2 < len(args) && entries < maxCMapEntries; i += 3 {
				entries += m.addBFRange(args[i], args[i+1], args[i+2])
			}
		case "usecmap":
			if n := len(args); n > 0 && args[n-1].kind == tokName {
				m.base = string(args[n-1].str)
			}
		case "def":
			if n := len(args); n >= 2 && args[n-2].kind == tokName && string(args[n-2].str) == "WMode" && args[n-1].kind == tokNumber {
				m.vertical = args[n-1].num == 1
			}
		}
		return true
	})
	sort.Slice(m.cids, func(i, j int) bool { return m.cids[i].lo < m.cids[j].lo })
	sort.Slice(m.uniRange, func(i, j int) bool { return m.uniRange[i].lo < m.uniRange[j].lo })
	return m
}

// addBFRange adds one bfrange entry and returns how many entries it cost.
func (m *cmap) addBFRange(loT, hiT, dst token) int {
	lo, hi := codeOf(loT.str), codeOf(hiT.str)
	if hi < lo || hi-lo >= maxCMapEntries {
		return 0 // a range this large is not a real font's
	}
	switch dst.kind {
	case tokArray:
		for off, d := range dst.arr {
			if uint32(off) > hi-lo {
				break
			}
			m.uni[lo+uint32(off)] = bfText(d)
		}
		return len(dst.arr)
	case tokString:
		u := utf16Units(dst.str)
		if len(u) == 0 {
			return 1
		}
		m.uniRange = append(m.uniRange, uniRange{lo, hi, u})
	}
	return 1
}

// bfText is the text of a bfchar destination: UTF-16BE, or a glyph name.
func bfText(t token) string {
	if t.kind == tokName {
		s, _ := glyphText(string(t.str))
		return s
	}
	return utf16Text(t.str)
}

func utf16Units(b []byte) []uint16 {
	u := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		u = append(u, uint16(b[i])<<8|uint16(b[i+1]))
	}
	if len(b)%2 == 1 { // a one-byte destination, as some writers emit
		u = append(u, uint16(b[len(b)-1]))
	}
	return u
}

// next splits the first code off b by the codespace ranges and returns it
// and its length. A byte sequence no range matches takes the shortest
// codespace length, as viewers do, so one bad code does not eat the rest.
func (m *cmap) next(b []byte) (uint32, int) {
	shortest := 4
	for n := 1; n <= 4 && n <= len(b); n++ {
		c := codeOf(b[:n])
		for _, s := range m.spaces {
			if s.n == n && c >= s.lo && c <= s.hi {
				return c, n
			}
			shortest = min(shortest, s.n)
		}
	}
	if len(m.spaces) == 0 {
		shortest = 2
	}
	n := min(shortest, len(b))
	return codeOf(b[:n]), n
}

// cid is the CID code selects, and whether the map says.
func (m *cmap) cid(code uint32) (uint32, bool) {
	if c, ok := m.cidChars[code]; ok {
		return c, true
	}
	i := sort.Search(len(m.cids), func(i int) bool { return m.cids[i].hi >= code })
	for ; i < len(m.cids) && m.cids[i].lo <= code; i++ {
		if code <= m.cids[i].hi {
			return m.cids[i].cid + code - m.cids[i].lo, true
		}
	}
	return 0, false
}

// text is the text a ToUnicode map gives code, and whether it gives any
// (a nil map gives none).
func (m *cmap) text(code uint32) (string, bool) {
	if m == nil {
		return "", false
	}
	if s, ok := m.uni[code]; ok {
		return s, true
	}
	i := sort.Search(len(m.uniRange), func(i int) bool { return m.uniRange[i].hi >= code })
	for ; i < len(m.uniRange) && m.uniRange[i].lo <= code; i++ {
		r := m.uniRange[i]
		if code <= r.hi {
			u := append([]uint16(nil), r.dst...)
			u[len(u)-1] += uint16(code - r.lo)
			return string(utf16.Decode(u)), true
		}
	}
	return "", false
}

// predefinedCMap describes a CMap named by /Encoding rather than embedded:
// Identity maps two-byte codes to the same CIDs; the Uni…-UCS2 and
// Uni…-UTF16 maps take Unicode code units, so their codes are the text.
// Other predefined CMaps (Shift-JIS, EUC, Big5) are read as one- or
// two-byte codes by their lead byte, their text coming from ToUnicode.
func predefinedCMap(name string) (m *cmap, unicode bool) {
	m = &cmap{vertical: strings.HasSuffix(name, "-V")}
	switch {
	case name == "Identity-H" || name == "Identity-V":
		m.spaces = []codespace{{2, 0, 0xffff}}
		m.cids = []cidRange{{0, 0xffff, 0}}
	case strings.HasPrefix(name, "Uni") && (strings.Contains(name, "UCS2") || strings.Contains(name, "UTF16")):
		m.spaces = []codespace{{2, 0, 0xffff}}
		unicode = true
	default:
		m.spaces = []codespace{{1, 0, 0x80}, {2, 0x8140, 0xfffe}, {1, 0xa0, 0xdf}}
	}
	return m, unicode
}
