package word

import (
	"strconv"
	"strings"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// deleteElement removes a whole target: a paragraph, a table row, a table
// or a block-level content control; a cell is emptied instead (a table
// cannot lose one cell). It returns what was taken out of the document, so
// the caller can account for what it held. Nothing is left behind: a
// wrapper (a row-level control, a customXml element) the removal empties
// goes with it.
func deleteElement(t target) (*etree.Element, error) {
	el := t.el
	switch {
	case isW(el, "p"):
		if err := checkParagraphRemovable(t.id, el); err != nil {
			return nil, err
		}
	case isW(el, "tr"):
		if err := checkRowRemovable(t.id, el); err != nil {
			return nil, err
		}
	case isW(el, "tc"):
		return nil, clearCell(t)
	case isW(el, "tbl"), isW(el, "sdt") && isBlock(el):
	default:
		return nil, formats.Errorf(formats.ErrInvalidArgument, t.id,
			"mode delete without find removes a paragraph, table row, table or content control; <%s> is none of them — give find to delete part of its text", el.FullTag())
	}
	victim := el
	for p := victim.Parent(); p != nil && (isW(p, "sdtContent") || isW(p, "customXml")) && len(p.ChildElements()) == 1; p = victim.Parent() {
		victim = p
		if isW(p, "sdtContent") {
			victim = p.Parent()
		}
	}
	parent := victim.Parent()
	parent.RemoveChild(victim)
	if isW(parent, "tc") || ancestorW(parent, nil, "tc") != nil {
		tidy(parent)
	}
	return victim, nil
}

// checkParagraphRemovable refuses to delete a paragraph that ends a
// section (its w:sectPr lays out the section before it), the only
// paragraph of its cell (looking through wrappers: a cell holds at least
// one), or the last block of its parent right after a table (a cell or
// the body ends with a paragraph).
func checkParagraphRemovable(id string, p *etree.Element) error {
	if pathW(p, "pPr", "sectPr") != nil {
		return formats.Errorf(formats.ErrInvalidArgument, id,
			"the paragraph ends a section (its w:sectPr sets the page layout of the pages before it); deleting it would merge two sections — delete its text with find instead")
	}
	parent := p.Parent()
	if parent == nil {
		return nil
	}
	if tc := cellOf(p); tc != nil && len(paragraphsOfCell(tc)) == 1 {
		return formats.Errorf(formats.ErrInvalidArgument, id,
			"the paragraph is the only one of its cell, and a cell must keep one; delete the row, or delete the text with find")
	}
	if lastBlock(parent) == p {
		if prev := prevElement(p); prev != nil && isW(prev, "tbl") {
			return formats.Errorf(formats.ErrInvalidArgument, id,
				"the paragraph follows a table at the end of its cell or document, which must end with a paragraph; delete the text with find instead")
		}
	}
	return nil
}

// cellOf returns the cell directly holding p (through control and
// customXml wrappers), or nil.
func cellOf(p *etree.Element) *etree.Element {
	for e := p.Parent(); e != nil; e = e.Parent() {
		switch {
		case isW(e, "tc"):
			return e
		case isW(e, "sdtContent"), isW(e, "sdt"), isW(e, "customXml"):
		default:
			return nil
		}
	}
	return nil
}

func paragraphsOfCell(tc *etree.Element) []*etree.Element { return wrappedChildren(tc, "p") }

// lastBlock returns parent's last child element that is not a properties
// element.
func lastBlock(parent *etree.Element) *etree.Element {
	// From the end, without collecting the children: a body of thousands
	// of paragraphs made each delete of a call allocate them all again.
	for i := len(parent.Child) - 1; i >= 0; i-- {
		if e, ok := parent.Child[i].(*etree.Element); ok && !isProperties(e) {
			return e
		}
	}
	return nil
}

// prevElement returns el's previous sibling element, or nil.
func prevElement(el *etree.Element) *etree.Element {
	kids := el.Parent().Child
	for i := el.Index() - 1; i >= 0 && i < len(kids); i-- {
		if e, ok := kids[i].(*etree.Element); ok {
			return e
		}
	}
	return nil
}

// checkRowRemovable refuses to delete a table's only row, or a row that
// starts a vertical merge the next row continues.
func checkRowRemovable(id string, tr *etree.Element) error {
	tbl := ancestorW(tr, nil, "tbl")
	if tbl == nil {
		return nil
	}
	rows := tableRows(tbl)
	if len(rows) == 1 {
		return formats.Errorf(formats.ErrInvalidArgument, id, "the row is its table's only row; a table needs one (delete the table instead)")
	}
	var next *etree.Element
	for i, r := range rows {
		if r == tr && i+1 < len(rows) {
			next = rows[i+1]
		}
	}
	if next == nil {
		return nil
	}
	continued := map[int]bool{}
	for col, tc := range gridCells(next) {
		if v := pathW(tc, "tcPr", "vMerge"); v != nil && val(v) != "restart" {
			continued[col] = true
		}
	}
	for col, tc := range gridCells(tr) {
		if v := pathW(tc, "tcPr", "vMerge"); v != nil && val(v) == "restart" && continued[col] {
			return formats.Errorf(formats.ErrInvalidArgument, id,
				"the row starts a vertically merged cell (grid column %d) that the next row continues; deleting it would break the merge", col+1)
		}
	}
	return nil
}

// gridCells maps a row's cells to the grid column each starts at.
func gridCells(tr *etree.Element) map[int]*etree.Element {
	out := map[int]*etree.Element{}
	col := 0
	for _, tc := range rowCells(tr) {
		out[col] = tc
		span, err := strconv.Atoi(val(pathW(tc, "tcPr", "gridSpan")))
		if err != nil || span < 1 {
			span = 1
		}
		col += span
	}
	return out
}

// clearCell empties a cell, keeping its properties and its first
// paragraph's properties.
func clearCell(t target) error {
	return replaceBlock(t, t.el, "tcPr", func() []*etree.Element { return nil }, nil)
}

// dropIfEmptied removes a paragraph that a deletion left showing nothing,
// when it holds nothing else either (no anchors other parts point at, no
// drawing, no field) and may be removed: an edit leaves no empty stubs.
func (d *document) dropIfEmptied(p *etree.Element) {
	if p.Parent() == nil || strings.TrimSpace(readPara(p).text) != "" || len(anchorsIn(p)) > 0 {
		return
	}
	if readPara(p).barriers != nil || checkParagraphRemovable("", p) != nil {
		return
	}
	for _, c := range p.ChildElements() {
		if !isW(c, "pPr") && !isW(c, "r") && !isW(c, "proofErr") {
			return
		}
	}
	p.Parent().RemoveChild(p)
}
