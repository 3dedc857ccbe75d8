package word

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/word/revision"
)

// reviewEngine is what package revision borrows from the engine to add
// review marks: the text model and table walk of this package.
var reviewEngine = revision.Engine{
	Line:    func(el *etree.Element) string { return oneLine(textOf(el)) },
	Shorten: shorten,
	Rows:    tableRows,
	Cells:   rowCells,
	Run:     textRun,
}

// newReviser prepares the review marks (tracked changes, comments) of a
// write with options opts; nil when the options ask for none.
func (d *document) newReviser(opts formats.WriteOptions, st formats.Stamp) (*revision.Reviser, error) {
	return revision.New(d.arc, d.body, opts, st, reviewEngine)
}
