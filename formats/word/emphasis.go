package word

import (
	"strings"

	"github.com/beevik/etree"
)

// emphasis is the character formatting that sets a role (a run-in header,
// a defined term) apart from body text: bold, italic, underline.
type emphasis struct {
	Bold, Italic, Underline bool
	// UnderlineVal is w:u's value when Underline is set ("single", "double"…).
	UnderlineVal string
}

// any reports whether e sets anything.
func (e emphasis) any() bool { return e.Bold || e.Italic || e.Underline }

// common is what e and o both set.
func (e emphasis) common(o emphasis) emphasis {
	c := emphasis{Bold: e.Bold && o.Bold, Italic: e.Italic && o.Italic, Underline: e.Underline && o.Underline}
	if c.Underline {
		c.UnderlineVal = e.UnderlineVal
	}
	return c
}

// covers reports whether e sets everything o sets.
func (e emphasis) covers(o emphasis) bool {
	return (e.Bold || !o.Bold) && (e.Italic || !o.Italic) && (e.Underline || !o.Underline)
}

// String lists what e sets, for messages and tests: "bold+underline".
func (e emphasis) String() string {
	var parts []string
	if e.Bold {
		parts = append(parts, "bold")
	}
	if e.Italic {
		parts = append(parts, "italic")
	}
	if e.Underline {
		parts = append(parts, "underline")
	}
	if len(parts) == 0 {
		return "plain"
	}
	return strings.Join(parts, "+")
}

// charStyles maps character style IDs to the emphasis they give, from
// word/styles.xml. A run's emphasis is its style's, overridden by its
// direct formatting.
type charStyles map[string]emphasis

// charStyles reads the character styles of the document's styles part
// once, following w:basedOn. A missing or unreadable part gives no styles: runs
// are then judged by their direct formatting alone.
func (d *document) charStyles() charStyles {
	if d.cstyles != nil {
		return d.cstyles
	}
	d.cstyles = charStyles{}
	f := d.arc.File("word/styles.xml")
	if f == nil {
		return d.cstyles
	}
	raw, err := d.arc.ReadFile(f)
	if err != nil {
		return d.cstyles
	}
	x, err := parseXML(raw, "word/styles.xml", nil, nil)
	if err != nil || x.Root() == nil {
		return d.cstyles
	}
	type def struct {
		based string
		rPr   *etree.Element
	}
	defs := map[string]def{}
	for _, s := range childrenW(x.Root(), "style") {
		if typ, _ := attr(s, "w", "type"); typ != "character" {
			continue
		}
		id, _ := attr(s, "w", "styleId")
		defs[id] = def{based: val(childW(s, "basedOn")), rPr: childW(s, "rPr")}
	}
	var resolve func(id string, depth int) emphasis
	resolve = func(id string, depth int) emphasis {
		dd, ok := defs[id]
		if !ok || depth > 16 {
			return emphasis{}
		}
		return applyDirect(resolve(dd.based, depth+1), dd.rPr)
	}
	for id := range defs {
		d.cstyles[id] = resolve(id, 0)
	}
	return d.cstyles
}

// applyDirect overrides e with what rPr sets directly.
func applyDirect(e emphasis, rPr *etree.Element) emphasis {
	if rPr == nil {
		return e
	}
	if b := childW(rPr, "b"); b != nil {
		e.Bold = onOff(b)
	}
	if i := childW(rPr, "i"); i != nil {
		e.Italic = onOff(i)
	}
	if u := childW(rPr, "u"); u != nil {
		v := val(u)
		e.Underline, e.UnderlineVal = v != "none", v
		if v == "" {
			e.UnderlineVal = "single"
		}
	}
	return e
}

// runEmphasis is the emphasis of run r: its character style's, then its
// direct formatting.
func (cs charStyles) runEmphasis(r *etree.Element) emphasis {
	rPr := childW(r, "rPr")
	var e emphasis
	if rPr != nil {
		e = cs[val(childW(rPr, "rStyle"))]
	}
	return applyDirect(e, rPr)
}

// runStyle is a run's character style ID, or "".
func runStyle(r *etree.Element) string {
	if rPr := childW(r, "rPr"); rPr != nil {
		return val(childW(rPr, "rStyle"))
	}
	return ""
}
