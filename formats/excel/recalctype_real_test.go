package excel

import (
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// Watkins FFIEC CAT shows its domains by number once displayNN is not
// "Names": 'Risk-Maturity Summary'!M17:M21, IF(displayNN="Names",L17,
// TEXT(B17,"0")), then hold the text "1" to "5", which Excel and
// LibreOffice cache as text, and so do K8:O12, IF(domain1Maturity=$C8,
// domain1Display,""), choosing them: the formula cells of that sheet must
// agree in type with LibreOffice's recalculation. formfill cached them
// as numbers. (CELL("filename"), which LibreOffice gives as an error
// in its conversion, is left out.)
func TestWatkinsDomainNumbersAreCachedAsText(t *testing.T) {
	doc := realdocs.Read(t, "questionnaires", "watkins-ffiec-cat-3.4.2.xlsx")
	const sheet = "Risk-Maturity Summary"
	res := write(t, doc, formats.Answer{PairID: "'" + sheet + "'!I15", AnswerText: "Numbers"})
	ours := readers.XLSXCachedTypes(t, res.Document)
	lo := readers.XLSXCachedTypes(t, readers.LibreOfficeRecalculated(t, res.Document))
	for _, ref := range []string{"M17", "M18", "M19", "M20", "M21"} {
		if ours[sheet][ref] != "s" || lo[sheet][ref] != "s" {
			t.Errorf("%s!%s is of type %q (LibreOffice %q); want text", sheet, ref, ours[sheet][ref], lo[sheet][ref])
		}
	}
	formulas := readers.XLSXFormulas(t, res.Document)
	for name, cells := range formulas {
		for ref := range cells {
			if o, l := ours[name][ref], lo[name][ref]; o != "" && l != "" && o != l && name == sheet && !strings.Contains(cells[ref], "CELL(") {
				t.Errorf("%s!%s (=%s) is of type %q; LibreOffice %q", name, ref, cells[ref], o, l)
			}
		}
	}
	agreesWithLibreOffice(t, res.Document, sheet, "M17", "M18", "M19", "M20", "M21")
}
