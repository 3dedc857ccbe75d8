package wordxml

import (
	"bytes"
	"errors"

	"github.com/beevik/etree"
	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
)

// NamespaceW is the WordprocessingML main namespace, which the engine
// expects under the prefix w.
const NamespaceW = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

// Parse parses untrusted XML, refusing DTDs and entity declarations
// (billion-laughs and external entities have no place in OOXML) and bounding
// the nesting depth. field names what is parsed, for the error; elements
// named in skip are checked but left out of the tree. A parse that stop
// ends returns its error as it is: the XML is not at fault.
func Parse(raw []byte, field string, skip map[string]bool, stop *formats.Stopper) (*etree.Document, error) {
	return parse(raw, field, skip, stop, nil)
}

// parse is Parse deferring what lz names, when lz is not nil.
func parse(raw []byte, field string, skip map[string]bool, stop *formats.Stopper, lz *lazyRead) (*etree.Document, error) {
	dtd, err := hasDTDStop(raw, stop)
	if err != nil {
		return nil, err
	}
	if dtd {
		return nil, formats.Errorf(formats.ErrInvalidDocument, field, xmllex.DTDRefusal)
	}
	x, err := read(raw, xmllex.MaxDepth, skip, stop, lz)
	if err != nil {
		if errors.Is(err, formats.ErrStopped) {
			return nil, err
		}
		if errors.Is(err, etree.ErrMaxDepth) {
			return nil, formats.Errorf(formats.ErrInvalidDocument, field, "the XML nests deeper than %d elements", xmllex.MaxDepth)
		}
		return nil, formats.Wrap(formats.ErrInvalidDocument, field, err, "malformed XML")
	}
	return x, nil
}

// dtdWindow is how much of a part hasDTDStop scans between looks at the
// context (about a millisecond); windows overlap by dtdOverlap bytes so a
// declaration across their border is seen whole.
const (
	dtdWindow  = 1 << 20
	dtdOverlap = 16
)

// hasDTDStop is hasDTD in windows, ending with stop's error once the call
// is stopped: the scan of a large part takes tens of milliseconds.
func hasDTDStop(raw []byte, stop *formats.Stopper) (bool, error) {
	for start := 0; start < len(raw); start += dtdWindow {
		if err := stop.Check(); err != nil {
			return false, err
		}
		if hasDTD(raw[start:min(len(raw), start+dtdWindow+dtdOverlap)]) {
			return true, nil
		}
	}
	return false, nil
}

// hasDTD reports whether raw holds a markup declaration other than CDATA,
// in any letter case. It looks for '!', which is rare in a part, and then
// at the byte before it: '<' is in every tag, so searching for "<!" stopped
// at each one. A '!' at raw[0] has no byte before it here; hasDTDStop's
// windows overlap, so the window before sees it whole.
func hasDTD(raw []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(raw[i:], '!')
		if j < 0 {
			return false
		}
		i += j + 1
		if i < 2 || raw[i-2] != '<' {
			continue
		}
		rest := raw[i:]
		if len(rest) >= 6 && bytes.EqualFold(rest[:6], []byte("ENTITY")) {
			return true
		}
		if len(rest) >= 7 && bytes.EqualFold(rest[:7], []byte("DOCTYPE")) {
			return true
		}
	}
}
