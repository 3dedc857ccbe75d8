package excel

import (
	"encoding/xml"
	"path"
	"strings"

	"github.com/formfill/formfill/formats"
)

// A sheet's hyperlinks are read in the scan's pass over the worksheet
// (its <hyperlinks>, see sheetScan.hyperlink), and their relationship IDs
// resolved through the sheet's relationships when the sheet is loaded
// (sheetLinks). A question or instruction that links to a policy or a
// standard carries the link in the map (see linkAttr): the agent sees
// where the questionnaire sends a person to read.

// maxSheetLinks is how many hyperlinks a sheet's scan keeps: Excel's own
// limit on a worksheet's hyperlinks. A sheet that claims more is not one
// Excel wrote; the rest are counted (droppedLinks), not kept, so that a
// crafted sheet of millions of links costs the scan nothing more.
const maxSheetLinks = 65530

// hyperlinkRelTypes are the relationship types of a hyperlink's target,
// transitional and strict.
var hyperlinkRelTypes = map[string]bool{
	transitionalR + "/hyperlink": true,
	strictR + "/hyperlink":       true,
}

// sheetLink is one <hyperlink> of a worksheet as the scan reads it, and
// its target once resolved.
type sheetLink struct {
	rect
	ref string // as written: a cell or a range
	// rid is the relationship naming an external target (r:id); location
	// a place in the workbook (Sheet!A1, a defined name), or with an
	// external target the place in it (a URL's fragment).
	rid, location string
	// display and tooltip are the text the link says it shows and its
	// screen tip.
	display, tooltip string
	// target is rid's relationship's target once sheetLinks resolved it,
	// "" when the link has no rid or the relationships do not name it.
	target string
	// refersTo is what the defined name a location names refers to
	// (Information!$F$9), "" when the location is no defined name.
	refersTo string
}

// address is where the link goes: the external target, with its
// location as the fragment when it has one (as Excel opens it), else the
// location in the workbook; "" when it goes nowhere that can be named.
func (l *sheetLink) address() string {
	switch {
	case l.target != "" && l.location != "":
		return l.target + "#" + l.location
	case l.target != "":
		return l.target
	case l.refersTo != "":
		return l.location + " (" + l.refersTo + ")"
	default:
		return l.location
	}
}

// nameRefersTo is what the defined name name refers to as sheet's link
// reads it: the name local to sheet, else the workbook's (Excel's names
// are alike whatever their case); "" for no such name.
func (wb *workbook) nameRefersTo(sheet, name string) string {
	if wb.book == nil || name == "" || strings.Contains(name, "!") {
		return ""
	}
	global := ""
	for _, dn := range wb.book.names {
		if !strings.EqualFold(dn.name, name) {
			continue
		}
		switch {
		case dn.local >= 0 && dn.scope == sheet:
			return strings.TrimSpace(dn.refersTo)
		case dn.local < 0:
			if global == "" {
				global = strings.TrimSpace(dn.refersTo)
			}
		}
	}
	return global
}

// hyperlink records one <hyperlink> of the sheet's <hyperlinks>. A link
// whose ref is no cell or range is skipped, as Excel drops it; past
// maxSheetLinks links are counted, not kept.
func (s *sheetScan) hyperlink(el *xml.StartElement) {
	ref := firstAttr(el, "ref")
	r, ok := parseRect(ref)
	if !ok {
		return
	}
	if len(s.links) >= maxSheetLinks {
		s.droppedLinks++
		return
	}
	s.links = append(s.links, sheetLink{rect: r, ref: ref, rid: relID(el),
		location: firstAttr(el, "location"), display: firstAttr(el, "display"), tooltip: firstAttr(el, "tooltip")})
}

// relID is the element's relationship ID: its r:id, the id attribute of
// a namespace (an unprefixed id is no relationship).
func relID(el *xml.StartElement) string {
	for _, a := range el.Attr {
		if a.Name.Local == "id" && a.Name.Space != "" {
			return a.Value
		}
	}
	return ""
}

