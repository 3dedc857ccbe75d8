package excel

import (
	"encoding/xml"
	"strings"
)

// excelize decodes the whole styles part with encoding/xml on opening a
// workbook, the largest part of opening a read package. A third to a half
// of a large questionnaire's styles part can be its differential formats
// (<dxfs>), which only conditional formatting uses and which no read tool
// asks excelize about: the read package (see readPackage) gives excelize
// the part without them. The guard's pass over the part finds where they
// lie, so the part is not parsed for it a second time.

// stylesPart is where excelize reads the styles from, whatever the
// workbook's relationships say.
const stylesPart = "xl/styles.xml"

// isStylesPart reports an entry excelize reads as stylesPart: it takes
// backslashes for slashes, but not another case.
func isStylesPart(name string) bool {
	return strings.ReplaceAll(name, `\`, "/") == stylesPart
}

// dxfsSpan records, during the guard's pass over the styles part, the
// bytes of its one <dxfs> child of the root, as [from, to).
type dxfsSpan struct {
	from, to int64
	seen     int // <dxfs> children of the root met
}

// record is the pass's recordFunc.
func (d *dxfsSpan) record(start bool, el *xml.StartElement, depth int, from, to int64) {
	if depth != 1 || el.Name.Local != "dxfs" {
		return
	}
	if start {
		d.seen++
		d.from = from
		return
	}
	d.to = to
}

// cut returns a copy of data, the part the pass went over, without its
// <dxfs>; nil when there is nothing to cut, or more than one to choose
// from (which of them excelize would keep is its business).
func (d *dxfsSpan) cut(data []byte) []byte {
	if d.seen != 1 || d.from < 0 || d.to <= d.from || d.to > int64(len(data)) {
		return nil
	}
	out := make([]byte, 0, int64(len(data))-(d.to-d.from))
	return append(append(out, data[:d.from]...), data[d.to:]...)
}
