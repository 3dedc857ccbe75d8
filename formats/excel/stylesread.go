package excel

import (
	"encoding/xml"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// stylesPart is where the styles part is, whatever the workbook's
// relationships say (the patching writer edits the entry named so).
const stylesPart = "xl/styles.xml"

// isStylesPart reports an entry read as stylesPart: backslashes are taken
// for slashes, but not another case.
func isStylesPart(name string) bool {
	return strings.ReplaceAll(name, `\`, "/") == stylesPart
}

// cellFormat is what the target finder needs of one cell format (an <xf>
// of cellXfs): its number format, whether it locks the cell, and the
// looks that tell inputs from titles.
type cellFormat struct {
	NumFmt       int     // a built-in number format's id; 0 with CustomNumFmt
	CustomNumFmt *string // a custom number format's code
	locked       bool    // locked when the sheet is protected
	bold         bool
	bottomBorder bool   // a line under the cell
	solidFill    bool   // a solid pattern fill
	fillColor    string // its color as RRGGBB, "" when unknown
}

// rawColor is a <color>-like element (fgColor, bgColor) as written.
type rawColor struct {
	auto    bool
	rgb     string
	indexed int
	theme   *int
	tint    float64
}

// rawXf is an <xf> of cellXfs as written; a nil pointer is an attribute
// the element does not have (or one that is no number or boolean).
type rawXf struct {
	numFmt, font, fill, border                 *int
	applyFont, applyFill, applyBorder, applyPr *bool
	protection, locked                         bool // a <protection> child; its locked
}

// rawNumFmt is a <numFmt>: its id and code, and the code Excel 2016 may
// give it besides (formatCode16).
type rawNumFmt struct {
	id           int
	code, code16 string
}

// rawFill is a <fill>: its pattern and colors, or a gradient.
type rawFill struct {
	gradient, pattern bool
	patternType       string
	fg, bg            *rawColor
}

// stylesDoc is the styles part as the target finder reads it.
type stylesDoc struct {
	numFmts []rawNumFmt
	bold    []bool // by font
	fills   []rawFill
	bottom  []string // the bottom line's style, by border
	xfs     []rawXf
	indexed []string // indexedColors' rgb
}

// readStyles reads the styles part data in one pass: the guard's fast
// pass (see readFast), else encoding/xml's.
func readStyles(data []byte) (*stylesDoc, error) {
	if d := readStylesFast(data); d != nil {
		return d, nil
	}
	d := &stylesDoc{}
	walk := xmlWalk{start: func(path []string, t *xml.StartElement) { d.element(path, *t) }}
	err := walk.run(data, nil, func(err error) error {
		return formats.Wrap(formats.ErrInvalidDocument, stylesPart, err, "malformed XML")
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// readStylesFast reads the styles part data with the guard's fast pass,
// nil where that pass gives up. A questionnaire's styles part holds
// thousands of cell formats: encoding/xml's pass over them, allocating for
// every token, cost a large workbook's first page as much as finding the
// targets of a sheet. The elements and attributes the fast pass reports
// are those of encoding/xml's (FuzzFastCheck), and element reads them by
// local name alone, as xmlWalk gives them.
func readStylesFast(data []byte) *stylesDoc {
	d := &stylesDoc{}
	var path []string
	rec := recording{record: func(start bool, el *xml.StartElement, depth int, _, _ int64) {
		if start {
			path = append(path[:depth], el.Name.Local)
			d.element(path, *el)
		}
	}}
	if ok, _ := fastCheck(data, rec, nil); !ok {
		return nil
	}
	return d
}

// parent is the name of the element n levels above the last of path.
func parent(path []string, n int) string {
	if len(path) <= n {
		return ""
	}
	return path[len(path)-1-n]
}

// element records one start element at path.
func (d *stylesDoc) element(path []string, se xml.StartElement) {
	in := func(names ...string) bool {
		if len(path) != len(names)+1 {
			return false
		}
		for i, n := range names {
			if path[i+1] != n {
				return false
			}
		}
		return true
	}
	switch {
	case in("numFmts", "numFmt"):
		d.numFmt(se)
	case in("fonts", "font"):
		d.bold = append(d.bold, false)
	case in("fonts", "font", "b") && len(d.bold) > 0:
		v, ok := bookAttrOK(se, "val")
		b, err := strconv.ParseBool(v)
		d.bold[len(d.bold)-1] = !ok || v == "" || b && err == nil
	case in("fills", "fill"):
		d.fills = append(d.fills, rawFill{})
	case in("fills", "fill", "gradientFill") && len(d.fills) > 0:
		d.fills[len(d.fills)-1].gradient = true
	case in("fills", "fill", "patternFill") && len(d.fills) > 0:
		f := &d.fills[len(d.fills)-1]
		f.pattern, f.patternType = true, bookAttr(se, "patternType", "")
	case (in("fills", "fill", "patternFill", "fgColor") || in("fills", "fill", "patternFill", "bgColor")) && len(d.fills) > 0:
		f := &d.fills[len(d.fills)-1]
		c := readColor(se)
		if se.Name.Local == "fgColor" {
			f.fg = c
		} else {
			f.bg = c
		}
	case in("borders", "border"):
		d.bottom = append(d.bottom, "")
	case in("borders", "border", "bottom") && len(d.bottom) > 0:
		d.bottom[len(d.bottom)-1] = bookAttr(se, "style", "")
	case in("cellXfs", "xf"):
		d.xfs = append(d.xfs, rawXf{numFmt: intAttr(se, "numFmtId"), font: intAttr(se, "fontId"), fill: intAttr(se, "fillId"), border: intAttr(se, "borderId"),
			applyFont: boolAttr(se, "applyFont"), applyFill: boolAttr(se, "applyFill"), applyBorder: boolAttr(se, "applyBorder"), applyPr: boolAttr(se, "applyProtection")})
	case in("cellXfs", "xf", "protection") && len(d.xfs) > 0:
		x := &d.xfs[len(d.xfs)-1]
		l := boolAttr(se, "locked")
		x.protection, x.locked = true, l != nil && *l
	case in("colors", "indexedColors", "rgbColor"):
		d.indexed = append(d.indexed, bookAttr(se, "rgb", ""))
	}
}

// numFmt records a <numFmt>.
func (d *stylesDoc) numFmt(se xml.StartElement) {
	n := rawNumFmt{code: bookAttr(se, "formatCode", ""), code16: bookAttr(se, "formatCode16", "")}
	if id := intAttr(se, "numFmtId"); id != nil {
		n.id = *id
	}
	d.numFmts = append(d.numFmts, n)
}

// readColor reads a color element.
func readColor(se xml.StartElement) *rawColor {
	c := &rawColor{rgb: bookAttr(se, "rgb", ""), theme: intAttr(se, "theme")}
	if a := boolAttr(se, "auto"); a != nil {
		c.auto = *a
	}
	if i := intAttr(se, "indexed"); i != nil {
		c.indexed = *i
	}
	if t, err := strconv.ParseFloat(strings.TrimSpace(bookAttr(se, "tint", "")), 64); err == nil {
		c.tint = t
	}
	return c
}

// intAttr is the attribute local of se as a number, nil when absent or
// no number.
func intAttr(se xml.StartElement, local string) *int {
	v, ok := bookAttrOK(se, local)
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return nil
	}
	return &n
}

// boolAttr is the attribute local of se as a boolean, nil when absent or
// no boolean.
func boolAttr(se xml.StartElement, local string) *bool {
	v, ok := bookAttrOK(se, local)
	if !ok {
		return nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return nil
	}
	return &b
}

// bookAttrOK is the value of the attribute local of se, any namespace,
// and whether se has it; of one given twice, the last counts.
func bookAttrOK(se xml.StartElement, local string) (v string, ok bool) {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			v, ok = a.Value, true
		}
	}
	return v, ok
}
