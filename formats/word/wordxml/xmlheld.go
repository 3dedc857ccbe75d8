package wordxml

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// The fast path through content left out of the tree (skipped formatting,
// the paragraphs a lazy read defers): most of a document.xml when a call
// builds only part of it. Such content is only checked, so one tight loop
// reads its plain text, start tags and end tags. It only ever accepts
// what the general reader (run) accepts: at any token it is unsure of — a
// reference, a forbidden character, a comment, a malformed tag — it stops
// with the reader at that token, and run reads it, reporting its error
// as it always has.

// heldStops marks the bytes plainText and plainValue stop at: markup and
// reference starts, the quotes, ']' (of "]]>"), 0xEF (U+FFFE and U+FFFF
// start with it) and the control characters XML 1.0 forbids; and '>' and
// '\r', which Write gives otherwise (see lazySpan). heldPlain is every other
// byte, what xmllex.Span passes.
var heldStops = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = c != '\t' && c != '\n'
	}
	for _, c := range []byte("<&]\"'\xef>") {
		t[c] = true
	}
	return t
}()

var heldPlain = xmllex.ClassOf(func(c byte) bool { return !heldStops[c] })

// heldPlainBits is heldPlain as bytes, 1 for plain, 0 for a stop: eight
// of them are tested at once by anding their lookups.
var heldPlainBits = func() (t [256]uint8) {
	for c := range t {
		if heldPlain[c] {
			t[c] = 1
		}
	}
	return t
}()

// spanPlain is xmllex.Span(b, i, &heldPlain), eight bytes a step while no
// stop is among them: text runs long between stops (a paragraph's words),
// where the byte loop's compare and branch per byte was most of the read
// of text.
func spanPlain(b []byte, i int) int {
	for ; i >= 0 && i+8 <= len(b); i += 8 {
		w := b[i : i+8 : i+8]
		t := &heldPlainBits
		if t[w[0]]&t[w[1]]&t[w[2]]&t[w[3]]&t[w[4]]&t[w[5]]&t[w[6]]&t[w[7]] == 0 {
			break
		}
	}
	return xmllex.Span(b, i, &heldPlain)
}

// plainText is the length of the text at the start of b, up to its '<',
// when the general reader would accept it without a second look: no
// reference, no forbidden character, no "]]>". ok is false otherwise, and
// when no '<' ends the text. asIs is false when Write would give the text
// otherwise: a quote, '>' or '\r' in it.
func plainText(b []byte) (n int, ok, asIs bool) {
	asIs = true
	for i := spanPlain(b, 0); i < len(b); i = spanPlain(b, i+1) {
		switch c := b[i]; {
		case c == '<':
			return i, true, asIs
		case c == '"' || c == '\'' || c == '>' || c == '\r':
			asIs = false
		case c == ']':
			if i+2 < len(b) && b[i+1] == ']' && b[i+2] == '>' {
				return 0, false, false
			}
		case c == 0xEF:
			if xmllex.NoncharAt(b, i) {
				return 0, false, false
			}
		default: // '&' or a control character
			return 0, false, false
		}
	}
	return 0, false, false
}

// plainValue is the length of the attribute value at the start of b, up
// to its closing quote q, when it is plain: no '<', no reference, no
// forbidden character.
func plainValue(b []byte, q byte) (n int, ok bool) {
	for i := xmllex.Span(b, 0, &heldPlain); i < len(b); i = xmllex.Span(b, i+1, &heldPlain) {
		switch c := b[i]; {
		case c == q:
			return i, true
		case c == '"' || c == '\'' || c == '>' || c == '\r' || c == ']':
		case c == 0xEF:
			if xmllex.NoncharAt(b, i) {
				return 0, false
			}
		default: // '<', '&' or a control character
			return 0, false
		}
	}
	return 0, false
}

// skipHeld reads content left out of the tree, as long as r.held is not
// empty, until a token it leaves to run (see above) or the end. A start
// tag asIsStart takes is read there; any other marks the open deferred
// element, if any, as not in Write's form (see lazySpan), and heldStart
// reads it.
func (r *xmlReader) skipHeld() error {
	for len(r.held) > 0 && r.i+1 < len(r.b) {
		i := r.i
		if r.b[i] != '<' {
			n, ok, asIs := plainText(r.b[i:])
			if !ok {
				r.lz.notAsIs() // run reads it
				return nil
			}
			if !asIs {
				r.lz.notAsIs()
			}
			r.i = i + n
			continue
		}
		var done bool
		var err error
		switch r.b[i+1] {
		case '/':
			if r.stop == nil && i != r.opened {
				// Most end tags, read here without heldEnd's call.
				if next := r.plainEnd(i); next > 0 {
					r.closeHeld(i, next)
					continue
				}
			}
			done, err = r.heldEnd(i)
		case '?', '!':
		default:
			if end, next, ok := r.asIsSeen(i); ok && len(r.stack)+len(r.held) <= r.max {
				if r.stop == nil { // most reads: no step to take
					r.openHeld(i, end, next)
					continue
				}
				err = r.heldAsIs(i, end, next)
				done = true
				break
			}
			r.lz.notAsIs()
			done, err = r.heldStart(i)
		}
		if err != nil {
			return err
		}
		if !done {
			r.i = i
			r.lz.notAsIs() // run reads it
			return nil
		}
	}
	return nil
}

