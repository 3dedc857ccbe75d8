package excel

// The order orderDeps (calcorder.go) must give, written the plain way
// (Kahn's peeling over maps), as the recalculation ordered its dependents
// before orderDeps: kept as the tests' oracle.

// order is the dependents in calculation order, each after the dependents
// it reads (Kahn), and marks those on a cycle or reading one: the ones the
// peeling leaves, which come last. excelize's evaluator caches what it
// computes along the way, so the order decides what a formula reads.
func (g *formulaGraph) order(deps []int) (ordered []int, cyclic nodeFlags) {
	in := map[int]bool{}
	for _, i := range deps {
		in[i] = true
	}
	pending := map[int]int{} // node → unresolved dependents it reads
	readBy := map[int][]int{}
	for _, i := range deps {
		g.readers(g.nodes[i].at, func(j int) {
			if in[j] {
				pending[j]++
				readBy[i] = append(readBy[i], j)
			}
		})
	}
	var ready []int
	for _, i := range deps {
		if pending[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		i := ready[0]
		ready = ready[1:]
		ordered = append(ordered, i)
		for _, j := range readBy[i] {
			if pending[j]--; pending[j] == 0 {
				ready = append(ready, j)
			}
		}
	}
	cyclic = make(nodeFlags, len(g.nodes))
	for _, i := range deps {
		if pending[i] > 0 {
			cyclic[i] = true
			ordered = append(ordered, i)
		}
	}
	return ordered, cyclic
}
