package excel

import (
	"fmt"

	"github.com/formfill/formfill/formats"
)

// Validate implements validate_locations. A location's snippet (or, when
// empty, its pair_id) is an element ID or a Sheet!A1 reference. It matches
// when the sheet exists and the cell lies within the sheet's bounds; a
// cell outside the used range or inside a merged range matches with a
// warning.
func (e *Engine) Validate(doc []byte, locations []formats.Location) (out []formats.ValidatedLocation, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	if err := formats.CheckCount("locations", len(locations)); err != nil {
		return nil, err
	}
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.validate(locations)
}

// validate checks each location against the workbook.
func (wb *workbook) validate(locations []formats.Location) (out []formats.ValidatedLocation, err error) {
	models := map[int]*sheetModel{}
	out = make([]formats.ValidatedLocation, 0, len(locations))
	for _, loc := range locations {
		if err := wb.stop.Check(); err != nil {
			return nil, err
		}
		ref := loc.Snippet
		if ref == "" {
			ref = loc.PairID
		}
		v := formats.ValidatedLocation{PairID: loc.PairID, Status: formats.LocationNotFound}
		c, err := wb.parseRef(ref)
		if err != nil {
			v.Warning = err.Error()
			out = append(out, v)
			continue
		}
		m := models[c.sheet]
		if m == nil {
			if m, err = wb.loadSheet(c.sheet); err != nil {
				return nil, sheetError(wb.sheetName(c), err)
			}
			models[c.sheet] = m
		}
		out = append(out, m.validated(v, c))
	}
	return out, nil
}

func (m *sheetModel) validated(v formats.ValidatedLocation, c cell) formats.ValidatedLocation {
	v.Status = formats.LocationMatched
	if mr := m.mergeAt(c.row, c.col); mr != nil && (mr.r1 != c.row || mr.c1 != c.col) {
		anchor := cell{sheet: c.sheet, row: mr.r1, col: mr.c1}
		v.Warning = fmt.Sprintf("%s lies inside merged range %s: writes go to its anchor %s (%s)", c.name(), mr.ref, anchor.name(), anchor.ID())
		c = anchor
	} else if c.row > m.maxRow() || c.col > max(m.maxCol, 1) {
		v.Warning = fmt.Sprintf("%s is outside the used range %s of sheet %q", c.name(), m.usedRange(), m.name)
	}
	v.XPath = m.wb.xpath(c)
	v.Context = clip(m.rowText(c.row), 300)
	return v
}
