package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats/word/wordxml"
)

// The parts the document view reads beside document.xml. Word and every
// mainstream generator use these names; the relationship targets are not
// followed, which costs nothing on real documents and keeps a hostile
// package from steering the reader elsewhere.
const (
	stylesPart    = "word/styles.xml"
	numberingPart = "word/numbering.xml"
)

// readPart parses one XML part of the package, nil when it is absent.
func (d *document) readPart(name string) (*etree.Element, error) {
	if d.arc.File(name) == nil {
		return nil, nil
	}
	raw, err := d.arc.Read(name)
	if err != nil {
		return nil, err
	}
	x, err := parseXML(raw, name, nil, d.stop)
	if err != nil {
		return nil, err
	}
	return x.Root(), nil
}

// The styles and numbering of the XML layer, under the names the view
// uses.
type (
	styleSheet = wordxml.StyleSheet
	numbering  = wordxml.Numbering
	numPr      = wordxml.NumPr
)

// readStyles reads styles.xml; a document without one has no styles.
func (d *document) readStyles() (*styleSheet, error) {
	root, err := d.readPart(stylesPart)
	if err != nil {
		return wordxml.ReadStyles(nil), err
	}
	return wordxml.ReadStyles(root), nil
}

// readNumbering reads numbering.xml; a document without one numbers
// nothing.
func (d *document) readNumbering(ss *styleSheet) (*numbering, error) {
	root, err := d.readPart(numberingPart)
	if err != nil {
		return wordxml.ReadNumbering(nil, ss), err
	}
	return wordxml.ReadNumbering(root, ss), nil
}
