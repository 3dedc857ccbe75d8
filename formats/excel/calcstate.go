package excel

// A calculation keeps what it knows of each node by node number, in
// slices made when first needed and grown as calcBook.pull adds nodes.

// nodeState is what a calculation knows of a node.
type nodeState uint8

const (
	nodeTried nodeState = 1 << iota // calc was called for it
	nodeDone                        // results holds its value

	kindShift = 4 // a done node's value's argKind is in the state's high bits
)

// nodeValue is a computed value without its kind, which the node's state
// holds: 24 bytes a node, not calcArg's 32.
type nodeValue struct {
	s string
	n float64
}

// done lets go of what only the calculation reads, its formulas' shapes
// and its lookups' indexes (a megabyte on a HECVAT 4.14 fill), and keeps
// the results that recompute records.
func (c *nativeCalc) done() { c.tc, c.columns, c.lastRows = nil, nil, nil }

// is reports whether node i is in state s.
func (c *nativeCalc) is(i int, s nodeState) bool { return i < len(c.states) && c.states[i]&s != 0 }

// mark puts node i in state s too.
func (c *nativeCalc) mark(i int, s nodeState) {
	if i >= len(c.states) {
		n := i + 1
		if c.book != nil {
			n = max(n, len(c.book.g.nodes)) // calcBook.pull adds nodes during the calculation
		}
		c.states = append(make([]nodeState, 0, n+n/16), c.states...)[:n]
		c.results = append(make([]nodeValue, 0, n+n/16), c.results...)[:n]
	}
	c.states[i] |= s
}

// value is node i's computed value, if it has one.
func (c *nativeCalc) value(i int) (calcArg, bool) {
	if !c.is(i, nodeDone) {
		return calcArg{}, false
	}
	r := c.results[i]
	return calcArg{kind: argKind(c.states[i] >> kindShift), n: r.n, s: r.s}, true
}

// stored is node i's cached value as calc returned it, if it has one.
func (c *nativeCalc) stored(i int) (cachedValue, bool) {
	v, ok := c.value(i)
	if !ok {
		return cachedValue{}, false
	}
	return storedOf(v) // a value is kept only when storedOf takes it
}
