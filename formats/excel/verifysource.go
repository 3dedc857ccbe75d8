package excel

import (
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/formfill/formfill/formats"
)

// VerifyAgainst implements formats.SourceVerifier: Verify, and what the
// write changed beyond the answers, read by comparing doc with source,
// the workbook it was written from. A formula whose shown value changed
// is a note, as a fill's verification gives it ("Organization!C13 now
// shows …"), so that verify_output after write_answers tells what a fill
// tells; a formula the write lost is a structural issue. A workbook
// written by formfill keeps every formula: an answer never replaces one.
func (e *Engine) VerifyAgainst(source, doc []byte, expected []formats.ExpectedAnswer) (rep *formats.VerificationReport, err error) {
	stop := e.stopper()
	defer guard(stop, &err)
	out, rep, err := e.verifyDoc(doc, expected, stop)
	if err != nil {
		return nil, err
	}
	src, err := e.open(source, stop)
	if err != nil {
		return nil, fmt.Errorf("the source workbook: %w", err)
	}
	d, err := formulaDiff(src, out)
	if err != nil {
		return nil, err
	}
	against := formats.Report(append(rep.StructuralIssues, d.lost...), rep.ContentResults, expected)
	against.Review = rep.Review
	against.Warnings = append(rep.Warnings, d.shown...)
	if d.moreShown > 0 {
		against.Warnings = append(against.Warnings, moreShown(d.moreShown))
	}
	return against, nil
}

// formulaChanges is how the formula cells of a written workbook differ
// from its source's: those showing another value (the first maxShown
// named, the rest counted) and those the write lost.
type formulaChanges struct {
	shown     []string
	moreShown int
	lost      []string
}

// formulaDiff compares, sheet by sheet by name, the formula cells of out
// with those of src, in reading order.
func formulaDiff(src, out *workbook) (formulaChanges, error) {
	var d formulaChanges
	for i, name := range out.sheets {
		j := slices.Index(src.sheets, name)
		if j < 0 {
			continue // a sheet the source lacks has no formula to compare
		}
		before, err := src.loadSheet(j + 1)
		if err != nil {
			return d, fmt.Errorf("the source workbook: %w", sheetError(name, err))
		}
		after, err := out.loadSheet(i + 1)
		if err != nil {
			return d, sheetError(name, err)
		}
		for _, p := range readingOrder(before.formulas) {
			at := out.xpath(cell{sheet: i + 1, row: p[0], col: p[1]})
			was, now := before.text(p[0], p[1]), after.text(p[0], p[1])
			switch {
			case !after.isFormula(p[0], p[1]):
				d.lost = append(d.lost, fmt.Sprintf("%s: the formula it held in the source is gone (it showed %q)", at, clip(was, 80)))
			case now == was:
			case len(d.shown) < maxShown && now == "" && after.uncached(p[0], p[1]):
				d.shown = append(d.shown, cacheRemoved(at, was))
			case len(d.shown) < maxShown:
				d.shown = append(d.shown, nowShows(at, now, was))
			default:
				d.moreShown++
			}
		}
	}
	return d, nil
}

// readingOrder is the cells of a set, row by row.
func readingOrder(cells map[[2]int]bool) [][2]int {
	return slices.SortedFunc(maps.Keys(cells), func(a, b [2]int) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
}

// nowShows is the note of a formula at at whose shown value changed.
func nowShows(at, now, was string) string {
	return fmt.Sprintf("%s now shows %q (was %q)", at, clip(now, 80), clip(was, 80))
}

// cacheRemoved is the note of a formula at at whose cached value the write
// removed (one it could not compute): it shows nothing to readers of
// cached values until a recalculation, and it is not a value it computed.
func cacheRemoved(at, was string) string {
	return fmt.Sprintf("%s: its cached value was removed (it showed %q): Excel and LibreOffice recalculate it on open", at, clip(was, 80))
}

// uncached reports whether the cell at row, col holds a formula without
// a cached value (no <v>), as a write leaves one it could not compute;
// false where the sheet's cells are not scanned in rows.
func (s *sheetModel) uncached(row, col int) bool {
	rs := s.scan.rowScan()
	if rs == nil {
		return false
	}
	i, found := rs.cellIndex(row, col)
	return found && rs.cells[i].hasF && !rs.cells[i].hasV
}

// moreShown is the note counting the changed formulas not named.
func moreShown(n int) string {
	return fmt.Sprintf("and %d more formulas now show other values", n)
}
