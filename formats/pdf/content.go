package pdf

import (
	"bytes"
	"strconv"
)

// A minimal PDF content-stream tokenizer: enough to find the text-showing
// operators and their operands. It never fails; malformed input ends the
// token stream early.

type tokKind int

const (
	tokEOF tokKind = iota
	tokNumber
	tokString
	tokName
	tokOp
	tokArray // a whole [...] array: strings and numbers, for TJ
	tokOther
)

type token struct {
	kind tokKind
	num  float64
	str  []byte
	arr  []token
}

type lexer struct {
	b []byte
	i int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *lexer) skipSpace() {
	for l.i < len(l.b) {
		c := l.b[l.i]
		if isSpace(c) {
			l.i++
			continue
		}
		if c == '%' {
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
			continue
		}
		return
	}
}

func (l *lexer) next() token {
	l.skipSpace()
	if l.i >= len(l.b) {
		return token{kind: tokEOF}
	}
	c := l.b[l.i]
	switch {
	case c == '(':
		return token{kind: tokString, str: l.literal()}
	case c == '<' && l.i+1 < len(l.b) && l.b[l.i+1] == '<':
		l.i += 2
		return token{kind: tokOther}
	case c == '>' && l.i+1 < len(l.b) && l.b[l.i+1] == '>':
		l.i += 2
		return token{kind: tokOther}
	case c == '<':
		return token{kind: tokString, str: l.hex()}
	case c == '[':
		l.i++
		var arr []token
		for depth := 0; depth < 1_000_000; depth++ {
			l.skipSpace()
			if l.i >= len(l.b) {
				break
			}
			if l.b[l.i] == ']' {
				l.i++
				break
			}
			t := l.next()
			if t.kind == tokEOF {
				break
			}
			arr = append(arr, t)
		}
		return token{kind: tokArray, arr: arr}
	case c == '/':
		l.i++
		start := l.i
		for l.i < len(l.b) && !isSpace(l.b[l.i]) && !isDelim(l.b[l.i]) {
			l.i++
		}
		return token{kind: tokName, str: l.b[start:l.i]}
	case c == ']' || c == ')' || c == '>' || c == '{' || c == '}':
		l.i++
		return token{kind: tokOther}
	}
	start := l.i
	for l.i < len(l.b) && !isSpace(l.b[l.i]) && !isDelim(l.b[l.i]) {
		l.i++
	}
	word := l.b[start:l.i]
	if looksNumeric(word) {
		if f, err := strconv.ParseFloat(string(word), 64); err == nil {
			return token{kind: tokNumber, num: f}
		}
	}
	return token{kind: tokOp, str: word}
}

// looksNumeric reports whether a word starts like a number: operators
// never do, and skipping ParseFloat for them saves an error allocation
// per operator (a quarter of a page read's allocations).
func looksNumeric(w []byte) bool {
	if len(w) == 0 {
		return false
	}
	c := w[0]
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.'
}

// literal reads a (string) with nested parentheses and escapes.
func (l *lexer) literal() []byte {
	l.i++ // (
	var out []byte
	depth := 1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		switch c {
		case '\\':
			if l.i >= len(l.b) {
				return out
			}
			out = l.escape(out)
		case '(':
			depth++
			out = append(out, c)
		case ')':
			depth--
			if depth == 0 {
				return out
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

func (l *lexer) escape(out []byte) []byte {
	c := l.b[l.i]
	l.i++
	switch c {
	case 'n':
		return append(out, '\n')
	case 'r':
		return append(out, '\r')
	case 't':
		return append(out, '\t')
	case 'b':
		return append(out, '\b')
	case 'f':
		return append(out, '\f')
	case '\r':
		if l.i < len(l.b) && l.b[l.i] == '\n' {
			l.i++
		}
		return out
	case '\n':
		return out
	}
	if c >= '0' && c <= '7' {
		v := int(c - '0')
		for k := 0; k < 2 && l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '7'; k++ {
			v = v*8 + int(l.b[l.i]-'0')
			l.i++
		}
		return append(out, byte(v))
	}
	return append(out, c)
}

func (l *lexer) hex() []byte {
	l.i++ // <
	var out []byte
	var hi int = -1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		if c == '>' {
			break
		}
		v := hexVal(c)
		if v < 0 {
			continue
		}
		if hi < 0 {
			hi = v
		} else {
			out = append(out, byte(hi<<4|v))
			hi = -1
		}
	}
	if hi >= 0 {
		out = append(out, byte(hi<<4))
	}
	return out
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// scanOps lexes a content stream (or a DA string, or a CMap) and calls op
// for each operator with the operands before it, until op returns false,
// the input ends or maxTokens tokens have been read. Inline image data
// (BI … EI) is skipped. args is reused: op must not keep it.
func scanOps(b []byte, maxTokens int, op func(name string, args []token) bool) {
	l := &lexer{b: b}
	var args []token
	for steps := 0; steps < maxTokens; steps++ {
		t := l.next()
		if t.kind == tokEOF {
			return
		}
		if t.kind != tokOp {
			args = append(args, t)
			continue
		}
		if string(t.str) == "BI" {
			j := bytes.Index(b[l.i:], []byte("EI"))
			if j < 0 {
				return
			}
			l.i += j + 2
		}
		if !op(string(t.str), args) {
			return
		}
		args = args[:0]
	}
}

// textPosition follows the operators that place text (BT, Td, TD, Tm, T*,
// TL): both the page text reader and the appearance reader embed it.
type textPosition struct {
	tm, tlm matrix
	lead    float64
}

// place applies op if it is one of those operators and reports whether
// it was.
func (p *textPosition) place(op string, args []token) bool {
	switch op {
	case "BT":
		p.tm, p.tlm = identity, identity
	case "TL":
		if v, ok := nums(args, 1); ok {
			p.lead = v[0]
		}
	case "Td", "TD":
		if v, ok := nums(args, 2); ok {
			if op == "TD" {
				p.lead = -v[1]
			}
			p.moveLine(v[0], v[1])
		}
	case "Tm":
		if v, ok := nums(args, 6); ok {
			p.tm = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}
			p.tlm = p.tm
		}
	case "T*":
		p.moveLine(0, -p.lead)
	default:
		return false
	}
	return true
}

func (p *textPosition) moveLine(tx, ty float64) {
	p.tlm = matrix{1, 0, 0, 1, tx, ty}.mul(p.tlm)
	p.tm = p.tlm
}

// nums returns the last n operands as numbers, if they all are.
func nums(ops []token, n int) ([]float64, bool) {
	if len(ops) < n {
		return nil, false
	}
	out := make([]float64, n)
	for i, t := range ops[len(ops)-n:] {
		if t.kind != tokNumber {
			return nil, false
		}
		out[i] = t.num
	}
	return out, true
}
