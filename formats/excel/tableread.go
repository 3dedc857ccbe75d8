package excel

import (
	"encoding/xml"
	"fmt"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/formfill/formfill/formats"
)

// A workbook's tables (Excel's "Format as Table" lists) are read from
// their parts, reached through each worksheet's relationships, when a
// formula first names one: a structured reference (Tbl[Col]) is resolved
// against them (calcstructured.go).

// maxTables and maxTableColumns bound what the tables' parts hold: Excel
// allows a column per sheet column, and far fewer tables than the bound.
const (
	maxTables       = 65536
	maxTableColumns = maxCols
)

// tableDef is one table: its name, its sheet and range, how many header
// and totals rows the range holds, and its columns' names, left to right.
type tableDef struct {
	name    string // displayName, as formulas name the table
	sheet   int
	ref     rect
	headers int // header rows (headerRowCount, 1 by default)
	totals  int // totals rows (totalsRowCount, 0 by default)
	cols    []string
}

// tableCache is the workbook's tables, read once (see open.go's
// workbook.tables).
type tableCache struct {
	once sync.Once
	set  map[string]*tableDef // by upper-cased name
	err  error                // why they could not be read: no table resolves then
}

// tableRelTypes are the relationship types of a sheet's table part,
// transitional and strict.
var tableRelTypes = map[string]bool{
	transitionalR + "/table": true,
	strictR + "/table":       true,
}

// tableSet is the workbook's tables by upper-cased name, read on first
// use; nil, with why, when a part could not be read.
func (wb *workbook) tableSet() (map[string]*tableDef, error) {
	c := &wb.tables
	c.once.Do(func() { c.set, c.err = wb.readTables() })
	return c.set, c.err
}

// readTables reads every sheet's table parts.
func (wb *workbook) readTables() (map[string]*tableDef, error) {
	parts, err := wb.parts()
	if err != nil {
		return nil, err
	}
	set := map[string]*tableDef{}
	for i, sheet := range wb.sheets {
		sheetPart := parts[sheet]
		if sheetPart == "" {
			continue
		}
		rels, _, err := wb.readRels(path.Join(path.Dir(sheetPart), "_rels", path.Base(sheetPart)+".rels"))
		if err != nil {
			return nil, err
		}
		for _, r := range rels {
			if !tableRelTypes[r.attr("Type", "")] || r.attr("TargetMode", "") == "External" {
				continue
			}
			if len(set) >= maxTables {
				return nil, formats.Errorf(formats.ErrInvalidDocument, sheetPart, "more than %d tables", maxTables)
			}
			t, err := wb.readTablePart(relTarget(sheetPart, r.attr("Target", "")))
			if err != nil {
				return nil, err
			}
			t.sheet = i + 1
			set[strings.ToUpper(t.name)] = t
		}
	}
	return set, nil
}

// relTarget is a relationship's target part: a relative target is
// resolved from the source part's folder.
func relTarget(from, target string) string {
	if strings.HasPrefix(target, "/") {
		return strings.TrimPrefix(target, "/")
	}
	return path.Join(path.Dir(from), target)
}

// readTablePart reads the table part named part.
func (wb *workbook) readTablePart(part string) (*tableDef, error) {
	if wb.arch.File(part) == nil {
		return nil, formats.Errorf(formats.ErrInvalidDocument, part, "table part %q is missing", part)
	}
	data, err := wb.readXML(part)
	if err != nil {
		return nil, err
	}
	t, err := readTable(data, wb.stop)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, part, err, "malformed table part")
	}
	return t, nil
}

// readTable reads a table part: elements are matched by local name, so
// transitional and strict parts read alike.
func readTable(data []byte, stop *formats.Stopper) (*tableDef, error) {
	var (
		t    *tableDef
		perr error
	)
	walk := xmlWalk{
		start: func(open []string, se *xml.StartElement) {
			switch {
			case perr != nil:
			case at(open, "table"):
				t, perr = tableOf(*se)
			case at(open, "table", "tableColumns", "tableColumn") && t != nil:
				if len(t.cols) >= maxTableColumns {
					perr = fmt.Errorf("more than %d columns", maxTableColumns)
					return
				}
				t.cols = append(t.cols, decodeXstring(bookAttr(*se, "name", "")))
			}
		},
	}
	if err := walk.run(data, stop, nil); err != nil {
		return nil, err
	}
	if perr != nil {
		return nil, perr
	}
	if t == nil {
		return nil, fmt.Errorf("no <table> element")
	}
	if w := t.ref.c2 - t.ref.c1 + 1; len(t.cols) != w {
		return nil, fmt.Errorf("table %q: %d columns named for a range %d wide", t.name, len(t.cols), w)
	}
	if t.headers+t.totals > t.ref.r2-t.ref.r1+1 {
		return nil, fmt.Errorf("table %q: %d header and totals rows in a range of %d", t.name, t.headers+t.totals, t.ref.r2-t.ref.r1+1)
	}
	return t, nil
}

// tableOf reads the <table> element's attributes.
func tableOf(se xml.StartElement) (*tableDef, error) {
	t := &tableDef{name: bookAttr(se, "displayName", "")}
	if t.name == "" {
		t.name = bookAttr(se, "name", "")
	}
	if t.name == "" {
		return nil, fmt.Errorf("table without a name")
	}
	ref, ok := parseRect(bookAttr(se, "ref", ""))
	if !ok {
		return nil, fmt.Errorf("table %q: ref %q is not a range", t.name, bookAttr(se, "ref", ""))
	}
	t.ref = ref
	var err error
	if t.headers, err = rowCount(se, "headerRowCount", 1); err != nil {
		return nil, fmt.Errorf("table %q: %w", t.name, err)
	}
	if t.totals, err = rowCount(se, "totalsRowCount", 0); err != nil {
		return nil, fmt.Errorf("table %q: %w", t.name, err)
	}
	return t, nil
}

// rowCount is the count attribute name of se, def when absent: Excel
// writes 0 or 1.
func rowCount(se xml.StartElement, name string, def int) (int, error) {
	v := strings.TrimSpace(bookAttr(se, name, ""))
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 1 {
		return 0, fmt.Errorf("%s %q is not 0 or 1", name, v)
	}
	return n, nil
}
