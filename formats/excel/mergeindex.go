package excel

// mergeIndex finds the merged ranges holding a cell without looking at
// every range of the sheet: the scan asks for each of a sheet's cells, and
// a questionnaire merges thousands of ranges (CAIQ v3.0.1: asking every
// range about every formula cell was half of its guard's time).
//
// The rows are cut into bands of mergeBand rows; each band lists the
// ranges that reach into it, in the sheet's order. A range taller than
// mergeWide bands is listed once, among the wide ones every question looks
// at, so that a hostile sheet's tall ranges cost what they cost before the
// index and no more memory than their number.
type mergeIndex struct {
	rects []rect
	// start[b] .. start[b+1] is band b's part of in: the indexes into rects
	// of the ranges reaching into it, ascending.
	start []int32
	in    []int32
	wide  []int32 // indexes into rects, ascending
}

const (
	mergeBand = 16 // rows
	mergeWide = 64 // bands
)

// newMergeIndex indexes rects, a sheet's merged ranges in their order.
func newMergeIndex(rects []rect) *mergeIndex {
	ix := &mergeIndex{rects: rects}
	bands := 0
	for _, r := range rects {
		if holdsRows(r) && !tall(r) {
			bands = max(bands, r.r2/mergeBand+1)
		}
	}
	count := make([]int32, bands+1)
	for i, r := range rects {
		switch {
		case !holdsRows(r):
		case tall(r):
			ix.wide = append(ix.wide, int32(i))
		default:
			for b := top(r) / mergeBand; b <= r.r2/mergeBand; b++ {
				count[b+1]++
			}
		}
	}
	for b := 1; b <= bands; b++ {
		count[b] += count[b-1]
	}
	ix.start = count
	ix.in = make([]int32, count[bands])
	next := append([]int32(nil), count[:bands]...)
	for i, r := range rects {
		if !holdsRows(r) || tall(r) {
			continue
		}
		for b := top(r) / mergeBand; b <= r.r2/mergeBand; b++ {
			ix.in[next[b]] = int32(i)
			next[b]++
		}
	}
	return ix
}

// top is the first row of r that a cell can be in (rows count from 1).
func top(r rect) int { return max(r.r1, 1) }

// holdsRows reports whether r reaches any row a cell can be in: an
// unparsed range (rect{}) does not.
func holdsRows(r rect) bool { return r.r2 >= top(r) }

// tall reports a range listed among the wide ones.
func tall(r rect) bool { return r.r2/mergeBand-top(r)/mergeBand >= mergeWide }

// band is the ranges reaching into the band of row.
func (ix *mergeIndex) band(row int) []int32 {
	b := row / mergeBand
	if row < 1 || b+1 >= len(ix.start) {
		return nil
	}
	return ix.in[ix.start[b]:ix.start[b+1]]
}

// first returns the first range, in the sheet's order, that holds the cell
// (row and col count from 1).
func (ix *mergeIndex) first(row, col int) (rect, bool) {
	best := int32(-1)
	for _, list := range [2][]int32{ix.band(row), ix.wide} {
		for _, i := range list {
			if best >= 0 && i > best {
				break
			}
			if ix.rects[i].contains(row, col) {
				best = i
				break
			}
		}
	}
	if best < 0 {
		return rect{}, false
	}
	return ix.rects[best], true
}

// inside reports whether a range holds the cell other than as its first
// cell: Excel shows the first cell's content across the range, so such a
// cell is read as the first.
func (ix *mergeIndex) inside(row, col int) bool {
	for _, list := range [2][]int32{ix.band(row), ix.wide} {
		for _, i := range list {
			if r := ix.rects[i]; r.contains(row, col) && (r.r1 != row || r.c1 != col) {
				return true
			}
		}
	}
	return false
}

// mergeRects is the sheet's merged ranges, parsed and indexed once, when
// its scan is finished (see recorder). parsed is false if one of them
// does not parse.
func (s *sheetScan) mergeRects() (merges *mergeIndex, parsed bool) {
	if s.mergeRect == nil {
		p := &parsedMerges{all: true}
		rects := make([]rect, 0, len(s.merges))
		for _, m := range s.merges {
			r, ok := parseRect(m)
			p.all = p.all && ok
			rects = append(rects, r)
		}
		p.index = newMergeIndex(rects)
		s.mergeRect = p
	}
	return s.mergeRect.index, s.mergeRect.all
}

// parsedMerges is a sheet's merged ranges, parsed and indexed.
type parsedMerges struct {
	index *mergeIndex
	all   bool // every range parsed
}
