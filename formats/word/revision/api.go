// Package revision adds the Word engine's review marks: tracked changes
// (w:ins, w:del, paragraph marks recorded as inserted or deleted) and
// comments (word/comments.xml and the marks anchoring each comment).
//
// It works by difference, so the write modes need no code of their own:
//
//	rv, err := revision.New(arc, body, opts, stamp, engine) // nil: no marks asked for
//	w, err := rv.Watch(el, id, answer) // before the answer is applied
//	…the write mode edits the tree as it does without review marks…
//	place, err := w.Finish() // the difference becomes tracked changes; the comment is anchored
//	parts, err := rv.Parts() // the comments part and what registers it, for the archive
//
// The package knows elements and the WordprocessingML tree (through
// wordxml), not element IDs or targets; the few text rules it needs from
// the engine (an element's visible text, a table's rows, a run holding
// text) come in an Engine.
package revision

import (
	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
)

// Engine is what the review marks borrow from the Word engine: its text
// model and table walk, which live there with the targets they serve.
type Engine struct {
	// Line is an element's visible text on one line (a removed block's,
	// quoted in a point comment).
	Line func(el *etree.Element) string
	// Shorten cuts text to at most n runes, marking the cut.
	Shorten func(text string, n int) string
	// Rows are a table's rows, Cells a row's cells, each looking through
	// row- and cell-level content controls.
	Rows, Cells func(el *etree.Element) []*etree.Element
	// Run builds a w:r holding text with properties rPr (copied).
	Run func(rPr *etree.Element, text string) *etree.Element
}

// target is the element an answer goes in and its element ID, for
// anchoring comments and naming the answer in errors.
type target struct {
	el *etree.Element
	id string
}

// Comments are the comments the write added so far, in order.
func (rv *Reviser) Comments() []Comment {
	if rv == nil {
		return nil
	}
	return rv.comments
}

// Parts returns the parts the write's new comments need written: the
// comments part, extended or new with its relationship and content type;
// none when the write added no comment.
func (rv *Reviser) Parts() (map[string][]byte, error) {
	if rv == nil {
		return nil, nil
	}
	return commentParts(rv.arc, rv.comments, rv.st, rv.eng.Run)
}

// ExistingComments parses the document's comments part, nil when it has
// none.
func ExistingComments(arc *formats.Archive) (*etree.Document, error) {
	x, _, _, err := existingComments(arc)
	return x, err
}
