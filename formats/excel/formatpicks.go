package excel

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// bookPicks is what the picked cells of a sheet read of the workbook's
// styles and shared strings, renumbered for the format book: the book
// holds these cell formats and items alone, in the workbook's order. A
// questionnaire has thousands of cell formats and shared strings, and a
// sheet's picked cells read a few: excelize's parse of them all, for each
// sheet, was most of the formatting's time. What excelize formats reads
// of a cell format is its number format alone, and of a shared string
// its text, so the renumbered book formats every picked cell as the
// whole workbook would.
type bookPicks struct {
	styles map[int]int // a workbook style index (a cell format's) -> the book's, from 1
	xfs    []int       // the workbook's style indexes in the book's order, from its index 1
	items  map[int]int // a shared string item -> the book's
	order  []int       // the workbook's items in the book's order
}

// pickForBook is what the cells keep picks of rs read.
func (wb *workbook) pickForBook(rs *rowScan, keep func(i int) bool, sstItems int) *bookPicks {
	p := &bookPicks{styles: map[int]int{}, items: map[int]int{}}
	own := 0
	if wb.stylesRaw != nil {
		own = len(wb.stylesRaw.xfs)
	}
	var xfs, items []int
	for i := range rs.cells {
		c := &rs.cells[i]
		if !keep(i) {
			continue
		}
		if s := int(c.style); s > 0 && s < own && p.styles[s] == 0 {
			p.styles[s] = -1
			xfs = append(xfs, s)
		}
		if n, ok := sharedItem(rs, c, sstItems); ok {
			if _, seen := p.items[n]; !seen {
				p.items[n] = -1
				items = append(items, n)
			}
		}
	}
	slices.Sort(xfs)
	slices.Sort(items)
	for k, s := range xfs {
		p.styles[s] = k + 1
	}
	for k, n := range items {
		p.items[n] = k
	}
	p.xfs, p.order = xfs, items
	return p
}

// sharedItem is the shared string item a shared string cell names, as
// excelize reads its index (a trimmed decimal, item 0 when it is none),
// when the workbook (of items items) has it. An empty value names none.
func sharedItem(rs *rowScan, c *rawCell, items int) (int, bool) {
	v := rs.str(c.v)
	if c.typ != typeShared || v == "" {
		return 0, false
	}
	n, _ := strconv.Atoi(strings.TrimSpace(v))
	return n, n >= 0 && n < items
}

// style is the book's index of a picked cell's style: a cell format the
// workbook has is renumbered; none (0) stays none, and an index past the
// cell formats (or below them) stays one the book has not either.
func (p *bookPicks) style(s int) int {
	if n, ok := p.styles[s]; ok {
		return n
	}
	return s
}

// value is the <v> of a picked cell as the book holds it: a shared string
// item's index renumbered, any other value as read.
func (p *bookPicks) value(rs *rowScan, c *rawCell, items int) string {
	if n, ok := sharedItem(rs, c, items); ok {
		return strconv.Itoa(p.items[n])
	}
	return rs.str(c.v)
}

// pickedStyles is the styles part of the format book for the read tools:
// formatStyles' for the cell formats picks names alone, renumbered, and
// the number formats they name (in the workbook's order: of two with one
// id, the first counts, as in excelize's reading of the whole part).
func (wb *workbook) pickedStyles(picks *bookPicks) []byte {
	d := wb.stylesRaw
	if d == nil {
		d = &stylesDoc{}
	}
	ids := map[int]bool{}
	for _, s := range picks.xfs {
		if x := d.xfs[s]; x.numFmt != nil {
			ids[*x.numFmt] = true
		}
	}
	var b bytes.Buffer
	b.WriteString(`<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts>`)
	for _, n := range d.numFmts {
		if !ids[n.id] {
			continue
		}
		code := n.code
		if n.code16 != "" {
			code = n.code16
		}
		fmt.Fprintf(&b, `<numFmt numFmtId="%d" formatCode="%s"/>`, n.id, attrEscape(code))
	}
	b.WriteString(`</numFmts><cellXfs><xf/>`)
	for _, s := range picks.xfs {
		if x := d.xfs[s]; x.numFmt == nil {
			b.WriteString(`<xf/>`)
		} else {
			fmt.Fprintf(&b, `<xf numFmtId="%d"/>`, *x.numFmt)
		}
	}
	b.WriteString(`</cellXfs></styleSheet>`)
	return b.Bytes()
}

// pickedStrings is the shared strings part of the format book: the items
// picks names, in its order; nil when it names none.
func pickedStrings(picks *bookPicks, sst []string) []byte {
	if len(picks.order) == 0 {
		return nil
	}
	var b bytes.Buffer
	b.WriteString(`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">`)
	for _, n := range picks.order {
		b.WriteString(`<si><t xml:space="preserve">`)
		_ = xml.EscapeText(&b, []byte(encodeXstring(sst[n])))
		b.WriteString(`</t></si>`)
	}
	b.WriteString(`</sst>`)
	return b.Bytes()
}
