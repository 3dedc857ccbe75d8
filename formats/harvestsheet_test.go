package formats

import "testing"

func TestSheetOfReadsAnExcelAddressOnly(t *testing.T) {
	for in, want := range map[string]string{
		"Anti-RE - iOS!E7":                "Anti-RE - iOS",
		"'HECVAT - Full | Vendor''s'!C12": "HECVAT - Full | Vendor's",
		"/w:document/w:body/w:p[3]":       "",
		"/w:body/w:p[@w:rsid='a!b']":      "",
		"":                                "",
	} {
		if got := SheetOf(in); got != want {
			t.Errorf("SheetOf(%q) = %q, want %q", in, got, want)
		}
	}
}
