package excel

import (
	"bytes"
	"encoding/xml"
	"io"

	"github.com/xuri/excelize/v2"
)

// formulaCells finds the cells of sheet that hold a formula by streaming
// its worksheet XML once: excelize can only be asked cell by cell, and
// shows a formula whose result was never cached as an empty cell.
func (wb *workbook) formulaCells(sheet string) map[[2]int]bool {
	out := map[[2]int]bool{}
	parts, err := wb.parts()
	if err != nil || parts[sheet] == "" {
		return out
	}
	data, err := wb.arch.Read(parts[sheet])
	if err != nil {
		return out
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var cur [2]int
	for {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return out
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "c":
			cur = [2]int{}
			for _, a := range se.Attr {
				if a.Name.Local == "r" {
					if col, row, err := excelize.CellNameToCoordinates(a.Value); err == nil {
						cur = [2]int{row, col}
					}
				}
			}
		case "f":
			if cur[0] > 0 {
				out[cur] = true
			}
		}
	}
}

// parts caches sheetParts for the workbook.
func (wb *workbook) parts() (map[string]string, error) {
	if wb.partMap == nil {
		m, err := wb.sheetParts()
		if err != nil {
			return nil, err
		}
		wb.partMap = m
	}
	return wb.partMap, nil
}
