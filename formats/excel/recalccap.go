package excel

// capInOrder keeps the first maxDependents of the dependents ordered (in
// calculation order, the cyclic ones last; see orderDeps) and returns the
// rest as beyond, whose cached values recalc removes. The cut is made in
// calculation order, never in the order the dependents were found: a
// formula is computed only after every formula it reads, so a kept one
// never reads one past the cap, whose stored value is stale. A cut among
// the cyclic ones drops them all: they read each other in no order.
func capInOrder(ordered []int, cyclic nodeFlags) (kept, beyond []int) {
	if len(ordered) <= maxDependents {
		return ordered, nil
	}
	cut := maxDependents
	for k, i := range ordered[:cut] {
		if cyclic.has(i) {
			cut = k
			break
		}
	}
	return ordered[:cut:cut], ordered[cut:]
}
