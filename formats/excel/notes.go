package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"unicode/utf16"

	"github.com/formfill/formfill/formats"
)

// Excel has no tracked changes formfill could write, so comment_uncertain
// is the review mark of a workbook: a note (Excel's "legacy comment") on
// each uncertain answer's cell, signed by the author, giving the confidence
// and the answer's note. A note lives in three parts, reached through the
// worksheet's relationships: the comments part (its text), a VML drawing
// (the box Excel shows) and the worksheet's legacyDrawing. The patching
// save writes them (notespatch.go) into the parts layout names, numbered
// as Excel numbers them (xl/commentsN.xml beside vmlDrawingN.vml, so that
// outputs stay byte for byte what formfill wrote before), and layout
// refuses a sheet whose notes would land in another sheet's parts. The
// notes of a write are the document's, read from the package
// (readComments), and the write's, in adds.

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
	// had are the notes the document has on each sheet written to, by
	// sheet name, then cell reference as written (see readHad).
	had map[string]map[string]sheetComment
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
	// vmlErr is why the sheet's VML drawing could not be read as XML
	// (nil when it could or the drawing is new; see checkVML): the patch
	// splices shapes into it, so such a drawing is refused.
	vmlErr error
}

// note is how a note reads: who wrote it and its text.
type note struct {
	author, text string
}

func newNotes(wb *workbook, st formats.Stamp) *notes {
	return &notes{wb: wb, st: st, layouts: map[string]noteLayout{}, adds: map[string][]noteAdd{}, hadNote: map[cell]bool{},
		had: map[string]map[string]sheetComment{}}
}

// maxNoteRuns bounds the runs of an existing note carried into the new
// one: a note of hundreds of formatted runs is machine-made, and adding
// to it would only grow it.
const maxNoteRuns = 256

// maxNoteChars is the longest note, in UTF-16 code units (Excel's limit
// for a cell's text). Adding a note whose added text does not end within
// it is refused: Excel would not show all of it. (The note itself is
// written whole.)
const maxNoteChars = 32767

// add puts a note with text on cell c of sheet, after any note the cell
// already has (in the document, or from this write), and returns where it
// went.
func (n *notes) add(name, sheet string, c cell, text string) (string, error) {
	if _, ok := n.layouts[sheet]; !ok {
		l, err := n.layout(sheet)
		if err != nil {
			return "", formats.Wrap(formats.ErrUnsupported, name, err, "comment_uncertain cannot put a note on sheet %q; write without comment_uncertain and use the review list", sheet)
		}
		had, err := n.readHad(l)
		if err != nil {
			return "", formats.Wrap(formats.ErrInvalidDocument, name, err, "the notes of sheet %q could not be read", sheet)
		}
		n.layouts[sheet], n.had[sheet] = l, had
	}
	old := n.existing(sheet, c)
	if old.runs > maxNoteRuns {
		return "", formats.Errorf(formats.ErrUnsupported, name, "the note already on %s has %d formatted runs; formfill keeps at most %d when adding to it", n.wb.xpath(c), old.runs, maxNoteRuns)
	}
	if err := n.layouts[sheet].vmlErr; err != nil {
		if old.found {
			return "", formats.Wrap(formats.ErrInvalidDocument, name, err, "the note on %s could not be read", n.wb.xpath(c))
		}
		return "", formats.Wrap(formats.ErrInvalidArgument, name, err, "the note on %s could not be added", n.wb.xpath(c))
	}
	full := strings.Join(noteTexts(n.st.Author, text), "")
	if old.found {
		full = old.text + noteSeparatorText + full
	}
	if !strings.Contains(utf16Prefix(full, maxNoteChars), text) {
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

// oldNote is the note a cell has before a note is added to it: the
// document's, then the ones this write added, joined.
type oldNote struct {
	found bool
	runs  int    // its runs, carried into the new note (see maxNoteRuns)
	text  string // the note's text, runs joined
}

// existing is the note on cell c of sheet before the one being added: the
// document's note on it, followed by the notes this write put there.
func (n *notes) existing(sheet string, c cell) oldNote {
	var o oldNote
	if sc, ok := n.had[sheet][c.name()]; ok {
		o = oldNote{found: true, runs: sc.runs, text: sc.text}
	}
	for _, a := range n.adds[sheet] {
		if a.c != c {
			continue
		}
		// Each note added is the old one's runs (when there was one), a
		// separator and our runs.
		if o.found {
			o.runs += 1 + len(a.texts)
			o.text += noteSeparatorText + strings.Join(a.texts, "")
		} else {
			o = oldNote{found: true, runs: len(a.texts), text: strings.Join(a.texts, "")}
		}
	}
	return o
}

// readHad reads the notes the document has in the comments part layout
// chose, by cell reference as written: of two on one cell, the first,
// which Excel shows. None when the part is new.
func (n *notes) readHad(l noteLayout) (map[string]sheetComment, error) {
	had := map[string]sheetComment{}
	if n.wb.arch.File(l.comments) == nil {
		return had, nil
	}
	data, err := n.wb.readXML(l.comments)
	if err != nil {
		return nil, err
	}
	cs, err := readComments(data)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, l.comments, err, "malformed comments part")
	}
	for _, sc := range cs {
		if _, ok := had[sc.ref]; !ok {
			had[sc.ref] = sc
		}
	}
	return had, nil
}

