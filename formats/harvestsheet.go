package formats

import "strings"

// SheetOf is the sheet named by an Excel element's address ("Sheet 1!C7",
// "'Vendor Response'!C7", quotes doubled inside), "" for an element of
// another format (an XPath has no "!" before its last "/").
func SheetOf(xpath string) string {
	i := strings.LastIndexByte(xpath, '!')
	if i <= 0 || strings.Contains(xpath[:i], "/") {
		return ""
	}
	name := xpath[:i]
	if len(name) >= 2 && name[0] == '\'' && name[len(name)-1] == '\'' {
		name = strings.ReplaceAll(name[1:len(name)-1], "''", "'") // 'Q&A | Vendor''s'
	}
	return name
}
