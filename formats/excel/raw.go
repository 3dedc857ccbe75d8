package excel

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// maxRawCells bounds the values extract_structure returns per sheet; past
// it the rows are cut and the sheet is marked truncated.
const maxRawCells = 200000

// ExtractRaw implements extract_structure: every sheet's dimensions,
// merged ranges, values and data validations.
func (e *Engine) ExtractRaw(doc []byte) (rs *formats.RawStructure, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return nil, err
	}
	return wb.raw()
}

// raw makes the workbook's raw structure.
func (wb *workbook) raw() (rs *formats.RawStructure, err error) {
	rs = &formats.RawStructure{Sheets: make([]formats.SheetInfo, 0, len(wb.sheets))}
	for i := range wb.sheets {
		m, err := wb.loadSheet(i + 1)
		if err != nil {
			return nil, sheetError(wb.sheets[i], err)
		}
		rs.Sheets = append(rs.Sheets, m.info())
	}
	return rs, nil
}

func (m *sheetModel) info() formats.SheetInfo {
	si := formats.SheetInfo{Name: m.name, Index: m.index, Hidden: m.hidden, Dimension: m.usedRange(),
		MaxRow: m.maxRow(), MaxColumn: m.maxCol, Rows: [][]string{}, DataValidations: m.dataValidations()}
	for _, mr := range m.merged {
		si.MergedRanges = append(si.MergedRanges, mr.ref)
	}
	cells := 0
	for _, r := range m.rows {
		if cells += len(r); cells > maxRawCells {
			si.Truncated = true
			break
		}
		si.Rows = append(si.Rows, r)
	}
	return si
}

// ExtractText implements extract_text: each sheet under a header line, one
// row per line, cells separated by tabs, empty rows left out.
func (e *Engine) ExtractText(doc []byte) (text string, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	wb, err := e.open(doc, stop)
	if err != nil {
		return "", err
	}
	return wb.text()
}

// text makes the workbook's plain text.
func (wb *workbook) text() (string, error) {
	var b strings.Builder
	for i, name := range wb.sheets {
		if err := wb.stop.Check(); err != nil {
			return "", err
		}
		sc, err := wb.scanSheet(name)
		if err != nil {
			return "", sheetError(name, err)
		}
		rows, err := wb.rows(name, sc)
		if err != nil {
			return "", sheetError(name, err)
		}
		fmt.Fprintf(&b, "=== Sheet %d: %s ===\n", i+1, name)
		for _, r := range rows {
			line := strings.TrimRight(strings.Join(r, "\t"), "\t ")
			if strings.TrimSpace(line) != "" {
				b.WriteString(line + "\n")
			}
		}
	}
	return b.String(), nil
}
