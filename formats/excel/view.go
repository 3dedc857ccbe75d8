package excel

import (
	"fmt"
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
	wb, err := e.openRead(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.view()
}

// view makes the workbook's document view.
func (wb *workbook) view() (rows []formats.ViewNode, err error) {
	for i := range wb.sheets {
		m, err := wb.loadSheet(i + 1)
		if err != nil {
			return nil, sheetError(wb.sheets[i], err)
		}
		rows = m.appendView(rows)
	}
	return rows, nil
}

// appendView appends the sheet's rows of the view.
func (m *sheetModel) appendView(rows []formats.ViewNode) []formats.ViewNode {
	sheet := formats.ViewNode{ID: "S" + strconv.Itoa(m.index), Style: "sheet", Text: m.name}
	if m.hidden {
		sheet.Style = "hidden_sheet"
	}
	rows = append(rows, sheet)
	for r, row := range m.rows {
		var cells []string
		for c, v := range row {
			if t := strings.TrimSpace(v); t != "" {
				cells = append(cells, fmt.Sprintf("C%d: %s", c+1, t))
			}
		}
		if len(cells) == 0 {
			continue
		}
		style := "row"
		if m.hiddenRows[r+1] {
			style = "hidden_row"
		}
		rows = append(rows, formats.ViewNode{ID: fmt.Sprintf("S%d-R%d", m.index, r+1), Style: style, Text: strings.Join(cells, " | ")})
	}
	return rows
}
