package excel

import (
	"io"
	"regexp"
	"strings"

	"golang.org/x/net/html/charset"
)

// excelize parses a part whole the first time a call needs it (a sheet's
// cells on the first read or write of one, the shared strings on the first
// string), from bytes it holds, with no way in for a context: a 30 MB
// sheet is a second or more of CPU that a stopped call would spend anyway.
// Every such parse goes through an encoding/xml decoder that excelize gives
// the workbook's charset reader, which the decoder calls when the part's
// XML declaration names an encoding other than UTF-8. So the declaration of
// each large part is marked with stopEncoding (the part's own encoding
// kept after it), and the charset reader returns the part's input wrapped
// in the call's Stopper: the decoder then fails at its next read of a few
// KB once the call is stopped. excelize never writes the workbook (the
// patching writer reads the original package), so no mark reaches an
// output.

// stopEncoding marks a part's declared encoding.
const stopEncoding = "x-formfill-stop"

// markMinBytes is the size from which a part is marked: smaller ones parse
// in about a millisecond.
const markMinBytes = 64 << 10

// xmlDecl matches a part's XML declaration and its encoding, if any.
var (
	xmlDecl     = regexp.MustCompile(`^(?:\x{FEFF})?<\?xml[^>]*?\?>`)
	declVersion = regexp.MustCompile(`version\s*=\s*("[^"]*"|'[^']*')`)
	declEncVal  = regexp.MustCompile(`encoding\s*=\s*("([^"]*)"|'([^']*)')`)
)

// markForStop marks every large XML part excelize holds (when the call can
// be stopped) and sets the workbook's charset reader to the one that cuts
// them.
func (wb *workbook) markForStop() {
	if !wb.stop.CanStop() {
		return
	}
	wb.f.Pkg.Range(func(k, v any) bool {
		if wb.stop.Check() != nil {
			return false // the call's next check returns the stop
		}
		name, _ := k.(string)
		data, _ := v.([]byte)
		if len(data) < markMinBytes || !strings.HasSuffix(strings.ToLower(name), ".xml") {
			return true
		}
		if marked, ok := markDecl(data); ok {
			wb.f.Pkg.Store(name, marked)
		}
		return true
	})
	wb.f.CharsetTranscoder(wb.charsetReader)
}

// stopUTF8 marks a part declared UTF-8 in place: it has the length of
// "UTF-8", so the mark overwrites the declared name instead of copying a
// part of tens of MB into a longer one (a copy that ran between two looks
// at the context, and on a loaded machine stretched a write's longest
// unchecked stretch past its bound).
const stopUTF8 = "x-ffs"

// markDecl returns data with a stop mark written into its declaration, or
// false for a part that has no declaration this can rewrite (a UTF-16
// part, or none at all: an XML declaration may not be added in front of
// a byte-order mark or white space the part starts with). A part declared
// UTF-8 is marked in place, in data itself; any other is copied.
func markDecl(data []byte) ([]byte, bool) {
	loc := xmlDecl.FindIndex(data)
	if loc == nil {
		return nil, false
	}
	decl := data[loc[0]:loc[1]]
	var marked []byte
	if m := declEncVal.FindSubmatchIndex(decl); m != nil {
		var enc []byte
		if m[4] >= 0 {
			enc = decl[m[4]:m[5]]
		} else {
			enc = decl[m[6]:m[7]]
		}
		if len(enc) == len(stopUTF8) && strings.EqualFold(string(enc), "utf-8") {
			copy(enc, stopUTF8)
			return data, true
		}
		marked = concat(decl[:m[0]], []byte(`encoding="`+stopEncoding+"+"), enc, []byte(`"`), decl[m[1]:])
	} else if v := declVersion.FindIndex(decl); v != nil {
		marked = concat(decl[:v[1]], []byte(` encoding="`+stopEncoding+`"`), decl[v[1]:])
	} else {
		return nil, false
	}
	return concat(data[:loc[0]], marked, data[loc[1]:]), true
}

func concat(parts ...[]byte) []byte {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// charsetReader is excelize's charset reader for this workbook: a marked
// part is read through the call's Stopper and its own encoding; any other
// part as excelize reads it by default.
func (wb *workbook) charsetReader(label string, input io.Reader) (io.Reader, error) {
	if strings.EqualFold(label, stopUTF8) {
		return wb.stop.Reader(input), nil
	}
	enc, ok := strings.CutPrefix(label, stopEncoding)
	if !ok {
		return charset.NewReaderLabel(label, input)
	}
	input = wb.stop.Reader(input)
	enc = strings.TrimPrefix(enc, "+")
	if enc == "" || strings.EqualFold(enc, "utf-8") {
		return input, nil
	}
	return charset.NewReaderLabel(enc, input)
}
