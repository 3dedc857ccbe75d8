package excel

import (
	"encoding/xml"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// A sheet's notes (Excel's legacy comments) are read from its comments
// part, reached through the sheet's relationships, straight from the
// package, in one pass over the part (readComments).

// sheetComment is one note of a comments part as Excel and openpyxl show
// it: its cell, its author, and its text (the item's own <t>, then its
// runs', as Excel and openpyxl join them).
type sheetComment struct {
	ref, author, text string
	// runs counts the note's pieces of text: the item's own text when
	// not empty, then each <r> with a <t>. A write adding to a note
	// refuses one of more than maxNoteRuns (see notes.go).
	runs int
}

// commentsRelTypes are the relationship types of a sheet's comments part,
// transitional and strict.
var commentsRelTypes = map[string]bool{
	transitionalR + "/comments": true,
	strictR + "/comments":       true,
}

// sheetComments reads the notes of sheet, in the part's order; none when
// the sheet has no comments part.
func (wb *workbook) sheetComments(sheet string) ([]sheetComment, error) {
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	sheetPart := parts[sheet]
	if sheetPart == "" {
		return nil, formats.Errorf(formats.ErrInvalidArgument, sheet, "no sheet %q in the workbook", sheet)
	}
	part, err := wb.commentsPart(sheetPart)
	if part == "" || err != nil {
		return nil, err
	}
	data, err := wb.readXML(part)
	if err != nil {
		return nil, err
	}
	cs, err := readComments(data)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, part, err, "malformed comments part")
	}
	return cs, nil
}

// commentsPart is the comments part the worksheet part's relationships
// name (the first of a comments type), "" for none: a relative target is
// resolved from the worksheet's folder.
func (wb *workbook) commentsPart(sheetPart string) (string, error) {
	rels, _, err := wb.readRels(path.Join(path.Dir(sheetPart), "_rels", path.Base(sheetPart)+".rels"))
	if err != nil {
		return "", err
	}
	for _, r := range rels {
		if !commentsRelTypes[r.attr("Type", "")] {
			continue
		}
		t := r.attr("Target", "")
		if strings.HasPrefix(t, "/") {
			return strings.TrimPrefix(t, "/"), nil
		}
		return path.Join(path.Dir(sheetPart), t), nil
	}
	return "", nil
}

// readRels reads a relationships part: its relationships, whatever their
// namespace, and its data as readXML gave it; none when the part is absent.
func (wb *workbook) readRels(part string) ([]xmlElem, []byte, error) {
	if wb.arch.File(part) == nil {
		return nil, nil, nil
	}
	data, err := wb.readXML(part)
	if err != nil {
		return nil, nil, err
	}
	var rels struct {
		Rels []xmlElem `xml:"Relationship"`
	}
	if err := xml.Unmarshal(data, &rels); err != nil {
		return nil, nil, formats.Wrap(formats.ErrInvalidDocument, part, err, "malformed XML")
	}
	return rels.Rels, data, nil
}

// readComments reads a comments part: elements are matched by local name,
// so transitional and strict parts read alike. An authorId that names no
// author leaves the note's author empty.
func readComments(data []byte) ([]sheetComment, error) {
	var (
		authors []string
		out     []sheetComment
		ids     []int // each note's authorId, -1 when none
		own     strings.Builder
		runs    strings.Builder
		counted bool // the open <r> has been counted among the note's runs
	)
	walk := xmlWalk{
		start: func(open []string, t *xml.StartElement) {
			if at(open, "comments", "commentList", "comment") {
				id, err := strconv.Atoi(strings.TrimSpace(bookAttr(*t, "authorId", "")))
				if err != nil {
					id = -1
				}
				out, ids = append(out, sheetComment{ref: bookAttr(*t, "ref", "")}), append(ids, id)
				own.Reset()
				runs.Reset()
			}
			if at(open, "comments", "authors", "author") {
				authors = append(authors, "")
			}
			switch {
			case at(open, "comments", "commentList", "comment", "text", "r"):
				counted = false
			case at(open, "comments", "commentList", "comment", "text", "r", "t") && !counted:
				counted = true
				out[len(out)-1].runs++
			}
		},
		text: func(open []string, t xml.CharData) {
			switch {
			case at(open, "comments", "authors", "author"):
				authors[len(authors)-1] += string(t)
			case at(open, "comments", "commentList", "comment", "text", "t"):
				own.Write(t)
			case at(open, "comments", "commentList", "comment", "text", "r", "t"):
				runs.Write(t)
			}
		},
		end: func(open []string) {
			if at(open, "comments", "commentList", "comment") {
				// Each piece is ST_Xstring, as a write escapes it
				// (encodeXstring): "_x0041_" written literally is
				// "_x005F_x0041_" in the part.
				out[len(out)-1].text = decodeXstring(own.String()) + decodeXstring(runs.String())
				if own.Len() > 0 {
					out[len(out)-1].runs++
				}
			}
		},
	}
	if err := walk.run(data, nil, nil); err != nil {
		return nil, err
	}
	for i, id := range ids {
		if id >= 0 && id < len(authors) {
			out[i].author = decodeXstring(authors[id])
		}
	}
	return out, nil
}

// at reports whether the open elements are exactly names.
func at(open []string, names ...string) bool { return slices.Equal(open, names) }
