package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// The review notes of a patching write: each note is a comment in the
// sheet's comments part and a shape in its VML drawing (the box Excel
// shows), both reached through the sheet's relationships, the drawing
// through the sheet's <legacyDrawing>. Parts that exist get the new
// comments and shapes added; a cell's note already there keeps its text,
// and ours follows it. The parts' names are those layout chose.

const (
	commentsContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"
	vmlContentType      = "application/vnd.openxmlformats-officedocument.vmlDrawing"
	mainNS              = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
)

// noteAdd is one cell's new note text: the runs to add after any note
// the cell has, and the comment's author when the cell has none.
type noteAdd struct {
	c      cell
	author string
	runs   []byte   // <r> elements
	texts  []string // the runs' text, unescaped: what sizes the box
}

// notePatch is what a write's notes change besides the sheets' cells.
type notePatch struct {
	parts  map[string][]byte // comments, drawings and relationships, new or replaced
	legacy map[string]string // worksheet part → the r:id its new <legacyDrawing> takes
	types  []string          // content type elements to add
}

// noteRuns are the runs of a note by author saying text, as Excel's own
// notes start: the author in bold, then the text.
func noteRuns(author, text string) []byte {
	var b bytes.Buffer
	b.WriteString(`<r><rPr><b/><sz val="9"/></rPr>`)
	writeT(&b, "", author+":")
	b.WriteString(`</r><r><rPr><sz val="9"/></rPr>`)
	writeT(&b, "", "\n"+text)
	b.WriteString(`</r>`)
	return b.Bytes()
}

// noteSeparator parts a note already on a cell from ours; its text is
// noteSeparatorText.
const (
	noteSeparatorText = "\n\n"
	noteSeparator     = `<r><t xml:space="preserve">` + noteSeparatorText + `</t></r>`
)

// noteTexts are the texts of noteRuns(author, text), run by run.
func noteTexts(author, text string) []string { return []string{author + ":", "\n" + text} }

// patch works out the parts the notes change.
func (n *notes) patch() (*notePatch, error) {
	np := &notePatch{parts: map[string][]byte{}, legacy: map[string]string{}}
	if n == nil {
		return np, nil
	}
	parts, err := n.wb.parts()
	if err != nil {
		return nil, err
	}
	for _, sheet := range sortedKeys(n.adds) {
		if err := n.patchSheetNotes(np, sheet, parts[sheet]); err != nil {
			return nil, formats.Wrap(formats.ErrUnsupported, sheet, err, "comment_uncertain cannot put notes on sheet %q; write without comment_uncertain and use the review list", sheet)
		}
	}
	return np, nil
}

// patchSheetNotes adds one sheet's notes to np.
func (n *notes) patchSheetNotes(np *notePatch, sheet, sheetPart string) error {
	l := n.layouts[sheet]
	adds := n.adds[sheet]
	sortAdds(adds)
	vmlRel, commentsRel := l.vmlRel, l.commentsRel
	comments, err := n.commentsWith(l.comments, adds)
	if err != nil {
		return err
	}
	np.parts[l.comments] = comments
	if n.wb.arch.File(l.comments) == nil {
		np.types = append(np.types, `<Override PartName="/`+l.comments+`" ContentType="`+commentsContentType+`"/>`)
	}
	vml, err := n.vmlWith(l.vml, adds)
	if err != nil {
		return err
	}
	np.parts[l.vml] = vml
	var rels []relationship
	if vmlRel == "" {
		rels = append(rels, relationship{transitionalR + "/vmlDrawing", "../" + strings.TrimPrefix(l.vml, "xl/")})
	}
	if commentsRel == "" {
		rels = append(rels, relationship{transitionalR + "/comments", "../" + strings.TrimPrefix(l.comments, "xl/")})
	}
	data, ids, err := n.relsWith(l, rels)
	if err != nil {
		return err
	}
	if data != nil {
		np.parts[l.rels] = data
	}
	if vmlRel == "" {
		np.legacy[sheetPart] = ids[0]
	}
	return nil
}

