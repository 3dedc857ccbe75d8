package excel

// count is COUNT of ranges and values, as Microsoft's reference gives
// it: the cells referenced holding a number (text, booleans, errors and
// empty cells in them are not counted), and the values given directly
// that are numbers or booleans (an error is not counted either). Text
// given directly counts where it reads as a number, by rules this does
// not reproduce: such a call is left to excelize.
func (e *nativeEval) count() (calcArg, bool) {
	n := 0
	ok := e.eachArg(func(v calcArg) bool {
		if v.kind == argNumber {
			n++
		}
		return true
	}, func(v calcArg) bool {
		switch v.kind {
		case argNumber, argBool:
			n++
		case argError:
		default:
			return false
		}
		return true
	})
	if !ok {
		return calcArg{}, false
	}
	return calcArg{kind: argNumber, n: float64(n)}, true
}
