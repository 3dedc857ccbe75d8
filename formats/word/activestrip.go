package word

import (
	"bytes"
	"path"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// StripActiveContent returns the document without what ActiveContent
// reports, and what it removed (formats.ActiveScanner):
//
//   - the relationships of remote templates, altChunks and other external
//     links are deleted, and so are the elements that name them (the
//     w:attachedTemplate, the w:altChunk, a w:subDoc) or, for a picture or object
//     that also shows a copy of its own, the attribute that links it;
//   - a field that fetches or runs something is unlinked, as Word's
//     Ctrl+Shift+F9 does: its instruction goes and the result it last
//     showed stays, as plain content;
//   - a VBA project is reported, not removed: a .docx does not run it.
//
// Parts it does not change are copied byte for byte.
func (e *Engine) StripActiveContent(doc []byte) ([]byte, []formats.ActiveContent, error) {
	stop := e.stopper()
	arc, err := openActive(doc, stop)
	if err != nil {
		return nil, nil, err
	}
	var removed []formats.ActiveContent
	replaced := map[string][]byte{}
	cut := map[string]map[string]bool{} // owning part → relationship IDs removed
	for _, f := range arc.Zip.File {
		if !isRelsPart(f.Name) {
			continue
		}
		raw, err := arc.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		out, ids, items, err := stripRels(f.Name, raw, stop)
		if err != nil {
			return nil, nil, err
		}
		if len(ids) > 0 {
			replaced[f.Name], cut[ownerOf(f.Name)] = out, ids
			removed = append(removed, items...)
		}
	}
	for _, f := range arc.Zip.File {
		ids := cut[f.Name]
		if len(ids) == 0 && !isStoryPart(f.Name) {
			continue
		}
		raw, err := arc.ReadFile(f)
		if err != nil {
			return nil, nil, err
		}
		if len(ids) == 0 && !bytes.Contains(raw, []byte("instr")) {
			continue // no field instruction: nothing to unlink
		}
		out, items, changed, err := stripPart(f.Name, raw, ids, stop)
		if err != nil {
			return nil, nil, err
		}
		removed = append(removed, items...)
		if changed {
			replaced[f.Name] = out
		}
	}
	if len(replaced) == 0 {
		return doc, nil, nil
	}
	out, err := arc.Rewrite(replaced)
	if err != nil {
		return nil, nil, err
	}
	return out, removed, nil
}

// ownerOf is the part a .rels part belongs to: word/_rels/settings.xml.rels
// belongs to word/settings.xml.
func ownerOf(relsName string) string {
	dir := path.Dir(path.Dir(relsName))
	base := strings.TrimSuffix(path.Base(relsName), ".rels")
	if dir == "." {
		return base
	}
	return dir + "/" + base
}

// stripRels removes the active relationships of a .rels part and returns
// the part rewritten, the IDs it removed and what they were.
func stripRels(name string, raw []byte, stop *formats.Stopper) ([]byte, map[string]bool, []formats.ActiveContent, error) {
	x, err := readXML(raw, maxDepth, nil, stop)
	if err != nil {
		return nil, nil, nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "the relationships part is not well-formed XML")
	}
	root := x.Root()
	if root == nil {
		return nil, nil, nil, nil
	}
	ids := map[string]bool{}
	var items []formats.ActiveContent
	for _, el := range root.ChildElements() {
		r := rel{ID: el.SelectAttrValue("Id", ""), Type: el.SelectAttrValue("Type", ""),
			Target: el.SelectAttrValue("Target", ""), Mode: el.SelectAttrValue("TargetMode", "")}
		if a, ok := r.active(name); ok {
			ids[r.ID] = true
			items = append(items, a)
			root.RemoveChild(el)
		}
	}
	if len(ids) == 0 {
		return nil, nil, nil, nil
	}
	return writeXML(nil, x, len(raw)), ids, items, nil
}

// unlinkedElements are the elements that exist only to name an active
// relationship: they go with it. Any other element naming one loses the
// attribute (a picture's r:link, keeping its r:embed copy).
var unlinkedElements = map[string]bool{"w:attachedTemplate": true, "w:altChunk": true, "w:subDoc": true}