// sheetLinks is the sheet's hyperlinks, each external one's target read
// from the sheet's relationships. A relationship ID the part does not
// name (or names with another type) leaves the target empty: the link
// keeps its location, and one with neither goes nowhere and is left
// out. A location that is a defined name carries what the name refers
// to: the agent addresses cells, not names. A link into a merged range's covered cell is the range's anchor's,
// where Excel and openpyxl put it.
func (wb *workbook) sheetLinks(sheet string, sc *sheetScan, merged []mergeRange) ([]sheetLink, error) {
	if len(sc.links) == 0 {
		return nil, nil
	}
	targets, err := wb.linkTargets(sheet, sc.links)
	if err != nil {
		return nil, err
	}
	out := make([]sheetLink, 0, len(sc.links))
	for _, l := range sc.links {
		if l.rid != "" {
			l.target = targets[l.rid]
		}
		if l.target == "" {
			l.refersTo = wb.nameRefersTo(sheet, l.location)
		}
		if l.address() == "" {
			continue
		}
		if l.r1 == l.r2 && l.c1 == l.c2 {
			for _, mr := range merged {
				if mr.contains(l.r1, l.c1) {
					l.rect = rect{mr.r1, mr.c1, mr.r1, mr.c1}
					break
				}
			}
		}
		out = append(out, l)
	}
	return out, nil
}

// linkTargets maps the relationship IDs of the sheet's relationships part
// that are hyperlinks to their targets; none when no link has an ID.
func (wb *workbook) linkTargets(sheet string, links []sheetLink) (map[string]string, error) {
	need := false
	for i := range links {
		need = need || links[i].rid != ""
	}
	if !need {
		return nil, nil
	}
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	sheetPart := parts[sheet]
	relsPart := path.Join(path.Dir(sheetPart), "_rels", path.Base(sheetPart)+".rels")
	rels, _, err := wb.readRels(relsPart)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, relsPart, err, "the relationships of sheet %q, which its hyperlinks name, could not be read", sheet)
	}
	out := make(map[string]string, len(rels))
	for _, r := range rels {
		if hyperlinkRelTypes[r.attr("Type", "")] {
			out[r.attr("Id", "")] = strings.TrimSpace(r.attr("Target", ""))
		}
	}
	return out, nil
}

// maxLinkCells is how many cells a sheet's links may cover in the index
// linkAt reads: a link over a range counts each of its cells. Real links
// cover a cell each; the cells of a crafted sheet's ranges past this
// many have no link, rather than an index of millions of cells.
const maxLinkCells = maxSheetLinks

// linkIndex is cell → the index in links of its hyperlink: the last link
// covering it, as the last one read is the one openpyxl binds to the
// cell. Ranges count cell by cell against maxLinkCells.
func linkIndex(links []sheetLink) map[[2]int]int32 {
	if len(links) == 0 {
		return nil
	}
	idx := make(map[[2]int]int32, len(links))
	budget := maxLinkCells
	for i, l := range links {
		if area := (l.r2 - l.r1 + 1) * (l.c2 - l.c1 + 1); area > budget || area <= 0 {
			continue
		}
		for r := l.r1; r <= l.r2; r++ {
			for c := l.c1; c <= l.c2; c++ {
				idx[[2]int{r, c}] = int32(i)
				budget--
			}
		}
	}
	return idx
}

// linkAt is the hyperlink of the cell at row, col (see linkIndex), nil
// for none.
func (m *sheetModel) linkAt(row, col int) *sheetLink {
	if i, ok := m.linkCells[[2]int{row, col}]; ok {
		return &m.links[i]
	}
	return nil
}

// linkAttr is the map line's attribute for the hyperlink of the cell
// with text text: "link: " and where it goes, an external target or a
// place in the workbook ('Sheet 2'!A1). A question or instruction whose
// words link to a policy or a standard so carries the link to the agent,
// as the person filling the sheet would follow it. An empty cell's link
// (a blank an answer goes in) says nothing of a question: none.
func (m *sheetModel) linkAttr(c cell, text string) (lineAttr, bool) {
	if len(m.linkCells) == 0 || strings.TrimSpace(text) == "" {
		return lineAttr{}, false
	}
	l := m.linkAt(c.row, c.col)
	if l == nil {
		return lineAttr{}, false
	}
	return lineAttr{label: "link: ", text: clip(l.address(), maxCellText)}, true
}
