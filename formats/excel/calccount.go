package excel

// count is COUNT of ranges and values, as Microsoft's reference gives
// it: the cells referenced holding a number (text, booleans, errors and
// empty cells in them are not counted), and the values given directly
// that are numbers or booleans (an error is not counted either). Text
// given directly counts where it reads as a number, by rules this does
// not reproduce: such a call is left to excelize.
func (e *nativeEval) count() (calcArg, bool) {
	n := 0
	for more := true; more; {
		if r, ok := e.referenceArg(); ok {
			for row := r.r1; row <= r.r2; row++ {
				for col := r.c1; col <= r.c2; col++ {
					v, ok := e.c.cellValue(r.sheet, row, col)
					if !ok {
						return calcArg{}, false
					}
					if v.kind == argNumber {
						n++
					}
				}
			}
		} else {
			v, ok := e.compare()
			if !ok {
				return calcArg{}, false
			}
			switch v.kind {
			case argNumber, argBool:
				n++
			case argError:
			default:
				return calcArg{}, false
			}
		}
		var ok bool
		if more, ok = e.next(); !ok {
			return calcArg{}, false
		}
	}
	return calcArg{kind: argNumber, n: float64(n)}, true
}