// stripPart removes from a part what names a removed relationship (ids)
// and, in a story part, unlinks the fields that fetch or run something.
func stripPart(name string, raw []byte, ids map[string]bool, stop *formats.Stopper) ([]byte, []formats.ActiveContent, bool, error) {
	x, err := readXML(raw, maxDepth, nil, stop)
	if err != nil {
		return nil, nil, false, formats.Wrap(formats.ErrInvalidDocument, name, err, "the part is not well-formed XML")
	}
	changed := false
	if len(ids) > 0 {
		changed = dropRelReferences(&x.Element, ids)
	}
	var items []formats.ActiveContent
	if isStoryPart(name) {
		for _, instr := range unlinkFields(&x.Element) {
			items = append(items, formats.NewActive(formats.ActiveFetchingField, name, instr))
			changed = true
		}
	}
	if !changed {
		return nil, nil, false, nil
	}
	return writeXML(nil, x, len(raw)), items, true, nil
}

// dropRelReferences removes the elements and attributes of root's tree
// that name a relationship in ids (attributes of the r: namespace).
func dropRelReferences(root *etree.Element, ids map[string]bool) bool {
	changed := false
	var victims []*etree.Element
	descend(root, func(el *etree.Element) bool {
		for i := 0; i < len(el.Attr); i++ {
			a := el.Attr[i]
			if !isRelAttr(el, a) || !ids[a.Value] {
				continue
			}
			changed = true
			if unlinkedElements[el.FullTag()] {
				victims = append(victims, el)
				return false
			}
			el.RemoveAttr(a.FullKey())
			i--
		}
		return true
	})
	for _, v := range victims {
		if p := v.Parent(); p != nil {
			p.RemoveChild(v)
		}
	}
	return changed
}

// isRelAttr reports whether a is an attribute of the relationships
// namespace (r:id, r:link, r:embed).
func isRelAttr(el *etree.Element, a etree.Attr) bool {
	return a.Space != "" && a.Space != "xmlns" && lookupNS(el, a.Space) == nsRelsOffice
}

// nsRelsOffice is the namespace of r:id and its kin.
const nsRelsOffice = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

// lookupNS is the namespace URI prefix stands for at el.
func lookupNS(el *etree.Element, prefix string) string {
	for e := el; e != nil; e = e.Parent() {
		if v := e.SelectAttrValue("xmlns:"+prefix, ""); v != "" {
			return v
		}
	}
	return ""
}

// unlinkFields unlinks root's fields whose instruction fetches or runs
// something and returns their instructions. A complex field loses its
// w:fldChar and w:instrText (and any field nested in its instruction);
// the runs of its result stay. A w:fldSimple is replaced by its children.
func unlinkFields(root *etree.Element) []string {
	type open struct {
		instr  strings.Builder
		marks  []*etree.Element // fldChar and instrText elements of the field
		result bool             // past its separate
	}
	var stack []*open
	var unlinked []string
	var drop []*etree.Element
	var simple []*etree.Element
	descend(root, func(el *etree.Element) bool {
		switch {
		case isW(el, "fldSimple"):
			if instr := el.SelectAttrValue("w:instr", ""); isFetching(instr) {
				simple = append(simple, el)
				unlinked = append(unlinked, instr)
			}
		case isW(el, "fldChar"):
			switch el.SelectAttrValue("w:fldCharType", "") {
			case "begin":
				stack = append(stack, &open{marks: []*etree.Element{el}})
			case "separate", "end":
				n := len(stack)
				if n == 0 {
					return true
				}
				f := stack[n-1]
				f.marks = append(f.marks, el)
				f.result = true
				if el.SelectAttrValue("w:fldCharType", "") == "end" {
					stack = stack[:n-1]
					if isFetching(f.instr.String()) {
						unlinked = append(unlinked, f.instr.String())
						drop = append(drop, f.marks...)
					} else if n > 1 && !stack[n-2].result {
						// nested in an outer instruction: it goes with it
						stack[n-2].marks = append(stack[n-2].marks, f.marks...)
					}
				}
			}
		case isW(el, "instrText") || isW(el, "delInstrText"):
			if n := len(stack); n > 0 && !stack[n-1].result {
				stack[n-1].instr.WriteString(el.Text())
				stack[n-1].marks = append(stack[n-1].marks, el)
			}
		}
		return true
	})
	for _, el := range drop {
		if p := el.Parent(); p != nil {
			p.RemoveChild(el)
		}
	}
	for _, el := range simple {
		p := el.Parent()
		if p == nil {
			continue
		}
		i := el.Index()
		kids := append([]etree.Token(nil), el.Child...) // InsertChildAt takes them from el
		p.RemoveChild(el)
		for j, k := range kids {
			p.InsertChildAt(i+j, k)
		}
	}
	return unlinked
}
