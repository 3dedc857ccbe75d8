package excel

import (
	"bytes"
	"fmt"
	"regexp"
)

// workbook.xml asks for a recalculation on open by bytes: calcPr gains
// fullCalcOnLoad, every other byte of the part stays. (The recomputed
// values go into the sheets through the patching writer: see
// patchSheet's editCached.)

var (
	calcPrTag = regexp.MustCompile(`<((?:[A-Za-z_][\w.-]*:)?)calcPr[\s/>]`)
	fullCalc  = regexp.MustCompile(`\sfullCalcOnLoad="[^"]*"`)
	rootTag   = regexp.MustCompile(`<((?:[A-Za-z_][\w.-]*:)?)workbook[\s>]`)
	// afterCalcPr are the elements CT_Workbook puts after calcPr.
	afterCalcPr = regexp.MustCompile(`<(?:[A-Za-z_][\w.-]*:)?(?:oleSize|customWorkbookViews|pivotCaches|smartTagPr|smartTagTypes|webPublishing|fileRecoveryPr|webPublishObjects|extLst)[\s/>]|</(?:[A-Za-z_][\w.-]*:)?workbook>`)
)

// setFullCalcOnLoad marks workbook.xml so Excel and LibreOffice recalculate
// every formula when they open it: calcPr gets fullCalcOnLoad="1", and is
// added where CT_Workbook puts it when the workbook has none.
func setFullCalcOnLoad(data []byte) []byte {
	if loc := calcPrTag.FindSubmatchIndex(data); loc != nil {
		end := bytes.IndexByte(data[loc[0]:], '>')
		if end < 0 {
			return data
		}
		end += loc[0]
		tag := data[loc[0]:end]
		var nt []byte
		if fullCalc.Match(tag) {
			nt = fullCalc.ReplaceAll(tag, []byte(` fullCalcOnLoad="1"`))
		} else {
			name := loc[1] - 1 // the calcPr name ends before the matched delimiter
			nt = append(append(append([]byte{}, data[loc[0]:name]...), ` fullCalcOnLoad="1"`...), data[name:end]...)
		}
		return append(append(append([]byte{}, data[:loc[0]]...), nt...), data[end:]...)
	}
	root := rootTag.FindSubmatch(data)
	at := afterCalcPr.FindIndex(data)
	if root == nil || at == nil {
		return data
	}
	el := fmt.Sprintf(`<%scalcPr fullCalcOnLoad="1"/>`, root[1])
	return append(append(append([]byte{}, data[:at[0]]...), el...), data[at[0]:]...)
}
