package excel

import (
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
	"github.com/formfill/formfill/internal/realdocs"
)

// openpyxlBooks are the real workbooks the readers are held to.
var openpyxlBooks = []struct{ dir, name string }{
	{"questionnaires", "csa-caiq-v4.0.3.xlsx"},
	{"questionnaires", "gsa-accessible-email-checklist.xlsx"},
	{"questionnaires", "hhs-sra-tool-3.3.xlsx"},
	{"questionnaires", "hecvat-4.14-educause.xlsx"},
	{"questionnaires", "microsoft-azure-datasecurity-checklist.xlsx"},
	{"questionnaires", "owasp-masvs-1.2-checklist.xlsx"},
	{"questionnaires", "owasp-wstg-4.2-checklist.xlsx"},
	{"questionnaires", "pci-dss-4.0.1-prioritized-approach-tool.xlsx"},
	{"questionnaires", "watkins-ffiec-cat-3.4.2.xlsx"},
	{"versions", "owasp-masvs-1.0-checklist.xlsx"},
}

// TestValidationsReadAsOpenpyxlReadsThem holds the validation reader to
// openpyxl on the real workbooks: the same rules, in order, with the same
// ranges, types and first formulas. openpyxl drops the x14 extension's
// rules, so those are left out of the comparison.
func TestValidationsReadAsOpenpyxlReadsThem(t *testing.T) {
	for _, d := range openpyxlBooks {
		t.Run(d.name, func(t *testing.T) {
			doc := realdocs.Read(t, d.dir, d.name)
			wb, err := open(doc)
			if err != nil {
				t.Fatal(err)
			}
			want := readers.XLSXValidations(t, doc)
			for _, sheet := range wb.sheets {
				sc, err := wb.scanSheet(sheet)
				if err != nil {
					t.Fatal(err)
				}
				vs, err := wb.dataValidations(sheet, sc)
				if err != nil {
					t.Fatal(err)
				}
				var got []readers.Validation
				for _, v := range vs {
					if !v.x14 {
						got = append(got, readers.Validation{Sqref: ranges(v.sqref), Type: v.typ, Formula1: v.formula1})
					}
				}
				var exp []readers.Validation
				for _, v := range want[sheet] {
					exp = append(exp, readers.Validation{Sqref: ranges(v.Sqref), Type: v.Type, Formula1: literal(v.Formula1)})
				}
				if !slices.Equal(got, exp) {
					t.Errorf("sheet %q: got %d rules %v, openpyxl reads %d: %v", sheet, len(got), got, len(exp), exp)
				}
			}
		})
	}
}

// ranges is a space-separated range list in a fixed order: openpyxl keeps
// a rule's ranges as a set.
func ranges(sqref string) string {
	f := strings.Fields(sqref)
	slices.Sort(f)
	return strings.Join(f, " ")
}
