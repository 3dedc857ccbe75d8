package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// checkbox is a w14:checkbox content control (sdt set) or a legacy
// FORMCHECKBOX field (ff set, its w:ffData).
type checkbox struct {
	sdt *etree.Element
	ff  *etree.Element
}

// checkboxesIn lists the checkboxes inside el, outside nested tables.
func checkboxesIn(el *etree.Element) []checkbox {
	var out []checkbox
	descend(el, func(e *etree.Element) bool {
		if e != el && isW(e, "tbl") {
			return false
		}
		switch {
		case isW(e, "sdt") && sdtCheckbox(e) != nil:
			out = append(out, checkbox{sdt: e})
			return false
		case isW(e, "ffData") && childW(e, "checkBox") != nil:
			out = append(out, checkbox{ff: e})
		}
		return true
	})
	return out
}

// sdtCheckbox returns the w14:checkbox of a control, or nil.
func sdtCheckbox(sdt *etree.Element) *etree.Element {
	pr := childW(sdt, "sdtPr")
	if pr == nil {
		return nil
	}
	for _, c := range pr.ChildElements() {
		if c.Tag == "checkbox" && c.Space != "w" {
			return c
		}
	}
	return nil
}

// checked reports the box's state.
func (cb checkbox) checked() bool {
	if cb.sdt != nil {
		box := sdtCheckbox(cb.sdt)
		for _, c := range box.ChildElements() {
			if c.Tag == "checked" {
				v, _ := attr(c, c.Space, "val")
				return v == "1" || strings.EqualFold(v, "true")
			}
		}
		return false
	}
	cbx := childW(cb.ff, "checkBox")
	if c := childW(cbx, "checked"); c != nil {
		return onOff(c)
	}
	return onOff(childW(cbx, "default"))
}

// set changes the box's state, and for a content control the glyph it
// shows.
func (cb checkbox) set(on bool) {
	if cb.sdt != nil {
		cb.setSDT(on)
		return
	}
	cbx := childW(cb.ff, "checkBox")
	for _, c := range childrenW(cbx, "checked") {
		cbx.RemoveChild(c)
	}
	def := childW(cbx, "default")
	switch {
	case on:
		cbx.CreateElement("w:checked")
	case onOff(def):
		cbx.CreateElement("w:checked").CreateAttr("w:val", "0")
	}
}

func (cb checkbox) setSDT(on bool) {
	box := sdtCheckbox(cb.sdt)
	ns := box.Space
	v := "0"
	if on {
		v = "1"
	}
	var checked *etree.Element
	for _, c := range box.ChildElements() {
		if c.Tag == "checked" {
			checked = c
		}
	}
	if checked == nil {
		checked = etree.NewElement(ns + ":checked")
		box.InsertChildAt(0, checked)
	}
	checked.CreateAttr(ns+":val", v)
	g := glyph(on)
	for _, c := range box.ChildElements() {
		if (on && c.Tag == "checkedState") || (!on && c.Tag == "uncheckedState") {
			if code, ok := attr(c, ns, "val"); ok {
				if n, err := strconv.ParseUint(code, 16, 32); err == nil && n > 0 && n < 0x110000 {
					g = string(rune(n))
				}
			}
		}
	}
	if sc := childW(cb.sdt, "sdtContent"); sc != nil {
		if ts := findW(sc, "t"); len(ts) > 0 {
			ts[0].SetText(g)
			for _, t := range ts[1:] {
				t.SetText("")
			}
		} else {
			sc.AddChild(textRun(nil, g))
		}
	}
	unsetPlaceholder(cb.sdt)
}

// glyph is the ballot box Word shows for a state.
func glyph(on bool) string {
	if on {
		return "☒"
	}
	return "☐"
}

// fillCheckbox sets the one checkbox a target holds from a boolean answer.
// It reports whether the target was a checkbox target.
func fillCheckbox(t target, answer string) (bool, error) {
	boxes := checkboxesIn(t.el)
	if len(boxes) == 0 {
		return fillTypedBox(t, answer)
	}
	if len(boxes) > 1 {
		if cb, ok := boxNamed(t.el, answer); ok {
			cb.set(true)
			return true, nil
		}
		return true, formats.Errorf(formats.ErrInvalidArgument, t.id,
			"the target holds %d checkboxes; answer with the label of the one to tick (%s) or address one by xpath (see list_form_fields)",
			len(boxes), strings.Join(boxSequence(t.el).labels(), " | "))
	}
	on, err := formats.ParseBool(answer)
	if err != nil {
		if done, ferr := fillBoxAndField(t, boxes[0], answer); done {
			return true, ferr
		}
		// one message naming the target, not ParseBool's wrapped in ours
		return true, formats.Errorf(formats.ErrInvalidArgument, t.id, "%q is not a checkbox value; the target is a checkbox: expected %s", answer, formats.BoolWords)
	}
	boxes[0].set(on)
	return true, nil
}

// drawnBox returns the state of the one legacy check box field el holds,
// and true: such a box is drawn, not written, so el's text does not show
// its state. false, false for any other target: a content control or a
// typed box shows its state as a glyph in the text.
func drawnBox(el *etree.Element) (bool, bool) {
	if boxes := checkboxesIn(el); len(boxes) == 1 && boxes[0].sdt == nil {
		return boxes[0].checked(), true
	}
	return false, false
}

// checkboxState returns the state of a target holding exactly one
// checkbox (a control or legacy field, a typed box leading its line, or
// one ballot-box glyph) and true; false, false for any other target.
func checkboxState(el *etree.Element) (bool, bool) {
	if boxes := checkboxesIn(el); len(boxes) == 1 {
		return boxes[0].checked(), true
	}
	if b, ok := soleTypedBox(el); ok {
		return b.on, true
	}
	text := textOf(el)
	on, off := strings.Count(text, "☒")+strings.Count(text, "☑"), strings.Count(text, "☐")
	if on+off == 1 {
		return on == 1, true
	}
	return false, false
}

// boxNamed finds, among the several boxes of a target, the one whose label
// (the text after it, else before it) is the answer: "Yes" ticks the box
// of "☐ Yes ☐ No".
func boxNamed(el *etree.Element, answer string) (checkbox, bool) {
	seq := boxSequence(el)
	labels := seq.labels()
	for i, b := range seq.boxes {
		if b.cb != nil && labels[i] != "" && formats.Normalize(labels[i]) == formats.Normalize(answer) {
			return *b.cb, true
		}
	}
	return checkbox{}, false
}
