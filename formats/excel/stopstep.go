package excel

import "errors"

// errAbandoned is what the long loops over a sheet's rows (finding answer
// targets, listing the map's cells) and over the formula graph's readers
// panic with once the call's context has ended: guard, deferred at every
// entry point, turns it into the stop's error. Those loops return no
// error, and a stopped call's partial results are thrown away anyway.
var errAbandoned = errors.New("excel: call abandoned at its stop")

// step counts one row of work on the sheet and abandons the call once its
// context has ended (checked every stepsPerCheck rows). A sheet worked in a
// lane steps a Stopper of its own (see eachSheet).
func (m *sheetModel) step() {
	stop := m.stop
	if stop == nil && m.wb != nil {
		stop = m.wb.stop
	}
	if stop.Step() != nil {
		panic(errAbandoned)
	}
}

// readersWork is how much work of the graph's readers (nodes looked at)
// goes by between two looks at the stop. The search for the dependents of
// the written cells and their ordering ask for the readers of each
// dependent: on a fill of every field of HECVAT Full 3.06, 130 ms of CPU
// went by without a look. A unit is a few nanoseconds.
const readersWork = 1 << 14

// stepReaders counts n units of readers' work and abandons the call once
// the graph's stop has ended (checked every readersWork units).
func (g *formulaGraph) stepReaders(n int) {
	if g.steps += n; g.steps < readersWork {
		return
	}
	g.steps = 0
	if g.stop.Check() != nil {
		panic(errAbandoned)
	}
}
