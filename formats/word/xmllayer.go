package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// The XML layer (reading and writing parts, XPaths, the w: element
// helpers) lives in package wordxml. These one-line forwarders keep the
// engine's names, so the code above the layer reads as it did before the
// split; each inlines to the call it forwards. New code may call wordxml
// directly.

func readXML(raw []byte, maxDepth int, skip map[string]bool, stop *formats.Stopper) (*etree.Document, error) {
	return wordxml.Read(raw, maxDepth, skip, stop)
}

func writeXML(dst []byte, x *etree.Document, sizeHint int) []byte {
	return wordxml.Write(dst, x, sizeHint)
}

func elementXML(el *etree.Element) string { return wordxml.ElementXML(el) }

func elementXMLPrefix(el *etree.Element, max int) string { return wordxml.ElementXMLPrefix(el, max) }

func elementXMLStop(el *etree.Element, stop *formats.Stopper) (string, error) {
	return wordxml.ElementXMLStop(el, stop)
}

func resolveXPath(body *etree.Element, xp string) (*etree.Element, error) {
	return wordxml.ResolveXPath(body, xp)
}

func xpathOf(body, el *etree.Element) string { return wordxml.XPathOf(body, el) }

// validXPath reports whether xp has the shape resolveXPath accepts.
func validXPath(xp string) bool {
	_, err := wordxml.CheckXPath(xp)
	return err == nil
}

func isW(el *etree.Element, tag string) bool { return wordxml.IsW(el, tag) }

func childW(el *etree.Element, tag string) *etree.Element { return wordxml.ChildW(el, tag) }

func childrenW(el *etree.Element, tag string) []*etree.Element { return wordxml.ChildrenW(el, tag) }

func pathW(el *etree.Element, tags ...string) *etree.Element { return wordxml.PathW(el, tags...) }

func attr(el *etree.Element, prefix, key string) (string, bool) { return wordxml.Attr(el, prefix, key) }

func val(el *etree.Element) string { return wordxml.Val(el) }

func onOff(el *etree.Element) bool { return wordxml.OnOff(el) }

func descend(el *etree.Element, fn func(*etree.Element) bool) { wordxml.Descend(el, fn) }

func firstW(el *etree.Element, tag string) *etree.Element { return wordxml.FirstW(el, tag) }

func hasW(el *etree.Element, tag string) bool { return wordxml.HasW(el, tag) }

func findW(el *etree.Element, tag string) []*etree.Element { return wordxml.FindW(el, tag) }

func ancestorW(el, stop *etree.Element, tag string) *etree.Element {
	return wordxml.AncestorW(el, stop, tag)
}

func isProperties(el *etree.Element) bool { return wordxml.IsProperties(el) }

func parseXML(raw []byte, field string, skip map[string]bool, stop *formats.Stopper) (*etree.Document, error) {
	return wordxml.Parse(raw, field, skip, stop)
}

func appendChildren(parent *etree.Element, els []*etree.Element) { wordxml.AppendChildren(parent, els) }

func insertAfter(ref *etree.Element, els []*etree.Element) { wordxml.InsertAfter(ref, els) }

func isStub(r *etree.Element) bool { return wordxml.IsStub(r) }

func rootBody(el *etree.Element) *etree.Element { return wordxml.RootBody(el) }
