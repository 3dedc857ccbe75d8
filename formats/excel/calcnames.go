package excel

import "strings"

// excelizeRefersTo is what a defined name refers to as excelize's
// calculation reads it. excelize resolves a name's reference without
// tokenizing it, and takes the sheet name between the quotes as it is:
// with the apostrophe of Vendor's Info doubled, as a reference spells
// it, it looked for a sheet of that spelling, which does not exist, and
// every formula using the name failed. A reference to one range of a
// quoted sheet has its doubled quotes undone; anything else (a formula,
// an unquoted sheet) is left as it is.
func excelizeRefersTo(refersTo string) string {
	to := strings.TrimPrefix(refersTo, "=")
	if !strings.HasPrefix(to, "'") || !strings.Contains(to, "''") {
		return refersTo
	}
	sheet, ref, ok := splitSheetRef(to)
	if !ok || strings.ContainsAny(ref, "'!(,") {
		return refersTo
	}
	return "'" + sheet + "'!" + ref
}
