package excel

import "errors"

// errAbandoned is what the long loops over a sheet's rows (finding answer
// targets, listing the map's cells) panic with once the call's context has
// ended: guard, deferred at every entry point, turns it into the stop's
// error. Those loops return no error, and a stopped call's partial results
// are thrown away anyway.
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