// relsWith is the sheet's relationships part (as layout read it) with
// the relationships add, and their ids; nil when none is added.
func (n *notes) relsWith(l noteLayout, add []relationship) ([]byte, []string, error) {
	if len(add) == 0 {
		return nil, nil, nil
	}
	data := l.relsData
	if data == nil {
		data = []byte(xml.Header + `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`)
	}
	o, err := outline(data, l.rels, n.wb.stop)
	if err != nil {
		return nil, nil, err
	}
	out, ids := withRels(data, o, add)
	return out, ids, nil
}

// sortAdds orders a sheet's notes by cell.
func sortAdds(adds []noteAdd) {
	sort.SliceStable(adds, func(i, j int) bool { return rowColLess(adds[i].c.row, adds[i].c.col, adds[j].c.row, adds[j].c.col) })
}

// shapeID finds the shape ids of a VML drawing.
var shapeID = regexp.MustCompile(`_x0000_s(\d+)`)

// vmlWith is the sheet's VML drawing with a note box for each cell that
// has no note yet (a cell's existing note has its box).
func (n *notes) vmlWith(part string, adds []noteAdd) ([]byte, error) {
	had := n.wb.arch.File(part) != nil
	var data []byte
	next := 1024*vmlNumber(part) + 1
	if had {
		var err error
		if data, err = n.wb.readXML(part); err != nil {
			return nil, err
		}
		if !bytes.Contains(data, []byte(`xmlns:v="urn:schemas-microsoft-com:vml"`)) || !bytes.Contains(data, []byte(`xmlns:x="urn:schemas-microsoft-com:office:excel"`)) {
			return nil, fmt.Errorf("the sheet's VML drawing %s does not use Excel's v: and x: prefixes", part)
		}
		for _, m := range shapeID.FindAllSubmatch(data, -1) {
			if v, err := strconv.Atoi(string(m[1])); err == nil && v >= next {
				next = v + 1
			}
		}
	} else {
		data = []byte(`<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel">` +
			`<o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="` + strconv.Itoa(vmlNumber(part)) + `"/></o:shapelayout></xml>`)
	}
	var shapes bytes.Buffer
	if !bytes.Contains(data, []byte(`id="_x0000_t202"`)) {
		shapes.WriteString(`<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>`)
	}
	for _, a := range adds {
		if n.hadNote[a.c] {
			continue
		}
		r, c := a.c.row-1, a.c.col-1
		fmt.Fprintf(&shapes, `<v:shape id="_x0000_s%d" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:%dpt;height:%dpt;z-index:%d;visibility:hidden" fillcolor="#ffffe1" o:insetmode="auto">`+
			`<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/><v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div></v:textbox>`+
			`<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>%d, 15, %d, 10, %d, 15, %d, 4</x:Anchor><x:AutoFill>False</x:AutoFill><x:Row>%d</x:Row><x:Column>%d</x:Column></x:ClientData></v:shape>`,
			next, noteWidth*3/4, a.height()*3/4, next, c+1, r, c+4, r+max(4, a.height()/20), r, c)
		next++
	}
	end := bytes.LastIndex(data, []byte("</xml>"))
	if end < 0 {
		return nil, fmt.Errorf("the sheet's VML drawing %s has no </xml>", part)
	}
	return append(append(append([]byte{}, data[:end]...), shapes.Bytes()...), data[end:]...), nil
}

// height is the note box's height in pixels, by its text (not its
// runs' markup, which would make every box taller than its text).
func (a noteAdd) height() int { return noteBoxHeight(a.texts) }

// vmlNumber is the N of a drawing named …vmlDrawingN.vml (1 if none).
func vmlNumber(part string) int {
	s := strings.TrimSuffix(part[strings.LastIndex(part, "vmlDrawing")+len("vmlDrawing"):], ".vml")
	if v, err := strconv.Atoi(s); err == nil && v > 0 {
		return v
	}
	return 1
}
