package excel

import (
	"errors"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/xuri/excelize/v2"
)

// The read tools (the map, the document view, the text) take a sheet's
// rows, formulas and validations from the guard's scan and its stubs, so
// excelize need not inflate and parse the large parts a second time: it
// opens a package in which each worksheet the scan reads on its own is
// reduced to its start tag and an empty sheetData; the calculation chain,
// which excelize parses on opening and reading never uses, is empty; the
// shared strings, which excelize is given from the guard's scan (see
// useScannedStrings), are empty; and the styles part has no differential
// formats (see stylescut.go). Only the read tools open it: a write saves
// excelize's package. The parts it replaces are stored, not deflated:
// excelize inflates the package again at once, in this process.

// emptyCalcChain stands in for the calculation chain in a read package,
// and emptySST for the shared strings.
const (
	emptyCalcChain = `<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>`
	emptySST       = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>`
)

// readPackage returns the document's package for the read tools, the
// document itself when it cannot, and notes in wb the worksheet parts it
// reduced and whether it emptied the shared strings. Its error is only
// ever the call's stop.
func (wb *workbook) readPackage(data []byte) ([]byte, error) {
	parts, err := wb.parts()
	if errors.Is(err, formats.ErrStopped) {
		return nil, err
	}
	if err != nil {
		return data, nil // the tools meet the error where they meet it now
	}
	replaced := map[string][]byte{}
	reduced := map[string]bool{}
	for _, part := range parts {
		sc := wb.pass.sheets[part]
		if rs := sc.rowScan(); rs != nil && rs.canonicalRefs && canonicalMerges(sc.merges) && wb.arch.File(part) != nil {
			replaced[part] = worksheetStub(rs.root, rs.rootEnd, nil)
			reduced[part] = true
		}
	}
	if f := wb.arch.File("xl/calcChain.xml"); f != nil {
		replaced[f.Name] = []byte(emptyCalcChain)
	}
	if wb.pass.styles != nil {
		replaced[wb.pass.stylesName] = wb.pass.styles
	}
	_, emptied := wb.pass.sharedStrings.strings()
	if emptied {
		replaced[wb.pass.sharedStringsName] = []byte(emptySST)
	}
	out, err := wb.arch.Rewrite(replaced, formats.StoreReplaced())
	if errors.Is(err, formats.ErrStopped) {
		return nil, err
	}
	if err != nil {
		return data, nil
	}
	wb.reduced, wb.sstEmptied = reduced, emptied
	return out, nil
}

// giveStrings hands excelize a shared strings table; a variable so that a
// test can make it refuse, as it would were excelize's fields to change.
var giveStrings = giveSharedStrings

// useScannedStrings gives excelize the shared strings the guard's scan
// read, so that it does not parse them again. Where it cannot, excelize
// reads the part itself, which must then hold the table again.
func (wb *workbook) useScannedStrings() error {
	sst, ok := wb.pass.sharedStrings.strings()
	if !ok {
		return nil
	}
	if giveStrings(wb.f, sst) {
		wb.sst = sst // excelize's table is these items now
		return nil
	}
	if !wb.sstEmptied {
		return nil
	}
	data, err := wb.arch.Read(wb.pass.sharedStringsName)
	if err != nil {
		return err
	}
	wb.f.Pkg.Store(sharedStringsPart, data)
	return nil
}

// canonicalMerges reports whether every merged range is written as
// excelize writes references (A1:B2): excelize's cell readers answer for a
// merged cell with the range's first reference as written.
func canonicalMerges(merges []string) bool {
	canonical := func(ref string) (col, row int, ok bool) {
		col, row, err := excelize.CellNameToCoordinates(ref)
		name, _ := excelize.CoordinatesToCellName(col, row)
		return col, row, err == nil && name == ref
	}
	for _, m := range merges {
		a, b, found := strings.Cut(m, ":")
		c1, r1, ok1 := canonical(a)
		if !found {
			b = a
		}
		c2, r2, ok2 := canonical(b)
		if !ok1 || !ok2 || c1 > c2 || r1 > r2 {
			return false // excelize's first cell would be another than the top left
		}
	}
	return true
}

// isReduced reports whether sheet is reduced in the package excelize
// opened: its cells are then only in the scan.
func (wb *workbook) isReduced(sheet string) bool {
	if len(wb.reduced) == 0 {
		return false
	}
	parts, err := wb.parts()
	return err == nil && wb.reduced[parts[sheet]]
}

// cellValue is the formatted text of a cell as excelize's GetCellValue
// gives it: for a cell inside a merged range, its first cell's.
func (wb *workbook) cellValue(sheet string, row, col int) string {
	if !wb.isReduced(sheet) {
		name, _ := excelize.CoordinatesToCellName(col, row)
		wb.mu.Lock()
		defer wb.mu.Unlock()
		v, _ := wb.f.GetCellValue(sheet, name)
		return v
	}
	sc, err := wb.scanSheet(sheet)
	if err != nil {
		return ""
	}
	rows, err := wb.rows(sheet, sc)
	if err != nil {
		return ""
	}
	merges, _ := sc.mergeRects() // a reduced sheet's all parse
	if r, ok := merges.first(row, col); ok {
		row, col = r.r1, r.c1
	}
	if row > len(rows) || col > len(rows[row-1]) {
		return ""
	}
	return rows[row-1][col-1]
}
