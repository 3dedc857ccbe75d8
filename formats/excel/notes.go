package excel

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// Excel has no tracked changes formfill could write, so comment_uncertain
// is the review mark of a workbook: a note (Excel's "legacy comment") on
// each uncertain answer's cell, signed by the author, giving the confidence
// and the answer's note. A note lives in three parts, reached through the
// worksheet's relationships: the comments part (its text), a VML drawing
// (the box Excel shows) and the worksheet's legacyDrawing. The patching
// save writes them (notespatch.go) into the parts layout names, which are
// those excelize's AddComment would choose: excelize's in-memory model
// takes each note too, so that the rest of the call reads it, and layout
// refuses a sheet whose notes would land in another sheet's parts.

// notes adds the review notes of one write.
type notes struct {
	wb *workbook
	st formats.Stamp
	// layouts are the note parts of each sheet written to, by sheet name.
	layouts map[string]noteLayout
	// adds are the notes the patching save writes, by sheet name, one a
	// cell; hadNote the cells whose note in the document ours follows.
	adds    map[string][]noteAdd
	hadNote map[cell]bool
}

// noteLayout is where a sheet's notes live, and what the sheet's
// relationships part held when layout read it, so that the patch does not
// read it again.
type noteLayout struct {
	rels, comments, vml string // part names
	// relsData is the relationships part as readXML gave it, nil when the
	// sheet has none; vmlRel and commentsRel are the targets it gives the
	// sheet's drawing and comments, "" for none.
	relsData            []byte
	vmlRel, commentsRel string
}

// note is how a note reads: who wrote it and its text.
type note struct {
	author, text string
}

func newNotes(wb *workbook, st formats.Stamp) *notes {
	return &notes{wb: wb, st: st, layouts: map[string]noteLayout{}, adds: map[string][]noteAdd{}, hadNote: map[cell]bool{}}
}

// maxNoteRuns bounds the runs of an existing note carried into the new one.
const maxNoteRuns = 256

// add puts a note with text on cell c of sheet, after any note the cell
// already has, and returns where it went.
func (n *notes) add(name, sheet string, c cell, text string) (string, error) {
	if _, ok := n.layouts[sheet]; !ok {
		l, err := n.layout(sheet)
		if err != nil {
			return "", formats.Wrap(formats.ErrUnsupported, name, err, "comment_uncertain cannot put a note on sheet %q; write without comment_uncertain and use the review list", sheet)
		}
		n.layouts[sheet] = l
	}
	ref := c.name()
	runs := []excelize.RichTextRun{
		{Text: n.st.Author + ":", Font: &excelize.Font{Bold: true, Size: 9}},
		{Text: "\n" + text, Font: &excelize.Font{Size: 9}},
	}
	author := n.st.Author
	old, err := n.existing(sheet, ref)
	if err != nil {
		return "", formats.Wrap(formats.ErrInvalidDocument, name, err, "the notes of sheet %q could not be read", sheet)
	}
	if old != nil {
		// One note per cell: the one there stays, ours follows it.
		author = old.Author
		kept := old.Paragraph
		if old.Text != "" {
			kept = append([]excelize.RichTextRun{{Text: old.Text}}, kept...)
		}
		if len(kept) > maxNoteRuns {
			return "", formats.Errorf(formats.ErrUnsupported, name, "the note already on %s has %d formatted runs; formfill keeps at most %d when adding to it", n.wb.xpath(c), len(kept), maxNoteRuns)
		}
		runs = append(append(kept, excelize.RichTextRun{Text: "\n\n"}), runs...)
		if err := n.wb.f.DeleteComment(sheet, ref); err != nil {
			return "", formats.Wrap(formats.ErrInvalidDocument, name, err, "the note on %s could not be read", n.wb.xpath(c))
		}
	}
	if err := n.wb.f.AddComment(sheet, excelize.Comment{Cell: ref, Author: author, Paragraph: runs, Width: noteWidth, Height: noteHeight(runs)}); err != nil {
		return "", formats.Wrap(formats.ErrInvalidArgument, name, err, "the note on %s could not be added", n.wb.xpath(c))
	}
	if got, err := n.existing(sheet, ref); err != nil || got == nil || !strings.Contains(noteText(got), text) {
		// excelize put it somewhere the sheet does not reach.
		return "", formats.Errorf(formats.ErrUnsupported, name, "the note on %s did not land in sheet %q's notes; write without comment_uncertain", n.wb.xpath(c), sheet)
	}
	n.record(sheet, c, text)
	return formats.CommentPlace("Excel note", "", c.ID()), nil
}

// record keeps the note for the patching save: a second note on a cell in
// one write follows the first.
func (n *notes) record(sheet string, c cell, text string) {
	runs, texts := noteRuns(n.st.Author, text), noteTexts(n.st.Author, text)
	adds := n.adds[sheet]
	for i := range adds {
		if adds[i].c == c {
			adds[i].runs = append(append(adds[i].runs, noteSeparator...), runs...)
			adds[i].texts = append(append(adds[i].texts, noteSeparatorText), texts...)
			return
		}
	}
	n.adds[sheet] = append(adds, noteAdd{c: c, author: n.st.Author, runs: runs, texts: texts})
}

// The note box: wide enough for a sentence a line, tall enough for the
// text up to a limit past which Excel scrolls.
const (
	noteWidth     = 320 // pixels
	noteLineChars = 48
	noteMinHeight = 80
	noteMaxHeight = 400
)

