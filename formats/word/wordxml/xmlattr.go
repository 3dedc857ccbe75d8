package wordxml

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// Attr reads one attribute and adds it to el, unless el is nil (an element
// left out of the tree).
func (r *xmlReader) attr(el *etree.Element) error {
	key := r.name()
	r.space()
	if key == "" || r.i >= len(r.b) || r.b[r.i] != '=' {
		return errors.New("malformed attribute")
	}
	r.i++
	r.space()
	raw, next, f := xmllex.Quoted(r.b, r.i)
	switch f {
	case xmllex.NotQuoted:
		return fmt.Errorf("attribute %s: value must be quoted", key)
	case xmllex.Unterminated:
		return fmt.Errorf("attribute %s: unterminated value", key)
	}
	if bytes.IndexByte(raw, '<') >= 0 {
		return fmt.Errorf("attribute %s: '<' in value", key)
	}
	if el == nil {
		if err := r.check(raw); err != nil {
			return err
		}
		r.i = next
		return nil
	}
	// Attribute values repeat endlessly in OOXML (widths, "dxa", colours):
	// short plain ones are interned rather than allocated each time, in a
	// table by hash where a new value takes the slot of an old one — a map
	// grew with every unique value (paragraph IDs), a tenth of the parse.
	var slot *string
	if len(raw) <= 16 {
		slot = r.valueSlot(raw)
	}
	var v string
	if slot != nil && *slot == string(raw) {
		v = *slot
	} else {
		var err error
		if v, err = r.decode(raw); err != nil {
			return err
		}
		if slot != nil && v == string(raw) {
			*slot = v
		}
	}
	r.i = next
	el.CreateAttr(key, v)
	return nil
}

// valueSlot is where attr interns the short value raw: a slot of r.values
// by FNV-1a hash, the table sized to the part (valueSlots).
func (r *xmlReader) valueSlot(raw []byte) *string {
	if r.values == nil {
		r.values = make([]string, valueSlots(len(r.b)))
	}
	h := uint32(2166136261)
	for _, c := range raw {
		h = (h ^ uint32(c)) * 16777619
	}
	return &r.values[h&uint32(len(r.values)-1)]
}

// valueSlots sizes the value table for n bytes of XML, a power of two: a
// fragment of a few hundred bytes gets a few slots, a document.xml 1024.
func valueSlots(n int) int {
	slots := 16
	for slots < 1024 && slots*64 < n {
		slots *= 2
	}
	return slots
}
