package excel

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/efp"
)

// A cell whose own formula LibreOffice 7.4 computes otherwise than Excel
// (an XLOOKUP it lacks, an approximate lookup over unsorted data, which
// it searches otherwise, CELL("filename"), which it spells otherwise) is
// pinned in the copy LibreOffice recalculates: its formula becomes the
// constant formfill cached, so the cells reading it are computed by
// LibreOffice from the same value and compared for real, not excused.
// A cell is pinned only where formfill caches what Excel cached in the
// source, the evidence that formfill computes it as Excel does; the
// others are compared as they are.

// loPin is why a cell is pinned.
type loPin struct {
	reason string
	calls  func(f string) bool
}

// loPins are the formulas LibreOffice 7.4 computes otherwise than Excel.
var loPins = []loPin{
	{"XLOOKUP, which LibreOffice 7.4 lacks (#NAME?)", func(f string) bool {
		return strings.Contains(strings.ToUpper(f), "XLOOKUP(")
	}},
	{"an approximate lookup over unsorted data, which LibreOffice searches otherwise", func(f string) bool {
		p := efp.ExcelParser()
		approx, _ := lookupFacts(p.Parse(f))
		return approx != ""
	}},
	{`CELL("filename"), which LibreOffice spells without Excel's [book]sheet`, func(f string) bool {
		return strings.Contains(strings.ToUpper(strings.ReplaceAll(f, " ", "")), `CELL("FILENAME"`)
	}},
}

// searchPin is why an approximate VLOOKUP is pinned where the fill
// changed its value (searchLandsAsInSource).
const searchPin = "an approximate VLOOKUP over unsorted data searching what it searched in the source (Excel's landing row), which LibreOffice searches otherwise"

// pinsFor are the cells of formulas (sheet → ref → formula, with "=")
// to pin, with their reasons: a formula a loPin names whose cached value
// in formfill's output, ours, is Excel's in the source, excel; or an
// approximate VLOOKUP whose search lands where it landed in the source.
func pinsFor(w *writer, formulas, ours, excel map[string]map[string]string, uncached map[string]map[string]bool) map[string]map[string]string {
	pins := map[string]map[string]string{}
	pin := func(sheet, ref, why string) {
		if pins[sheet] == nil {
			pins[sheet] = map[string]string{}
		}
		pins[sheet][ref] = why
	}
	for sheet, m := range formulas {
		for ref, f := range m {
			if uncached[sheet][ref] {
				continue
			}
			if ours[sheet][ref] != excel[sheet][ref] {
				if searchLandsAsInSource(w, sheet, ref, f, ours, excel) {
					pin(sheet, ref, searchPin)
				}
				continue
			}
			for _, p := range loPins {
				if p.calls(strings.TrimPrefix(f, "=")) {
					pin(sheet, ref, p.reason)
					break
				}
			}
		}
	}
	return pins
}

// cellElem matches a worksheet cell with a plain (not shared, not array)
// formula and its cached value: 1 the reference, 2 the attributes,
// 3 the value.
var cellElem = regexp.MustCompile(`<c r="([A-Z]+[0-9]+)"([^>]*)><f(?: [^>]*)?>[^<]*</f><v>([^<]*)</v></c>`)

// cellTypeAttr reads a cell element's t attribute.
var cellTypeAttr = regexp.MustCompile(` t="([a-z]+)"`)

// pinned is out with the cells of pins (sheet → ref) turned into
// constant formulas of the values they cache; parts maps sheet names to
// their parts. missed counts the cells whose XML it could not rewrite (a
// shared formula's): the caller decides whether that may pass.
func pinned(t *testing.T, out []byte, parts map[string]string, pins map[string]map[string]string) (doc []byte, missed int) {
	t.Helper()
	files := unzip(t, out)
	for sheet, refs := range pins {
		part := parts[sheet]
		for i := range files {
			if files[i].name != part {
				continue
			}
			done := 0
			files[i].data = cellElem.ReplaceAllFunc(files[i].data, func(c []byte) []byte {
				m := cellElem.FindSubmatch(c)
				if _, ok := refs[string(m[1])]; !ok {
					return c
				}
				done++
				typ := ""
				if tm := cellTypeAttr.FindSubmatch(m[2]); tm != nil {
					typ = string(tm[1])
				}
				return []byte(fmt.Sprintf(`<c r="%s"%s><f>%s</f><v>%s</v></c>`, m[1], m[2], html.EscapeString(constantFormula(typ, html.UnescapeString(string(m[3])))), m[3]))
			})
			missed += len(refs) - done
		}
	}
	return rezip(t, files, "", nil), missed
}

// constantFormula is the formula giving the cached value v of type typ
// (a cell's t attribute: str, b, e, or a number).
func constantFormula(typ, v string) string {
	switch typ {
	case "str", "s", "inlineStr":
		return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`
	case "b":
		if v == "1" {
			return "TRUE"
		}
		return "FALSE"
	case "e":
		if v == "#N/A" {
			return "NA()"
		}
		return v
	}
	return v
}
