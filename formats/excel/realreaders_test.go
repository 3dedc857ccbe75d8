package excel

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// TestRealWorkbooksReadAsOpenpyxlReads holds formfill's one-pass reading
// of every real workbook (and of the fixture, the edge workbooks and
// kindsBook, which hold what real ones may lack: inline strings, rich
// text, cells past the dimension, error cells) to openpyxl's, kind by kind (see compareSheet):
// every cell's value and type (text, numbers, booleans, dates, errors,
// formulas and their cached results) and number format, inline strings
// and rich-text shared strings, cells outside the declared dimension,
// and the cells only one reader finds; each sheet's merges, data
// validations (x14 ones against the script's own reading of the
// extension, which openpyxl drops), notes and hyperlinks. Every
// disagreement fails. Where openpyxl reads a thing otherwise than Excel
// does, the comparison says so and why, and these are all: an inline
// string's _xHHHH_ escapes, which openpyxl leaves (Excel decodes them,
// and so does formfill: text); a note's empty author, which openpyxl
// names "None" (notes); a merged range of one cell, which openpyxl
// writes as the cell (merges); and the x14 validations, which openpyxl
// drops and the script reads itself (validations).
func TestRealWorkbooksReadAsOpenpyxlReads(t *testing.T) {
	names, docs := openpyxlCorpus(t)
	values := readers.XLSXValues(t, docs...)
	parts := readers.XLSXPartsOf(t, docs...)
	total := tally{}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			got := compareBook(t, docs[i], values[i], parts[i])
			t.Logf("compared: %v", got)
			total.add(got)
		})
	}
	t.Logf("%d workbooks, compared: %v", len(names), total)
	for _, kind := range mustCompare {
		if total[kind] == 0 {
			t.Errorf("no %s compared: the test holds nothing of that kind to openpyxl", kind)
		}
	}
}

// tally counts the comparisons made, by kind.
type tally map[string]int

func (t tally) add(o tally) {
	for k, n := range o {
		t[k] += n
	}
}

// mustCompare are the kinds every run compares at least once, real
// workbooks or not: kindsBook holds each.
var mustCompare = []string{"text", "number", "boolean", "date", "error", "formula", "cached result",
	"inline", "rich", "outside dimension", "format", "merge", "validation", "x14 validation", "note", "hyperlink"}

// edgeCorpus are the edge workbooks compared beside the real ones.
var edgeCorpus = []string{fixtures.ExcelEdgeOutsideDimension, fixtures.ExcelEdgeSharedFormulas,
	fixtures.ExcelEdgeArrayFormulas, fixtures.ExcelEdgeRichText, fixtures.ExcelEdgeInlineStrings,
	fixtures.ExcelEdgeGeneralNumber}

// referenceInputs is the folder of the Python reference's own inputs
// (FORMFILL_REFERENCE_INPUTS, else where its checkout lies), whose
// workbooks are compared when it is there.
func referenceInputs() string {
	if d := os.Getenv("FORMFILL_REFERENCE_INPUTS"); d != "" {
		return d
	}
	return "/tmp/vibe/tests/inputs"
}

// openpyxlCorpus is every workbook compared, by name in order: the
// fixture, the edge workbooks, and every real one (the fetched documents,
// every folder of them, the shared forms, the reference's inputs).
func openpyxlCorpus(t *testing.T) ([]string, [][]byte) {
	t.Helper()
	byName := map[string][]byte{"vendor assessment": fixture(t), "made every kind": kindsBook(t, "")}
	for _, name := range edgeCorpus {
		byName["edge "+filepath.Base(name)] = edgeDoc(t, name)
	}
	var paths []string
	_ = filepath.WalkDir(realdocs.Dir(), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".xlsx") {
			paths = append(paths, p)
		}
		return nil
	})
	for _, dir := range []string{realdocs.SharedForms(), referenceInputs()} {
		more, _ := filepath.Glob(filepath.Join(dir, "*.xlsx"))
		paths = append(paths, more...)
	}
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			byName[filepath.Base(p)] = data
		}
	}
	names := slices.Sorted(maps.Keys(byName))
	docs := make([][]byte, len(names))
	for i, n := range names {
		docs[i] = byName[n]
	}
	return names, docs
}

// compareBook compares every sheet of doc with openpyxl's reading of it
// and returns the comparisons made, by kind.
func compareBook(t *testing.T, doc []byte, values readers.XLSXBook, parts map[string]readers.XLSXSheetParts) tally {
	t.Helper()
	w := answeredWriter(t, doc, nil)
	n := tally{}
	formulas := edgeFormulas(t, doc)
	for i, sheet := range w.wb.sheets {
		m, err := w.wb.loadSheet(i + 1)
		must(t, err)
		s := sheetCompare{t: t, w: w, m: m, values: values[sheet], parts: parts[sheet], formulas: formulas[sheet], n: n}
		s.cells()
		s.strays()
		s.merges()
		s.validations()
		s.notes()
		s.links()
	}
	return n
}

// sheetCompare is one sheet of a workbook as formfill and openpyxl read it.
type sheetCompare struct {
	t        *testing.T
	w        *writer
	m        *sheetModel
	values   map[string]readers.XLSXCell
	parts    readers.XLSXSheetParts
	formulas map[string]string // formfill's, with their "="
	n        tally
}

// errorf reports a disagreement of kind at ref (a cell, or "" for the
// sheet).
func (s *sheetCompare) errorf(kind, ref, format string, args ...any) {
	s.t.Helper()
	s.t.Errorf("%s (%s) %s: "+format, append([]any{s.m.name, kind, ref}, args...)...)
}