func noteHeight(runs []excelize.RichTextRun) uint {
	texts := make([]string, len(runs))
	for i, r := range runs {
		texts[i] = r.Text
	}
	return uint(noteBoxHeight(texts))
}

// noteBoxHeight is the height in pixels of a note box showing the runs of
// texts one after the other (a run starts no line of its own): a line for
// each line of the text and for each noteLineChars characters it wraps at,
// 16 pixels each, within the box's bounds.
func noteBoxHeight(texts []string) int {
	lines := 0
	for _, l := range strings.Split(strings.Join(texts, ""), "\n") {
		lines += 1 + len([]rune(l))/noteLineChars
	}
	return min(noteMaxHeight, max(noteMinHeight, 16*lines))
}

// noteText is a note's text, runs joined.
func noteText(c *excelize.Comment) string {
	var b strings.Builder
	b.WriteString(c.Text)
	for _, r := range c.Paragraph {
		b.WriteString(r.Text)
	}
	return b.String()
}

// existing returns the note on cell ref of sheet, nil when there is none.
func (n *notes) existing(sheet, ref string) (*excelize.Comment, error) {
	cs, err := n.wb.f.GetComments(sheet)
	if err != nil {
		return nil, err
	}
	for i := range cs {
		if cs[i].Cell == ref {
			return &cs[i], nil
		}
	}
	return nil, nil
}

var (
	vmlTarget      = regexp.MustCompile(`^\.\./drawings/vmlDrawing(\d+)\.vml$`)
	commentsTarget = regexp.MustCompile(`^\.\./comments(\d+)\.xml$`)
)

// layout finds the parts excelize will write sheet's notes to and refuses
// a layout where they are another sheet's, or where excelize would write
// notes the sheet does not reach. excelize names a sheet's first notes
// xl/commentsN.xml and xl/drawings/vmlDrawingN.vml, N one more than the
// comments parts the package has; a sheet with a VML drawing already (form
// controls, notes) keeps it and takes the N of its name.
func (n *notes) layout(sheet string) (noteLayout, error) {
	parts, err := n.wb.parts()
	if err != nil {
		return noteLayout{}, err
	}
	sheetPart := parts[sheet]
	if !strings.HasPrefix(sheetPart, "xl/worksheets/") || strings.Contains(strings.TrimPrefix(sheetPart, "xl/worksheets/"), "/") {
		return noteLayout{}, fmt.Errorf("the worksheet is stored as %q, outside xl/worksheets/ where excelize puts notes", sheetPart)
	}
	l := noteLayout{rels: "xl/worksheets/_rels/" + path.Base(sheetPart) + ".rels"}
	if err := n.readNoteRels(&l); err != nil {
		return noteLayout{}, err
	}
	vml, comments := l.vmlRel, l.commentsRel
	if vml == "" {
		nr := n.countComments() + 1
		l.vml, l.comments = fmt.Sprintf("xl/drawings/vmlDrawing%d.vml", nr), fmt.Sprintf("xl/comments%d.xml", nr)
		for _, p := range []string{l.vml, l.comments} {
			if n.wb.arch.File(p) != nil {
				return noteLayout{}, fmt.Errorf("excelize would add the sheet's notes to %s, which belongs to another sheet", p)
			}
		}
		return l, nil
	}
	m := vmlTarget.FindStringSubmatch(vml)
	if m == nil {
		return noteLayout{}, fmt.Errorf("the sheet's VML drawing is %q; excelize adds notes only to drawings named ../drawings/vmlDrawingN.vml", vml)
	}
	l.vml, l.comments = "xl/drawings/vmlDrawing"+m[1]+".vml", "xl/comments"+m[1]+".xml"
	switch cm := commentsTarget.FindStringSubmatch(comments); {
	case comments == "" && n.wb.arch.File(l.comments) != nil:
		return noteLayout{}, fmt.Errorf("excelize would add the sheet's notes to %s, which belongs to another sheet", l.comments)
	case comments != "" && (cm == nil || cm[1] != m[1]):
		return noteLayout{}, fmt.Errorf("the sheet's notes are in %q and its drawing in %q; excelize adds notes only where both share a number", comments, vml)
	}
	return l, nil
}

// readNoteRels reads the sheet's relationships part into l: its data and
// the targets of its VML drawing and comments relationships, as written.
func (n *notes) readNoteRels(l *noteLayout) error {
	rels, data, err := n.wb.readRels(l.rels)
	if err != nil {
		return err
	}
	l.relsData = data
	for _, r := range rels {
		switch t := r.attr("Type", ""); {
		case strings.HasSuffix(t, "/vmlDrawing"):
			l.vmlRel = r.attr("Target", "")
		case strings.HasSuffix(t, "/comments"):
			l.commentsRel = r.attr("Target", "")
		}
	}
	return nil
}

// countComments counts the comments parts as excelize does when it names
// a new one: package entries and parts it holds whose name contains
// "xl/comments".
func (n *notes) countComments() int {
	names := map[string]bool{}
	n.wb.f.Pkg.Range(func(k, _ any) bool {
		if s, ok := k.(string); ok && strings.Contains(s, "xl/comments") {
			names[s] = true
		}
		return true
	})
	for k := range n.wb.f.Comments {
		if strings.Contains(k, "xl/comments") {
			names[k] = true
		}
	}
	return len(names)
}
