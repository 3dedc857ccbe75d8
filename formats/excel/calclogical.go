package excel

// AND, OR and N read their arguments as Microsoft's function reference
// gives: a reference's text and empty cells are skipped by AND and OR
// (so a range holding an answer "Acme" beside a TRUE is TRUE, where
// excelize gave #VALUE!), and N is 0 of text (excelize read the text
// "007" as 7).

// logical is OR (or) or AND of a call's arguments: the numbers and
// booleans of the cells a reference names, their text and empty cells
// skipped, and the numbers and booleans given; #VALUE! when there is
// none. The first error met is the result. Text or an empty value given
// is not computed here.
func (e *nativeEval) logical(or bool) (calcArg, bool) {
	anyTrue, all, counted := false, true, false
	var bad calcArg
	read := func(v calcArg) bool {
		switch v.kind {
		case argError:
			if bad.kind != argError {
				bad = v
			}
		case argNumber, argBool:
			counted = true
			anyTrue, all = anyTrue || v.n != 0, all && v.n != 0
		default:
			return false
		}
		return true
	}
	ok := e.eachArg(func(v calcArg) bool {
		read(v) // a referenced cell's text or emptiness is skipped
		return true
	}, read)
	switch {
	case !ok:
		return calcArg{}, false
	case bad.kind == argError:
		return bad, true
	case !counted:
		return errValue, true
	case or:
		return boolArg(anyTrue), true
	}
	return boolArg(all), true
}

// toNumber is N of one value: a number as it is, a boolean 1 or 0, an
// error itself, and text or an empty cell 0. A range is not computed
// here.
func (e *nativeEval) toNumber() (calcArg, bool) {
	args, ok := e.args(nil)
	if !ok || len(args) != 1 {
		return calcArg{}, false
	}
	switch v := args[0]; v.kind {
	case argNumber, argError:
		return v, true
	case argBool:
		return calcArg{kind: argNumber, n: v.n}, true
	}
	return calcArg{kind: argNumber}, true
}
