package word

import (
	"strings"
	"time"

	"github.com/beevik/etree"
)

// dateLayouts are the answer spellings read as a date for a date control:
// ISO forms and forms that name the month. Numeric day/month orders such as
// 01/02/2026 are left out: they mean different dates in different locales.
var dateLayouts = []string{
	"2006-01-02", time.RFC3339, "2006-01-02T15:04:05",
	"2 January 2006", "January 2, 2006", "2 Jan 2006", "Jan 2, 2006", "January 2 2006", "Jan 2 2006",
}

// setFullDate keeps a date control's stored value in step with the answer
// written into it: Word's date picker and data binding read w:fullDate, not
// the displayed text. An answer that is not a date clears the stale value.
func setFullDate(sdt *etree.Element, text string) {
	date := pathW(sdt, "sdtPr", "date")
	if date == nil {
		return
	}
	for _, layout := range dateLayouts {
		if d, err := time.Parse(layout, strings.TrimSpace(text)); err == nil {
			date.CreateAttr("w:fullDate", d.UTC().Format("2006-01-02T15:04:05Z"))
			return
		}
	}
	date.RemoveAttr("w:fullDate")
}
