package sfnt

import "testing"

// syntheticCFF builds a small CID-keyed CFF by hand: three glyphs, one
// drawn through a global subroutine, one with hints, a hint mask and a
// local subroutine, so the desubroutiniser and the writer meet each
// construct without a 16 MB CJK font (a cheap fuzz seed too).
func syntheticCFF() []byte {
	const (
		rmoveto   = 21
		rlineto   = 5
		endchar   = 14
		ret       = 11
		hstemhm   = 18
		hintmask  = 19
		callsubr  = 10
		callgsubr = 29
	)
	n := func(v int) byte { return byte(v + 139) } // one-byte charstring numbers, -107…107
	gsubr := []byte{n(10), n(0), rlineto, n(0), n(10), rlineto, ret}
	lsubr := []byte{n(-10), n(0), rlineto, ret}
	charstrings := [][]byte{
		{endchar},
		{n(50), n(50), rmoveto, n(-107), callgsubr, endchar},
		{n(0), n(20), hstemhm, hintmask, 0x80, n(20), n(20), rmoveto, n(-107), callsubr, n(-107), callgsubr, endchar},
	}
	// Private DICT: defaultWidthX 0, local subroutines right after it
	// (every operand is a 5-byte integer, so its size is known: 12).
	priv := appendOp(appendInt(nil, 0), 20)
	priv = appendOp(appendInt(priv, 12), opSubrs)
	var lay [5]int // Private, CharStrings, charset, FDSelect, FDArray offsets
	var out []byte
	for pass := 0; pass < 2; pass++ {
		privOff, csOff, charsetOff, fdSelOff, fdaOff := 0, 0, 0, 0, 0
		if pass == 1 {
			privOff, csOff, charsetOff, fdSelOff, fdaOff = lay[0], lay[1], lay[2], lay[3], lay[4]
		}
		var top []byte
		for _, v := range []int{nStdStrings, nStdStrings + 1, 0} {
			top = appendInt(top, v)
		}
		top = appendOp(top, opROS)
		top = appendOp(appendInt(top, 3), opCIDCount)
		top = appendOp(appendInt(top, charsetOff), opCharset)
		top = appendOp(appendInt(top, csOff), opCharStrings)
		top = appendOp(appendInt(top, fdSelOff), opFDSelect)
		top = appendOp(appendInt(top, fdaOff), opFDArray)
		fd := appendOp(appendInt(appendInt(nil, len(priv)), privOff), opPrivate)

		out = []byte{1, 0, 4, 4}
		out = appendIndex(out, [][]byte{[]byte("Synth")})
		out = appendIndex(out, [][]byte{top})
		out = appendIndex(out, [][]byte{[]byte("Adobe"), []byte("Identity")})
		out = appendIndex(out, [][]byte{gsubr})
		lay[2] = len(out)
		out = append(out, 0, 0, 1, 0, 2) // charset format 0: CIDs 1, 2
		lay[3] = len(out)
		out = append(out, 0, 0, 0, 0) // FDSelect format 0: all in Font DICT 0
		lay[1] = len(out)
		out = appendIndex(out, charstrings)
		lay[4] = len(out)
		out = appendIndex(out, [][]byte{fd})
		lay[0] = len(out)
		out = append(out, priv...)
		out = appendIndex(out, [][]byte{lsubr})
	}
	return out
}

func TestSubsetInlinesGlobalAndLocalSubroutines(t *testing.T) {
	src := syntheticCFF()
	c, err := parseCFF(src)
	if err != nil {
		t.Fatalf("the synthetic font does not parse: %v", err)
	}
	if len(c.gsubrs) != 1 || len(c.fds) != 1 || len(c.fds[0].subrs) != 1 || len(c.charstrings) != 3 {
		t.Fatalf("synthetic font: %d gsubrs, %d FDs, %d charstrings", len(c.gsubrs), len(c.fds), len(c.charstrings))
	}
	gids := []uint16{1, 2}
	sub, err := subsetCFFTable(src, gids)
	if err != nil {
		t.Fatal(err)
	}
	checkCFFSubset(t, src, sub, gids)
}
