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
// lie, so the part is not parsed for it a second time, and that excelize
// would decode them (see dxfstypes.go): a part it would fail on reaches it
// whole.

// stylesPart is where excelize reads the styles from, whatever the
// workbook's relationships say.
const stylesPart = "xl/styles.xml"

// isStylesPart reports an entry excelize reads as stylesPart: it takes
// backslashes for slashes, but not another case.
func isStylesPart(name string) bool {
	return strings.ReplaceAll(name, `\`, "/") == stylesPart
}

// dxfsSpan records, during the guard's pass over the styles part, the
// bytes of its one <dxfs> child of the root, as [from, to). Only the fast
// pass's offsets are taken: encoding/xml's, where the fast pass gives up,
// count the bytes of the part transcoded from its declared encoding.
type dxfsSpan struct {
	from, to    int64
	seen        int      // <dxfs> children of the root met
	gaveUp      bool     // the fast pass gave up: nothing is cut
	undecodable bool     // excelize would fail on an attribute inside: nothing is cut
	paths       []string // inside <dxfs>, the open elements' paths (see dxfsTyped) by depth-1
}

// reset is the recording's: the fast pass gave up.
func (d *dxfsSpan) reset() { *d = dxfsSpan{gaveUp: true} }

// record is the pass's recordFunc.
func (d *dxfsSpan) record(start bool, el *xml.StartElement, depth int, from, to int64) {
	switch {
	case depth == 1 && el.Name.Local == "dxfs" && start:
		d.seen++
		d.from = from
		d.paths = append(d.paths[:0], "")
		d.check("", el)
	case depth == 1 && el.Name.Local == "dxfs":
		d.to = to
		d.paths = d.paths[:0]
	case start && depth > 1 && len(d.paths) >= depth-1:
		path, parent := el.Name.Local, d.paths[depth-2]
		if _, leaf := dxfsTyped[parent][noChildren]; leaf {
			d.undecodable = true
		}
		if parent != "" {
			path = parent + "/" + path
		}
		d.paths = append(d.paths[:depth-1], path)
		d.check(path, el)
	}
}

// check notes an attribute of el, at path inside <dxfs>, that excelize
// would fail to decode.
func (d *dxfsSpan) check(path string, el *xml.StartElement) {
	attrs, known := dxfsTyped[path]
	if !known {
		return // encoding/xml skips an element excelize has no field for
	}
	if _, custom := attrs[selfDecoding]; custom {
		d.undecodable = true
		return
	}
	for _, a := range el.Attr {
		if t, typed := attrs[a.Name.Local]; typed && !t.decodes(a.Value) {
			d.undecodable = true
		}
	}
}

// cut returns a copy of data, the part the pass went over, without its
// <dxfs>; nil when there is nothing to cut, or more than one to choose
// from (which of them excelize would keep is its business).
func (d *dxfsSpan) cut(data []byte) []byte {
	if d.gaveUp || d.undecodable || dxfsTyped == nil || d.seen != 1 || d.from < 0 || d.to <= d.from || d.to > int64(len(data)) {
		return nil
	}
	out := make([]byte, 0, int64(len(data))-(d.to-d.from))
	return append(append(out, data[:d.from]...), data[d.to:]...)
}
