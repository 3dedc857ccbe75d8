package word

import (
	"strings"

	"github.com/beevik/etree"
)

// isW reports whether el is the WordprocessingML element w:tag.
func isW(el *etree.Element, tag string) bool {
	return el != nil && el.Tag == tag && el.Space == "w"
}

// childW returns el's first child element w:tag, or nil (also for a nil
// el).
func childW(el *etree.Element, tag string) *etree.Element {
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

// childrenW returns el's child elements w:tag (none for a nil el).
func childrenW(el *etree.Element, tag string) []*etree.Element {
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

// pathW follows a chain of w: child elements, returning nil when one is
// missing.
func pathW(el *etree.Element, tags ...string) *etree.Element {
	for _, t := range tags {
		if el == nil {
			return nil
		}
		el = childW(el, t)
	}
	return el
}

// attr returns the value of the attribute prefix:key of el.
func attr(el *etree.Element, prefix, key string) (string, bool) {
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

// val returns w:val of el.
func val(el *etree.Element) string {
	v, _ := attr(el, "w", "val")
	return v
}

// onOff reads a WordprocessingML toggle such as w:b: present and not
// explicitly off.
func onOff(el *etree.Element) bool {
	if el == nil {
		return false
	}
	switch strings.ToLower(val(el)) {
	case "0", "false", "off", "none":
		return false
	}
	return true
}

// descend calls fn for el and every descendant element in document order;
// fn returning false skips the element's subtree.
func descend(el *etree.Element, fn func(*etree.Element) bool) {
	if !fn(el) {
		return
	}
	for _, c := range el.Child {
		if e, ok := c.(*etree.Element); ok {
			descend(e, fn)
		}
	}
}

// firstW returns the first of el and its descendants that is w:tag, or nil.
func firstW(el *etree.Element, tag string) *etree.Element {
	var found *etree.Element
	descend(el, func(e *etree.Element) bool {
		if found == nil && isW(e, tag) {
			found = e
		}
		return found == nil
	})
	return found
}

// hasW reports whether el or one of its descendants is w:tag.
func hasW(el *etree.Element, tag string) bool { return firstW(el, tag) != nil }

// findW returns el's descendants w:tag in document order (el included).
func findW(el *etree.Element, tag string) []*etree.Element {
	var out []*etree.Element
	descend(el, func(e *etree.Element) bool {
		if isW(e, tag) {
			out = append(out, e)
		}
		return true
	})
	return out
}

// ancestorW returns the nearest ancestor of el that is w:tag, stopping at
// stop (exclusive), or nil.
func ancestorW(el, stop *etree.Element, tag string) *etree.Element {
	for p := el.Parent(); p != nil && p != stop; p = p.Parent() {
		if isW(p, tag) {
			return p
		}
	}
	return nil
}

// isProperties reports whether el is a properties element whose content is
// not document text.
func isProperties(el *etree.Element) bool {
	if el.Space != "w" {
		return false
	}
	switch el.Tag {
	case "pPr", "rPr", "tcPr", "trPr", "tblPr", "tblGrid", "sdtPr", "sdtEndPr", "sectPr", "tblPrEx":
		return true
	}
	return false
}