// heldAsIs reads the start tag at i inside content left out, which
// asIsStart took: its name ends at end and the tag at next.
func (r *xmlReader) heldAsIs(i, end, next int) error {
	if err := r.step(); err != nil {
		r.i = next - 1 // at the '>' or "/>", as heldStart stops
		if r.b[next-2] == '/' {
			r.i--
		}
		return err
	}
	r.openHeld(i, end, next)
	return nil
}

// openHeld opens, inside content left out, the element whose start tag
// lies from i to next, its name ending at end; an empty-element tag
// opens nothing.
func (r *xmlReader) openHeld(i, end, next int) {
	name := r.b[i+1 : end]
	r.lz.held(name)
	r.i = next
	if r.b[next-2] != '/' {
		r.held = append(r.held, name)
		r.opened = next
	}
}

// heldStart reads the start tag at i inside content left out, if plain;
// once it has, it steps the stop, as run does for each tag. It reads the
// tags asIsStart does not take (spaced otherwise, single quotes, a quote
// or '>' in a value, a name beyond ASCII or given twice…), which are not
// in Write's form.
func (r *xmlReader) heldStart(i int) (bool, error) {
	name, ok := r.heldName(i + 1)
	if !ok || len(r.stack)+len(r.held) > r.max {
		return false, nil
	}
	for {
		sp := r.space()
		if r.i >= len(r.b) {
			return false, nil
		}
		switch r.b[r.i] {
		case '>', '/':
			if r.b[r.i] == '/' && (r.i+1 >= len(r.b) || r.b[r.i+1] != '>') {
				return false, nil
			}
			if err := r.step(); err != nil {
				return true, err
			}
			r.lz.held(name)
			if r.b[r.i] == '>' {
				r.held = append(r.held, name)
				r.i++
				r.opened = r.i
			} else {
				r.i += 2
			}
			return true, nil
		}
		if !sp {
			return false, nil
		}
		if !r.heldAttr() {
			return false, nil
		}
	}
}

// heldName reads the name at i inside content left out, as name would
// read and accept it, and leaves r.i after it; ok is false when name
// would refuse it. Content left out is only checked: a plain ASCII name
// (most of them) is checked as it is scanned, without the cache, the map
// or a string that name costs.
func (r *xmlReader) heldName(i int) (raw []byte, ok bool) {
	if j, ok := asciiName(r.b, i); ok {
		r.i = j
		return r.b[i:j], true
	}
	// Anything else is read as run reads it.
	r.i = i
	name := r.name()
	return r.b[i:r.i], name != ""
}

// startAttr reads one attribute of a start tag into el. When el is nil
// (an element deferred or left out, most of a verify's read) the
// attribute is only checked: heldAttr's plain scan first, which accepts
// only what attr accepts, and attr from the same byte when the scan is
// unsure, so errors and their offsets stay attr's.
func (r *xmlReader) startAttr(el *etree.Element) error {
	if el == nil {
		at := r.i
		if r.heldAttr() {
			return nil
		}
		r.i = at
	}
	return r.attr(el)
}

// heldAttr reads one plain attribute, checking it as attr does.
func (r *xmlReader) heldAttr() bool {
	if _, ok := r.heldName(r.i); !ok {
		return false
	}
	r.space()
	if r.i >= len(r.b) || r.b[r.i] != '=' {
		return false
	}
	r.i++
	r.space()
	if r.i >= len(r.b) || (r.b[r.i] != '"' && r.b[r.i] != '\'') {
		return false
	}
	n, ok := plainValue(r.b[r.i+1:], r.b[r.i])
	r.i += n + 2
	return ok
}

// heldEnd reads the end tag at i inside content left out, if it closes
// the innermost open element; once it has, it steps the stop.
func (r *xmlReader) heldEnd(i int) (bool, error) {
	next := r.plainEnd(i)
	if next == 0 {
		var ok bool
		if next, ok = xmllex.EndTag(r.b, i, r.held[len(r.held)-1], &nameBytes); !ok {
			return false, nil
		}
		r.lz.notAsIs() // "</x >", which Write gives as "</x>"
	}
	if err := r.step(); err != nil {
		return true, err
	}
	if i == r.opened {
		r.lz.notAsIs() // "<x></x>", which Write gives as "<x/>"
	}
	r.closeHeld(i, next)
	return true, nil
}

// plainEnd is the end of the end tag at i when it is "</x>" for the
// innermost open name x, as Write gives most end tags, and 0 otherwise.
// Only that name closes here: comparing the bytes with it spares reading
// (and interning) the name, as name would read exactly it when the byte
// after it ends a name.
func (r *xmlReader) plainEnd(i int) int {
	name := r.held[len(r.held)-1]
	next := i + len(name) + 3
	if next > len(r.b) || r.b[next-1] != '>' || string(r.b[i+2:next-1]) != string(name) {
		return 0
	}
	return next
}

// closeHeld closes the innermost element left out, whose end tag lies
// from i to next.
func (r *xmlReader) closeHeld(i, next int) {
	n := len(r.held)
	r.i = next
	r.held = r.held[:n-1]
	if n == 1 {
		r.lz.close(i)
	}
}
