package excel

import (
	"encoding/xml"
	"strings"
)

// The shared strings are read when a sheet's rows first need them, a
// tenth of a large workbook's first page, on the call's one goroutine.
// The guard's pass over the part, in its lane, already walks every item:
// sstScan keeps their text as readSharedStrings reads it. Whatever the
// scan does not follow makes it unusable, and readSharedStrings reads the
// table whole: a prefixed element, a second <t> in an item or a run,
// markup inside a <t>, or a part the fast pass gave up on.

// sharedStringsPart is where the shared strings are read from, whatever
// the workbook's relationships say: Excel writes them there, and every
// reader of the package looks there.
const sharedStringsPart = "xl/sharedStrings.xml"

// isSharedStringsPart reports an entry read as sharedStringsPart: case is
// ignored and backslashes are taken for slashes, as zip readers on
// Windows take them.
func isSharedStringsPart(name string) bool {
	return strings.EqualFold(strings.ReplaceAll(name, `\`, "/"), sharedStringsPart)
}

// sstScan collects the shared strings during the guard's pass.
type sstScan struct {
	data     []byte
	unusable bool
	items    []string
	item     strings.Builder // the open <si>'s text
	itemT    bool            // the open <si> has had its own <t>
	runT     bool            // the open <r> has had its <t>
	open     []string        // the local names of the open elements
	textAt   int64           // where the open <t>'s text starts, -1 outside one
}

// newSSTScan returns the recording that scans the shared strings data;
// data is read only until finish.
func newSSTScan(data []byte) (*sstScan, recording) {
	s := &sstScan{data: data, textAt: -1}
	// Offsets from encoding/xml's pass would be into transcoded or
	// otherwise differently read bytes: only the fast pass is trusted.
	return s, recording{record: s.token, reset: func() { s.unusable = true }}
}

// finish ends the scan once the pass is over: the part's storage goes
// back to the guard (every item's text is a copy).
func (s *sstScan) finish() { s.data = nil }

// strings returns the shared strings, or false when readSharedStrings
// must read them.
func (s *sstScan) strings() ([]string, bool) {
	if s == nil || s.unusable || len(s.open) != 0 {
		return nil, false
	}
	if s.items == nil {
		return []string{}, true // read: there are none
	}
	return s.items, true
}

func (s *sstScan) token(start bool, el *xml.StartElement, depth int, from, to int64) {
	if s.unusable {
		return
	}
	if !start {
		s.end(el.Name.Local, depth, from)
		return
	}
	if el.Name.Space != "" || depth != len(s.open) || s.textAt >= 0 {
		s.unusable = true // a prefix, or an element inside a <t>
		return
	}
	name := el.Name.Local
	s.open = append(s.open, name)
	switch path := s.open; {
	case depth == 1 && name == "si":
		s.item.Reset()
		s.itemT = false
	case depth == 2 && path[1] == "si" && name == "t":
		s.unusable, s.itemT, s.textAt = s.itemT, true, to
	case depth == 2 && path[1] == "si" && name == "r":
		s.runT = false
	case depth == 3 && path[1] == "si" && path[2] == "r" && name == "t":
		s.unusable, s.runT, s.textAt = s.runT, true, to
	}
}

func (s *sstScan) end(name string, depth int, from int64) {
	if depth >= len(s.open) || s.open[depth] != name {
		s.unusable = true
		return
	}
	s.open = s.open[:depth]
	switch {
	case name == "t" && s.textAt >= 0:
		text, ok := unescapeText(s.data[s.textAt:from])
		s.unusable, s.textAt = s.unusable || !ok, -1
		if depth == 2 {
			// The item's own <t> comes first in its text, wherever it
			// stands among the runs.
			text += s.item.String()
			s.item.Reset()
		}
		s.item.WriteString(text)
	case depth == 1 && name == "si":
		s.items = append(s.items, decodeXstring(s.item.String()))
	}
}
