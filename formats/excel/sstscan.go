package excel

import (
	"bytes"
	"encoding/xml"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// excelize reads the shared strings with encoding/xml when a sheet's rows
// first need them, a tenth of a large workbook's first page, on the call's
// one goroutine. The guard's pass over the part, in its lane, already walks
// every item: sstScan keeps their text as excelize's xlsxSI.String gives it.
// Whatever excelize might read differently, or fail to decode, makes the
// scan unusable and excelize reads the table as before: another root or
// namespace, a prefixed element, a second <t> in an item or a run, markup
// inside a <t>, text with escaped characters (_x…_), a typed attribute that
// is not a number or a boolean as encoding/xml parses them, or a part the
// fast pass gave up on.

// sharedStringsPart is where excelize reads the shared strings from,
// whatever the workbook's relationships say.
const sharedStringsPart = "xl/sharedStrings.xml"

// isSharedStringsPart reports an entry excelize reads as sharedStringsPart:
// it ignores case and takes backslashes for slashes.
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

// strings returns the shared strings, or false when excelize must read
// them.
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
	if el.Name.Space != "" || depth != len(s.open) || s.textAt >= 0 || s.inBoolProperty() || !s.attrsDecode(el, depth) {
		s.unusable = true // a prefix, or an element inside a <t> or a <b/>
		return
	}
	name := el.Name.Local
	s.open = append(s.open, name)
	switch path := s.open; {
	case depth == 0:
		s.unusable = name != "sst" || !s.mainNamespace(el)
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
		text := s.item.String()
		s.unusable = s.unusable || strings.Contains(text, "_x")
		s.items = append(s.items, text)
	}
}

// mainNamespace reports whether the root declares the namespace excelize
// decodes the table in, and nothing strict that it would rewrite first.
func (s *sstScan) mainNamespace(el *xml.StartElement) bool {
	if bytes.Contains(s.data, []byte("purl.oclc.org")) {
		return false
	}
	declared := false
	for _, a := range el.Attr {
		if a.Name.Space == "" && a.Name.Local == "xmlns" {
			if a.Value != excelize.NameSpaceSpreadSheet.Value { // xlsxSST's namespace
				return false
			}
			declared = true
		}
	}
	return declared
}

// inBoolProperty reports whether the open element is a boolean run
// property, where excelize refuses an element.
func (s *sstScan) inBoolProperty() bool {
	o := s.open
	return len(o) == 5 && o[1] == "si" && o[2] == "r" && o[3] == "rPr" && isBoolProperty(o[4])
}

// attrsDecode reports whether encoding/xml would decode the typed
// attributes excelize's shared-strings types give el, at depth under the
// open elements, without an error.
func (s *sstScan) attrsDecode(el *xml.StartElement, depth int) bool {
	for _, a := range el.Attr {
		if !decodes(typedAttr(s.open, el.Name.Local, a.Name.Local), a.Value) {
			return false
		}
	}
	return true
}

// typedAttr is the type excelize's shared-strings types decode attribute
// attr of element el, under the open elements, into: "" for a string or an
// attribute they do not read. encoding/xml matches attributes by local name.
func typedAttr(open []string, el, attr string) string {
	in := func(names ...string) bool { return slices.Equal(open, names) }
	switch {
	case len(open) == 0 && (attr == "count" || attr == "uniqueCount"):
		return "int"
	case in("sst", "si") && el == "rPh" && (attr == "sb" || attr == "eb"):
		return "uint32"
	case in("sst", "si") && el == "phoneticPr" && attr == "fontId":
		return "int"
	case !in("sst", "si", "r", "rPr"):
		return ""
	case el == "color":
		switch attr {
		case "auto":
			return "bool"
		case "indexed", "theme":
			return "int"
		case "tint":
			return "float"
		}
	case attr != "val":
	case el == "charset" || el == "family":
		return "int"
	case el == "sz":
		return "float"
	case isBoolProperty(el):
		return "attrValBool"
	}
	return ""
}

// isBoolProperty reports the run properties excelize decodes with its own
// attrValBool.UnmarshalXML, which parses val untrimmed and refuses any
// element inside.
func isBoolProperty(el string) bool {
	switch el {
	case "b", "i", "strike", "outline", "shadow", "condense", "extend":
		return true
	}
	return false
}

// decodes reports whether encoding/xml decodes v into a field of kind (""
// for a string) without an error: it trims space, and takes "" as zero;
// attrValBool trims nothing.
func decodes(kind, v string) bool {
	if kind == "" || v == "" {
		return true
	}
	raw := v
	v = strings.TrimSpace(v)
	var err error
	switch kind {
	case "int":
		_, err = strconv.ParseInt(v, 10, 64)
	case "uint32":
		_, err = strconv.ParseUint(v, 10, 32)
	case "bool":
		_, err = strconv.ParseBool(v)
	case "attrValBool":
		_, err = strconv.ParseBool(raw)
	case "float":
		_, err = strconv.ParseFloat(v, 64)
	}
	return err == nil
}

// giveSharedStrings hands excelize the scanned shared strings as its own
// table, so that it does not decode the part again when a stub's rows are
// read (Rows.Columns reads the table before any cell). It builds excelize's
// unexported types through reflection: each item a plain <t>, which
// xlsxSI.String gives back as scanned, since no scanned item holds an
// escape. If the fields are not where they were, it gives nothing and
// excelize reads the part itself. Only for a read package: a write must
// keep the items' runs.
func giveSharedStrings(f *excelize.File, items []string) bool {
	field := reflect.ValueOf(f).Elem().FieldByName("SharedStrings")
	if !field.IsValid() || field.Kind() != reflect.Pointer || !field.CanSet() || !field.IsNil() {
		return false
	}
	table := reflect.New(field.Type().Elem())
	si := table.Elem().FieldByName("SI")
	if !si.IsValid() || si.Kind() != reflect.Slice || si.Type().Elem().Kind() != reflect.Struct {
		return false
	}
	t, ok := si.Type().Elem().FieldByName("T")
	if !ok || t.Type.Kind() != reflect.Pointer || t.Type.Elem().Kind() != reflect.Struct {
		return false
	}
	val, ok := t.Type.Elem().FieldByName("Val")
	if !ok || val.Type.Kind() != reflect.String {
		return false
	}
	list := reflect.MakeSlice(si.Type(), len(items), len(items))
	for i, text := range items {
		item := reflect.New(t.Type.Elem())
		item.Elem().FieldByIndex(val.Index).SetString(text)
		list.Index(i).FieldByIndex(t.Index).Set(item)
	}
	si.Set(list)
	for _, name := range []string{"Count", "UniqueCount"} {
		if c := table.Elem().FieldByName(name); c.IsValid() && c.Kind() == reflect.Int {
			c.SetInt(int64(len(items)))
		}
	}
	field.Set(table)
	return true
}
