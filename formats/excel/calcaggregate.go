package excel

// The functions that aggregate their arguments (SUM, COUNT, MAX, MIN,
// AVERAGE, COUNTA) treat a value differently by where it comes from, as
// Microsoft's function reference gives it: a cell a reference names
// counts only as what it holds (SUM, MAX, MIN and AVERAGE skip its text
// and booleans, COUNT counts only its numbers), where a value given
// directly is read as the function reads it (a boolean is 1 or 0). So
// eachArg hands the cells of a reference argument and the other
// arguments to two different readers. LibreOffice has no boolean type:
// a TRUE cell is the number 1 to it, which MAX, MIN, AVERAGE and COUNT
// read (the tables name that case).

// eachArg reads a call's arguments up to its stop token: the value of
// each cell of an argument that is a reference alone goes to referenced,
// any other argument's value to given. Either returns false when the call
// is not computed natively, which eachArg then returns.
func (e *nativeEval) eachArg(referenced, given func(v calcArg) bool) bool {
	for more := true; more; {
		if r, ok := e.referenceArg(); ok {
			for row := r.r1; row <= r.r2; row++ {
				for col := r.c1; col <= r.c2; col++ {
					v, ok := e.c.cellValue(r.sheet, row, col)
					if !ok || !referenced(v) {
						return false
					}
				}
			}
		} else {
			v, ok := e.compare()
			if !ok || !given(v) {
				return false
			}
		}
		var ok bool
		if more, ok = e.next(); !ok {
			return false
		}
	}
	return true
}

// numbersOf reads a call's arguments as SUM, MAX, MIN and AVERAGE do and
// hands each number to add: the numbers of the cells referenced (their
// text, booleans and empty cells skipped), and the values given, read as
// numbers (a boolean is 1 or 0, text a number's digits or #VALUE!). The
// first error met, in a cell or given, is bad. ok is false where a value
// is not computed here: text given that Excel may read as a date or a
// currency (asNumber), or, unless emptyIsZero, an empty value given,
// which Excel reads as the reference it came from (MAX(IF(x,A1)) skips
// an empty A1, where SUM gets the same total whether it skips it or adds
// 0).
func (e *nativeEval) numbersOf(emptyIsZero bool, add func(n float64)) (bad calcArg, ok bool) {
	keep := func(err calcArg) {
		if bad.kind != argError {
			bad = err
		}
	}
	ok = e.eachArg(func(v calcArg) bool {
		switch v.kind {
		case argError:
			keep(v)
		case argNumber:
			add(v.n)
		}
		return true
	}, func(v calcArg) bool {
		if v.kind == argEmpty && !emptyIsZero {
			return false
		}
		n, err, ok := asNumber(v)
		if !ok {
			return false
		}
		if err.kind == argError {
			keep(err)
			return true
		}
		add(n)
		return true
	})
	return bad, ok
}

// extreme is MAX (greatest) or MIN of the numbers numbersOf reads, 0 when
// there are none; the first error among the arguments is the result.
func (e *nativeEval) extreme(greatest bool) (calcArg, bool) {
	best, any := 0.0, false
	bad, ok := e.numbersOf(false, func(n float64) {
		if !any || greatest && n > best || !greatest && n < best {
			best, any = n, true
		}
	})
	switch {
	case !ok:
		return calcArg{}, false
	case bad.kind == argError:
		return bad, true
	}
	return calcArg{kind: argNumber, n: best}, true
}

// average is AVERAGE of the numbers numbersOf reads: #DIV/0! when there
// are none; the first error among the arguments is the result.
func (e *nativeEval) average() (calcArg, bool) {
	total, count := 0.0, 0
	bad, ok := e.numbersOf(false, func(n float64) { total, count = total+n, count+1 })
	switch {
	case !ok:
		return calcArg{}, false
	case bad.kind == argError:
		return bad, true
	case count == 0:
		return errDiv0, true
	}
	return calcArg{kind: argNumber, n: total / float64(count)}, true
}

// countA is COUNTA: the cells referenced that are not empty (text, a
// formula's "" and errors are counted) and every value given. An empty
// value given (an IF giving an empty cell, which Excel reads as the
// reference) is not computed here.
func (e *nativeEval) countA() (calcArg, bool) {
	n := 0
	ok := e.eachArg(func(v calcArg) bool {
		if v.kind != argEmpty {
			n++
		}
		return true
	}, func(v calcArg) bool {
		n++
		return v.kind != argEmpty
	})
	if !ok {
		return calcArg{}, false
	}
	return calcArg{kind: argNumber, n: float64(n)}, true
}

// isBlank is ISBLANK of one argument: TRUE of an empty cell alone (a
// formula giving "" is not blank, nor is any value given). A range of
// more than one cell is not computed here.
func (e *nativeEval) isBlank() (calcArg, bool) {
	args, ok := e.args(nil)
	if !ok || len(args) != 1 {
		return calcArg{}, false
	}
	return boolArg(args[0].kind == argEmpty), true
}

// sum is SUM of ranges and values (numbersOf): the first error met is
// the result.
func (e *nativeEval) sum() (calcArg, bool) {
	total := 0.0
	bad, ok := e.numbersOf(true, func(n float64) { total += n })
	switch {
	case !ok:
		return calcArg{}, false
	case bad.kind == argError:
		return bad, true
	}
	return calcArg{kind: argNumber, n: total}, true
}