// utf16Prefix is the longest start of s within n UTF-16 code units, the
// unit of Excel's limits on text.
func utf16Prefix(s string, n int) string {
	k := 0
	for i, r := range s {
		if k += utf16.RuneLen(r); k > n {
			return s[:i]
		}
	}
	return s
}

var (
	vmlTarget      = regexp.MustCompile(`^\.\./drawings/vmlDrawing(\d+)\.vml$`)
	commentsTarget = regexp.MustCompile(`^\.\./comments(\d+)\.xml$`)
)

// layout finds the parts a write puts sheet's notes in and refuses a
// layout where they are another sheet's, or where the notes would go to a
// part the sheet does not reach. A sheet's first notes go to
// xl/commentsN.xml and xl/drawings/vmlDrawingN.vml, N one more than the
// comments parts the package has (Excel's numbering); a sheet with a VML
// drawing already (form controls, notes) keeps it and takes the N of its
// name, since Excel pairs a sheet's drawing and comments by number.
func (n *notes) layout(sheet string) (noteLayout, error) {
	parts, err := n.wb.parts()
	if err != nil {
		return noteLayout{}, err
	}
	sheetPart := parts[sheet]
	if !strings.HasPrefix(sheetPart, "xl/worksheets/") || strings.Contains(strings.TrimPrefix(sheetPart, "xl/worksheets/"), "/") {
		return noteLayout{}, fmt.Errorf("the worksheet is stored as %q, outside xl/worksheets/, where formfill adds notes", sheetPart)
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
				return noteLayout{}, fmt.Errorf("the sheet's notes would go to %s, which belongs to another sheet", p)
			}
		}
		if comments != "" && commentsPartOf(comments) != l.comments {
			// The notes would go to l.comments, but readers read the
			// sheet's notes from the part its relationship names.
			return noteLayout{}, fmt.Errorf("the sheet's notes are in %q but it has no VML drawing; formfill would add them to %s", comments, l.comments)
		}
		return l, nil
	}
	m := vmlTarget.FindStringSubmatch(vml)
	if m == nil {
		return noteLayout{}, fmt.Errorf("the sheet's VML drawing is %q; formfill adds notes only to drawings named ../drawings/vmlDrawingN.vml", vml)
	}
	l.vml, l.comments = "xl/drawings/vmlDrawing"+m[1]+".vml", "xl/comments"+m[1]+".xml"
	switch cm := commentsTarget.FindStringSubmatch(comments); {
	case comments == "" && n.wb.arch.File(l.comments) != nil:
		return noteLayout{}, fmt.Errorf("the sheet's notes would go to %s, which belongs to another sheet", l.comments)
	case comments != "" && (cm == nil || cm[1] != m[1]):
		return noteLayout{}, fmt.Errorf("the sheet's notes are in %q and its drawing in %q; formfill adds notes only where both share a number", comments, vml)
	}
	if n.wb.arch.File(l.vml) != nil {
		l.vmlErr = n.checkVML(l.vml)
	}
	return l, nil
}

// commentsPartOf is the part a sheet's notes are read from, given the
// target of its comments relationship (relative to xl/worksheets/, or
// absolute).
func commentsPartOf(target string) string {
	if !strings.HasPrefix(target, "/") {
		target = "xl" + strings.TrimPrefix(target, "..")
	}
	return strings.TrimPrefix(target, "/")
}

// checkVML reads the VML drawing part as XML, a "<br>" that ends a line
// taken for an element (legacy drawings are HTML-like and Excel writes
// such line breaks): the patch splices shapes into the text, so a drawing
// that is not XML even so is refused.
func (n *notes) checkVML(part string) error {
	data, err := n.wb.readXML(part)
	if err != nil {
		return err
	}
	data = bytes.ReplaceAll(data, []byte("<br>\r\n"), []byte("<br></br>\r\n"))
	var v struct {
		ShapeType struct {
			Spt int `xml:"spt,attr"`
		} `xml:"urn:schemas-microsoft-com:vml shapetype"`
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = keepUTF16Transcoded
	if err := dec.Decode(&v); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("the VML drawing %s: %w", part, err)
	}
	return nil
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

// countComments counts the comments parts for naming a new one: the
// package's entries whose name contains "xl/comments", and the comments
// parts this write's notes go to.
func (n *notes) countComments() int {
	names := map[string]bool{}
	for _, f := range n.wb.arch.Zip.File {
		if s := strings.ReplaceAll(f.Name, "\\", "/"); strings.Contains(s, "xl/comments") {
			names[s] = true
		}
	}
	for _, l := range n.layouts {
		names[l.comments] = true
	}
	return len(names)
}
