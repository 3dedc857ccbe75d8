package excel

import (
	"strings"
	"testing"
)

// libreOfficeExcuses are the differences LibreOffice 7.4 itself causes,
// each excused only where formfill caches what Excel cached in doc
// (excel): its missing XLOOKUP, its search of unsorted data for an
// approximate lookup, its boolean read as a number in a join, and its
// spelling of CELL("filename").
func libreOfficeExcuses(t *testing.T, doc []byte, w *writer, excel map[string]map[string]string) []loExcuse {
	joins, _ := excelBooleanJoins(t, doc)
	xlookups, _ := lookupsLibreOfficeLacks(t, w, excel)
	approx, _ := approxLookupsLibreOfficeSearchesOtherwise(t, w, excel)
	names, _ := fileNamesLibreOfficeSpellsOtherwise(w, excel)
	return []loExcuse{
		{"XLOOKUP, which LibreOffice 7.4 lacks, where Excel's cached value agrees", xlookups},
		{"an approximate lookup over unsorted data, which LibreOffice searches otherwise, where Excel's cached value agrees", approx},
		{"a boolean joined as LibreOffice reads it (0/1), where Excel's cached value agrees", joins},
		{`CELL("filename"), which LibreOffice spells without Excel's [book]sheet, where Excel's cached value agrees`, names},
	}
}

// fileNamesLibreOfficeSpellsOtherwise excuses the cells whose formula
// calls CELL("filename"), or reads a cell whose formula does, where
// formfill caches what Excel cached: Excel gives "C:\dir\[book.xlsx]Sheet",
// which Watkins' =MID(CELL("filename",A1),FIND("]",…)+1,256) cuts to the
// sheet's name; LibreOffice gives 'file:///dir/book.xlsx'#$Sheet, with no
// "]", so FIND fails and the cell is #VALUE!. count counts them.
func fileNamesLibreOfficeSpellsOtherwise(w *writer, excel map[string]map[string]string) (excused func(sheet, ref, lo, ours string) bool, count *int) {
	src := newScanSource(w)
	callsCellFilename := func(c cell) bool {
		f := strings.ToUpper(strings.ReplaceAll(src.formula(c.sheet, c.row, c.col), " ", ""))
		return strings.Contains(f, `CELL("FILENAME"`)
	}
	return excusedWhereExcelAgrees(w, excel, src, callsCellFilename)
}
