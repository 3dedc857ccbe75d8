package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// themePart is the workbook's theme, whose color scheme theme colors name.
const themePart = "xl/theme/theme1.xml"

// themeOrder is the order in which theme color indexes name the color
// scheme's colors: light 1, dark 1, light 2, dark 2, then the accents.
var themeOrder = []string{"lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6"}

// readTheme reads the color scheme of the theme part data, by name: a
// color's srgbClr value, else its sysClr's last color; nil for a name with
// neither. It stops at the end of the scheme: a theme has one (the schema
// allows no other), and the fonts and effects after it are most of the
// part (a tenth of a small workbook's first page went on reading them).
// The guard has checked the whole part already.
func readTheme(data []byte) (map[string]*string, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = keepUTF16Transcoded
	scheme := map[string]*string{}
	var path []string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return scheme, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			if len(path) == 5 && path[1] == "themeElements" && path[2] == "clrScheme" {
				name := path[3]
				switch t.Name.Local {
				case "srgbClr":
					if v, ok := bookAttrOK(t, "val"); ok {
						scheme[name] = &v
					}
				case "sysClr":
					if _, ok := scheme[name]; !ok || scheme[name] == nil {
						v := bookAttr(t, "lastClr", "")
						scheme[name] = &v
					}
				}
			}
		case xml.EndElement:
			if len(path) == 3 && path[1] == "themeElements" && path[2] == "clrScheme" {
				return scheme, nil
			}
			path = path[:len(path)-1]
		}
	}
}

// builtinNumFmt reports a number format id the standard defines (ECMA-376
// 18.8.30) or reserves for East Asian formats: such an id needs no
// <numFmt>.
func builtinNumFmt(id int) bool {
	switch {
	case id >= 0 && id <= 4, id >= 9 && id <= 22, id >= 37 && id <= 49:
		return true
	}
	return id >= 27 && id <= 36 || id >= 50 && id <= 62 || id >= 67 && id <= 81
}

// validBorders are the line styles a border may have besides none.
var validBorders = []string{"thin", "medium", "dashed", "dotted", "thick", "double", "hair", "mediumDashed",
	"dashDot", "mediumDashDot", "dashDotDot", "mediumDashDotDot", "slantDashDot"}

// formats works out every cell format of the styles; theme is the color
// scheme, nil when the workbook has no theme (colors are then unknown).
func (d *stylesDoc) formats(theme map[string]*string) []*cellFormat {
	out := make([]*cellFormat, len(d.xfs))
	for i := range d.xfs {
		out[i] = d.format(&d.xfs[i], theme)
	}
	return out
}

// applies reports an apply* attribute that does not say no.
func applies(p *bool) bool { return p == nil || *p }

// index is *p when it indexes a list of n, else -1.
func index(p *int, n int) int {
	if p == nil || *p < 0 || *p >= n {
		return -1
	}
	return *p
}

// format is the cell format of x.
func (d *stylesDoc) format(x *rawXf, theme map[string]*string) *cellFormat {
	f := &cellFormat{locked: true}
	if i := index(x.fill, len(d.fills)); i >= 0 && applies(x.applyFill) {
		fl := d.fills[i]
		f.solidFill = fl.pattern && strings.EqualFold(fl.patternType, "solid")
		if fl.pattern && fl.bg != nil && !fl.bg.auto {
			f.fillColor = d.color(fl.bg, theme)
		}
		if fl.pattern && fl.fg != nil && !fl.fg.auto {
			f.fillColor = d.color(fl.fg, theme)
		}
	}
	if i := index(x.border, len(d.bottom)); i >= 0 && applies(x.applyBorder) {
		for _, b := range validBorders {
			f.bottomBorder = f.bottomBorder || strings.EqualFold(d.bottom[i], b)
		}
	}
	if i := index(x.font, len(d.bold)); i >= 0 && applies(x.applyFont) {
		f.bold = d.bold[i]
	}
	if x.protection && applies(x.applyPr) {
		f.locked = x.locked
	}
	if x.numFmt == nil {
		return f
	}
	if id := *x.numFmt; builtinNumFmt(id) {
		f.NumFmt = id
		return f
	}
	for _, n := range d.numFmts {
		if n.id == *x.numFmt {
			code := n.code
			f.CustomNumFmt = &code
		}
	}
	return f
}

// color is c as RRGGBB: a theme color from the scheme, else its rgb,
// else an indexed color from the workbook's palette or the default one;
// tinted. "" when the workbook has no theme, or the color is none of
// these.
func (d *stylesDoc) color(c *rawColor, theme map[string]*string) string {
	if theme == nil {
		return ""
	}
	rgb := d.baseColor(c, theme)
	if rgb == "" {
		return ""
	}
	if c.tint != 0 && len(rgb) < 6 {
		return "" // no color to tint
	}
	return strings.TrimPrefix(excelize.ThemeColor(rgb, c.tint), "FF")
}

// baseColor is c's color before its tint.
func (d *stylesDoc) baseColor(c *rawColor, theme map[string]*string) string {
	if c.theme != nil && *c.theme >= 0 && *c.theme < len(themeOrder) {
		if v := theme[themeOrder[*c.theme]]; v != nil {
			return *v
		}
	}
	switch {
	case len(c.rgb) == 6:
		return c.rgb
	case len(c.rgb) == 8:
		return strings.TrimPrefix(c.rgb, "FF")
	case c.indexed >= 0 && c.indexed < len(d.indexed):
		return strings.TrimPrefix(d.indexed[c.indexed], "FF")
	case c.indexed >= 0 && c.indexed < len(excelize.IndexedColorMapping):
		return excelize.IndexedColorMapping[c.indexed]
	}
	return c.rgb
}

// readStyles reads the styles part and the theme once, whatever the lanes
// that ask (see eachSheet): the cell formats and what their number
// formats do. A part that cannot be read leaves every cell unstyled.
func (wb *workbook) readStyles() {
	wb.formatsOnce.Do(func() {
		d := &stylesDoc{}
		if wb.arch.File(stylesPart) != nil {
			data, err := wb.readXML(stylesPart)
			if err == nil {
				d, err = readStyles(data)
			}
			if err != nil {
				return
			}
		}
		var theme map[string]*string
		if wb.arch.File(themePart) != nil {
			if data, err := wb.readXML(themePart); err == nil {
				theme, _ = readTheme(data)
			}
		}
		wb.stylesRaw = d
		wb.cellFormats = d.formats(theme)
		wb.formats = d.numFormats()
	})
}

// cellFormat is the cell format of style index idx, nil for the default
// format (0) and for an index the styles do not have.
func (wb *workbook) cellFormat(idx int) *cellFormat {
	wb.readStyles()
	if idx <= 0 || idx >= len(wb.cellFormats) {
		return nil
	}
	return wb.cellFormats[idx]
}
