package excel

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"

	"github.com/formfill/formfill/formats"
)

// readSharedStrings reads the shared strings part data whole, for a table
// the guard's scan could not keep (see sstscan.go): each <si>'s text is
// its own <t> then its runs' <t> (phonetic runs left out), the escaped
// characters of ST_Xstring (_xHHHH_) decoded. Of an element given twice
// where one is expected, the last counts. stop ends it part-way.
func readSharedStrings(data []byte, stop *formats.Stopper) ([]string, error) {
	items := []string{}
	var own, run string   // the open item's own text, the open run's
	var runs []string     // the open item's closed runs' texts
	var text bytes.Buffer // the open <t>'s character data
	walk := xmlWalk{
		start: func(path []string, _ *xml.StartElement) {
			switch {
			case len(path) == 2 && path[1] == "si":
				own, run, runs = "", "", runs[:0]
			case sstText(path):
				text.Reset()
			}
		},
		text: func(path []string, data xml.CharData) {
			if sstText(path) {
				text.Write(data)
			}
		},
		end: func(path []string) {
			switch {
			case len(path) == 3 && path[2] == "t" && sstText(path):
				own = text.String()
			case len(path) == 4 && sstText(path):
				run = text.String()
			case len(path) == 3 && path[2] == "r":
				runs, run = append(runs, run), ""
			case len(path) == 2 && path[1] == "si":
				items = append(items, decodeXstring(own+strings.Join(runs, "")))
			}
		},
	}
	err := walk.run(data, stop, func(err error) error {
		return formats.Wrap(formats.ErrInvalidDocument, sharedStringsPart, err, "malformed XML")
	})
	if err != nil {
		return nil, err
	}
	return items, nil
}

// sstText reports whether path is an item's own <t> (sst/si/t) or a run's
// (sst/si/r/t).
func sstText(path []string) bool {
	switch len(path) {
	case 3:
		return path[1] == "si" && path[2] == "t"
	case 4:
		return path[1] == "si" && path[2] == "r" && path[3] == "t"
	}
	return false
}

// xstringEscape is an escaped character of ST_Xstring: _x and four hex
// digits and _.
var xstringEscape = regexp.MustCompile(`_x[a-fA-F\d]{4}_`)

// decodeXstring decodes the escaped characters of s: _x005F_ is an
// underscore (the escape of a literal "_xHHHH_"), any other _xHHHH_ the
// character of that UTF-16 code unit, none for a lone surrogate.
func decodeXstring(s string) string {
	if !strings.Contains(s, "_x") {
		return s
	}
	return xstringEscape.ReplaceAllStringFunc(s, func(m string) string {
		if m == "_x005F_" {
			return "_"
		}
		v, err := strconv.Unquote(`"\u` + m[2:6] + `"`)
		if err != nil {
			return "" // a lone surrogate: no character
		}
		return v
	})
}
