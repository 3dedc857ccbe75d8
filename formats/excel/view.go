package excel

import (
	"slices"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// ReadDocument implements read_document for workbooks: per sheet, a row
// naming the sheet (ID S1, style "sheet"), then one row per worksheet row
// that shows something (ID S1-R5), its cells as "C2: text | C3: text" so
// that a cell's ID is the row's ID and the column (S1-R5-C3).
func (e *Engine) ReadDocument(doc []byte) (rows []formats.ViewNode, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.view()
}

// view makes the workbook's document view.
func (wb *workbook) view() (rows []formats.ViewNode, err error) {
	parts := make([][]formats.ViewNode, len(wb.sheets))
	err = wb.eachSheet(func(i int, stop *formats.Stopper) error {
		m, err := wb.loadSheet(i + 1)
		if err != nil {
			return sheetError(wb.sheets[i], err)
		}
		m.stop = stop
		parts[i] = m.appendView(nil)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Concat(parts...), nil
}

// appendView appends the sheet's rows of the view.
func (m *sheetModel) appendView(rows []formats.ViewNode) []formats.ViewNode {
	sheet := formats.ViewNode{ID: "S" + strconv.Itoa(m.index), Style: "sheet", Text: m.name}
	if m.hidden {
		sheet.Style = "hidden_sheet"
	}
	rows = append(rows, sheet)
	var text []byte // reused: a large sheet has tens of thousands of rows
	for r, row := range m.rows {
		text = text[:0]
		for c, v := range row {
			if t := strings.TrimSpace(v); t != "" {
				if len(text) > 0 {
					text = append(text, " | "...)
				}
				text = append(strconv.AppendInt(append(text, 'C'), int64(c+1), 10), ": "...)
				text = append(text, t...)
			}
		}
		if len(text) == 0 {
			continue
		}
		style := "row"
		if m.hiddenRows[r+1] {
			style = "hidden_row"
		}
		id := sheet.ID + "-R" + strconv.Itoa(r+1)
		rows = append(rows, formats.ViewNode{ID: id, Style: style, Text: string(text)})
	}
	return rows
}
