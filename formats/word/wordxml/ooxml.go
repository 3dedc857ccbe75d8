package wordxml

import (
	"strings"

	"github.com/beevik/etree"
)

// IsW reports whether el is the WordprocessingML element w:tag.
func IsW(el *etree.Element, tag string) bool {
	return el != nil && el.Tag == tag && el.Space == "w"
}

// ChildW returns el's first child element w:tag, or nil (also for a nil
// el).
func ChildW(el *etree.Element, tag string) *etree.Element {
	if el == nil {
		return nil
	}
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok && e.Tag == tag && e.Space == "w" {
			return e
		}
	}
	return nil
}

// ChildrenW returns el's child elements w:tag (none for a nil el).
func ChildrenW(el *etree.Element, tag string) []*etree.Element {
	if el == nil {
		return nil
	}
	var out []*etree.Element
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok && e.Tag == tag && e.Space == "w" {
			out = append(out, e)
		}
	}
	return out
}

// PathW follows a chain of w: child elements, returning nil when one is
// missing.
func PathW(el *etree.Element, tags ...string) *etree.Element {
	for _, t := range tags {
		if el == nil {
			return nil
		}
		el = ChildW(el, t)
	}
	return el
}

// Attr returns the value of the attribute prefix:key of el.
func Attr(el *etree.Element, prefix, key string) (string, bool) {
	if el == nil {
		return "", false
	}
	for _, a := range el.Attr {
		if a.Key == key && a.Space == prefix {
			return a.Value, true
		}
	}
	return "", false
}

// Val returns w:val of el.
func Val(el *etree.Element) string {
	v, _ := Attr(el, "w", "val")
	return v
}

// OnOff reads a WordprocessingML toggle such as w:b: present and not
// explicitly off.
func OnOff(el *etree.Element) bool {
	if el == nil {
		return false
	}
	switch strings.ToLower(Val(el)) {
	case "0", "false", "off", "none":
		return false
	}
	return true
}

// Descend calls fn for el and every descendant element in document order;
// fn returning false skips the element's subtree.
func Descend(el *etree.Element, fn func(*etree.Element) bool) {
	if !fn(el) {
		return
	}
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok {
			Descend(e, fn)
		}
	}
}

// FirstW returns the first of el and its descendants that is w:tag, or nil.
func FirstW(el *etree.Element, tag string) *etree.Element {
	var found *etree.Element
	Descend(el, func(e *etree.Element) bool {
		if found == nil && IsW(e, tag) {
			found = e
		}
		return found == nil
	})
	return found
}

// HasW reports whether el or one of its descendants is w:tag.
func HasW(el *etree.Element, tag string) bool { return FirstW(el, tag) != nil }

// FindW returns el's descendants w:tag in document order (el included).
func FindW(el *etree.Element, tag string) []*etree.Element {
	var out []*etree.Element
	Descend(el, func(e *etree.Element) bool {
		if IsW(e, tag) {
			out = append(out, e)
		}
		return true
	})
	return out
}

// AncestorW returns the nearest ancestor of el that is w:tag, stopping at
// stop (exclusive), or nil.
func AncestorW(el, stop *etree.Element, tag string) *etree.Element {
	for p := el.Parent(); p != nil && p != stop; p = p.Parent() {
		if IsW(p, tag) {
			return p
		}
	}
	return nil
}

// IsProperties reports whether el is a properties element whose content is
// not document text.
func IsProperties(el *etree.Element) bool {
	if el.Space != "w" {
		return false
	}
	switch el.Tag {
	case "pPr", "rPr", "tcPr", "trPr", "tblPr", "tblGrid", "sdtPr", "sdtEndPr", "sectPr", "tblPrEx":
		return true
	}
	return false
}
