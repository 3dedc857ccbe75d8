package wordxml

import "github.com/beevik/etree"

// Edits of the tree that know only elements, not targets.

// AppendChildren appends els to parent, in order.
func AppendChildren(parent *etree.Element, els []*etree.Element) {
	for _, e := range els {
		parent.AddChild(e)
	}
}

// InsertAfter puts els right after ref in ref's parent, in order.
func InsertAfter(ref *etree.Element, els []*etree.Element) {
	parent := ref.Parent()
	at := ref.Index() + 1
	for i, e := range els {
		parent.InsertChildAt(at+i, e)
	}
}

// IsStub reports a run holding nothing but its properties.
func IsStub(r *etree.Element) bool {
	for _, c := range r.ChildElements() {
		if !IsW(c, "rPr") {
			return false
		}
	}
	return true
}

// RootBody climbs to w:body.
func RootBody(el *etree.Element) *etree.Element {
	for e := el; e != nil; e = e.Parent() {
		if IsW(e, "body") {
			return e
		}
	}
	return nil
}
