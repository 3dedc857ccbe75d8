package formats

import (
	"encoding/json"
	"strings"
)

// Formats of read_document.
const (
	ViewTOON = "toon" // one line per row: id | list_label | header | style | text
	ViewJSON = "json" // the rows as objects, with their fingerprints and numbering
)

// ToonSchema is the first line of read_document's TOON output.
const ToonSchema = "#SCHEMA id | list_label | header | style | text"

// HeaderFormatting is how a run-in header is emphasised.
type HeaderFormatting struct {
	Bold      bool `json:"bold"`
	Italic    bool `json:"italic"`
	Underline bool `json:"underline"`
}

// ViewNumbering is the list a numbered paragraph belongs to.
type ViewNumbering struct {
	NumID string `json:"num_id"`
	Ilvl  int    `json:"ilvl"`
}

// ViewNode is one row of the document view: a paragraph or table cell of
// a Word document (with the compact map's ID), a row of a worksheet, a
// field of a PDF.
type ViewNode struct {
	ID string `json:"id"`
	// ListLabel is the label Word shows before a numbered paragraph
	// ("2.1", "(a)", "Article II"); "" when it has none.
	ListLabel string `json:"list_label"`
	// Header is a run-in header ("Closing Deliverables") moved out of
	// Text, without its closing punctuation.
	Header string `json:"header"`
	// Style is a readable ID of the row's formatting (body, heading_2,
	// definition…): rows that look alike share it.
	Style string `json:"style"`
	Text  string `json:"text"`
	// StyleFingerprint is the formatting Style was derived from.
	StyleFingerprint string            `json:"style_fingerprint,omitempty"`
	HeaderFormatting *HeaderFormatting `json:"header_formatting,omitempty"`
	Numbering        *ViewNumbering    `json:"numbering,omitempty"`
}

// DocumentView is read_document's answer: one page of the document's rows,
// as TOON text or as nodes.
type DocumentView struct {
	Format     string     `json:"format"`
	TOON       string     `json:"toon,omitempty"`
	Nodes      []ViewNode `json:"nodes,omitempty"`
	Total      int        `json:"total"`
	NextOffset int        `json:"next_offset,omitempty"`
	More       string     `json:"more,omitempty"`
}

// Text is the view as an agent reads it: the TOON lines, or the JSON
// object {"nodes", "next_offset", "total"}.
func (v *DocumentView) Text() string {
	if v.Format == ViewJSON {
		// Compact, as the page was sized: indenting would add a sixth to
		// a page an agent asked to fit its budget.
		b, _ := json.Marshal(struct {
			Nodes      []ViewNode `json:"nodes"`
			NextOffset int        `json:"next_offset,omitempty"`
			Total      int        `json:"total"`
			More       string     `json:"more,omitempty"`
		}{v.Nodes, v.NextOffset, v.Total, v.More})
		return string(b)
	}
	if v.More == "" {
		return v.TOON
	}
	return v.TOON + "(" + v.More + ")\n"
}

// NewDocumentView pages the rows and renders the page in format (toon
// when empty).
func NewDocumentView(nodes []ViewNode, format string, p Page) (*DocumentView, error) {
	switch format {
	case "":
		format = ViewTOON
	case ViewTOON, ViewJSON:
	default:
		return nil, Errorf(ErrInvalidArgument, "format", "expected toon or json, got %q", format)
	}
	// head is what every page holds besides its rows; the first row is
	// charged with it, so that the page fits.
	// A structured answer carries the TOON text twice (the text and the
	// structured content's toon), and JSON rows twice (the text and its
	// nodes).
	head := p.charge(ToonSchema+"\n", 0)
	rowSize := func(i int) int { return p.charge(toonLine(nodes[i])+"\n", 0) }
	if format == ViewJSON {
		copies := 1
		if p.Structured {
			copies = 2
		}
		head = copies * len(`{"nodes":[]}`)
		rowSize = func(i int) int { return copies * (jsonLen(nodes[i]) + 1) }
	}
	size := func(i int) int {
		if i == p.Offset {
			return head + rowSize(i)
		}
		return rowSize(i)
	}
	if len(nodes) == 0 {
		if err := p.Check(); err != nil {
			return nil, err
		}
		return &DocumentView{Format: format, TOON: ToonSchema + "\n", Nodes: []ViewNode{}}, nil
	}
	start, end, err := p.Window(len(nodes), size)
	if err != nil {
		return nil, err
	}
	v := &DocumentView{Format: format, Total: len(nodes), NextOffset: NextOffset(end, len(nodes)), More: MoreNote("rows", start, end, len(nodes))}
	if format == ViewJSON {
		v.Nodes = nodes[start:end]
		return v, nil
	}
	var b strings.Builder
	b.WriteString(ToonSchema + "\n")
	for _, n := range nodes[start:end] {
		b.WriteString(toonLine(n))
		b.WriteByte('\n')
	}
	v.TOON = b.String()
	return v, nil
}

// toonCell keeps a value on its line: line breaks become "\n" and a
// column's separator cannot appear inside it.
var toonCell = strings.NewReplacer("\r\n", `\n`, "\n", `\n`, "\r", `\n`, " | ", " ¦ ")

// toonText keeps the text on its line; the text is the last column, so
// separators inside it are left alone.
var toonText = strings.NewReplacer("\r\n", `\n`, "\n", `\n`, "\r", `\n`)

func toonLine(n ViewNode) string {
	return n.ID + " | " + toonCell.Replace(n.ListLabel) + " | " + toonCell.Replace(n.Header) + " | " +
		toonCell.Replace(n.Style) + " | " + toonText.Replace(n.Text)
}
