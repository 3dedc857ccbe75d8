package excel

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Bounds of the warnings on formulas whose cached values a write removed.
const (
	// maxDropNotes caps the warnings naming one such formula: one answer
	// on HECVAT 4.14 reaches thousands of formulas excelize cannot compute
	// either, and a report of thousands of lines hides the rest of it.
	maxDropNotes = 20
	// maxDropReasons caps the reasons the summary of the others counts.
	maxDropReasons = 5
)

// summariseDrops adds one warning counting the dropped formulas past
// maxDropNotes by reason, most frequent first.
func (res *recalcResult) summariseDrops() {
	if len(res.unnamed) == 0 {
		return
	}
	type reason struct {
		why string
		n   int
	}
	var rs []reason
	total := 0
	for why, n := range res.unnamed {
		rs = append(rs, reason{why, n})
		total += n
	}
	slices.SortFunc(rs, func(a, b reason) int {
		return cmp.Or(cmp.Compare(b.n, a.n), strings.Compare(a.why, b.why))
	})
	const head = "%d more formulas read a written cell but could not be computed, so their cached values were removed and Excel or LibreOffice recalculates them on open"
	if len(rs) == 1 {
		res.warnings = append(res.warnings, fmt.Sprintf(head+": %s", total, rs[0].why))
		return
	}
	parts := make([]string, 0, maxDropReasons+1)
	for i, r := range rs {
		if i == maxDropReasons {
			rest := 0
			for _, o := range rs[i:] {
				rest += o.n
			}
			parts = append(parts, fmt.Sprintf("%d for %d other reasons", rest, len(rs)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%d because %s", r.n, r.why))
	}
	res.warnings = append(res.warnings, fmt.Sprintf(head+": %s", total, strings.Join(parts, "; ")))
}
