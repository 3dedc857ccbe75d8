package excel

import (
	"encoding"
	"encoding/xml"
	"reflect"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// excelize decodes <dxfs> with encoding/xml into typed fields: a count that
// is not a number, a bold flag that is not a boolean fails its opening of
// the whole workbook. The read package must not hide such a part: the
// guard's pass checks each attribute of the <dxfs> it would cut as
// encoding/xml would decode it into excelize's own types (dxfsTyped), and
// leaves the part whole at the first it could not.

// attrKind is how encoding/xml decodes an attribute's text.
type attrKind uint8

const (
	attrText   attrKind = iota // taken as it is
	attrInt                    // strconv.ParseInt of the trimmed text; "" is 0
	attrUint                   // ParseUint likewise
	attrFloat                  // ParseFloat likewise
	attrBool                   // ParseBool likewise; "" is false
	attrFlag                   // excelize's attrValBool: ParseBool of the text as it is; "" is true
	attrCustom                 // the field decodes itself: not judged here
)

// Markers in an element's attribute types (see typedAttrs): the element
// decodes itself in a way not judged here, or takes no child element.
const (
	selfDecoding = "*"
	noChildren   = "/"
)

// attrType is how encoding/xml decodes an attribute into a field: its
// kind and, for a number, its size in bits.
type attrType struct {
	kind attrKind
	bits int
}

// dxfsTyped is, by element path below <dxfs> ("" is <dxfs> itself, then
// "dxf", "dxf/font", "dxf/font/b"…), how excelize's types decode each
// attribute by local name. Paths and attributes it has no field for are
// skipped by encoding/xml, and so here. nil if excelize's types could not
// be found where they were: then nothing is cut.
var dxfsTyped = func() map[string]map[string]attrType {
	file := reflect.TypeFor[excelize.File]()
	styles, ok := file.FieldByName("Styles")
	if !ok || styles.Type.Kind() != reflect.Pointer {
		return nil
	}
	dxfs, ok := styles.Type.Elem().FieldByName("Dxfs")
	if !ok {
		return nil
	}
	out := map[string]map[string]attrType{}
	typedAttrs(out, "", dxfs.Type, 0)
	return out
}()

var (
	attrUnmarshaler = reflect.TypeFor[xml.UnmarshalerAttr]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	xmlUnmarshaler  = reflect.TypeFor[xml.Unmarshaler]()
)

// typedAttrs adds the attributes of the element at path, decoded into t,
// and those of its children, to out.
func typedAttrs(out map[string]map[string]attrType, path string, t reflect.Type, depth int) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	attrs := map[string]attrType{}
	out[path] = attrs
	switch {
	case t.Name() == "attrValBool" && reflect.PointerTo(t).Implements(xmlUnmarshaler):
		// Its UnmarshalXML: a val of "" is true, else strconv.ParseBool's;
		// a child element is an error.
		attrs["val"] = attrType{kind: attrFlag}
		attrs[noChildren] = attrType{}
		return
	case t.Kind() != reflect.Struct || depth > 12 || reflect.PointerTo(t).Implements(xmlUnmarshaler):
		attrs[selfDecoding] = attrType{kind: attrCustom} // or too deep to follow
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("xml")
		name, opts, _ := strings.Cut(tag, ",")
		if !f.IsExported() || name == "-" || strings.Contains(name, " ") {
			continue
		}
		if name == "" {
			name = f.Name
		}
		switch {
		case opts == "attr" || strings.HasPrefix(opts, "attr,"):
			attrs[name] = typeOf(f.Type)
		case opts == "" || opts == "omitempty":
			child := name
			if path != "" {
				child = path + "/" + name
			}
			typedAttrs(out, strings.ReplaceAll(child, ">", "/"), f.Type, depth+1)
		}
	}
}

// typeOf is how encoding/xml decodes an attribute into a field of type t.
func typeOf(t reflect.Type) attrType {
	if t.Implements(attrUnmarshaler) || reflect.PointerTo(t).Implements(attrUnmarshaler) ||
		t.Implements(textUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return attrType{kind: attrCustom}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return typeOf(t.Elem())
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return attrType{kind: attrText}
		}
		return typeOf(t.Elem())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return attrType{attrInt, t.Bits()}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return attrType{attrUint, t.Bits()}
	case reflect.Float32, reflect.Float64:
		return attrType{attrFloat, t.Bits()}
	case reflect.Bool:
		return attrType{kind: attrBool}
	case reflect.String:
		return attrType{kind: attrText}
	}
	return attrType{kind: attrCustom}
}

// decodes reports whether encoding/xml decodes v into a field of type t
// without error (copyValue's rules).
func (t attrType) decodes(v string) bool {
	if t.kind == attrCustom {
		return false
	}
	if v == "" {
		return true
	}
	var err error
	switch t.kind {
	case attrFlag:
		_, err = strconv.ParseBool(v)
	case attrInt:
		_, err = strconv.ParseInt(strings.TrimSpace(v), 10, t.bits)
	case attrUint:
		_, err = strconv.ParseUint(strings.TrimSpace(v), 10, t.bits)
	case attrFloat:
		_, err = strconv.ParseFloat(strings.TrimSpace(v), t.bits)
	case attrBool:
		_, err = strconv.ParseBool(strings.TrimSpace(v))
	}
	return err == nil
}
