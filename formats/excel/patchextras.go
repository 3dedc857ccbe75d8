package excel

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"

	"github.com/formfill/formfill/formats"
)

// What a write adds to a worksheet besides its cells: the cells a copied
// validation now covers, and the <legacyDrawing> of a new notes drawing;
// and the reading of a part as the UTF-8 the patcher's offsets need.

// dvTargets is what a validation's sqref gains: " C12 D12" for the
// copies whose source it covers and whose target it does not.
func (p *sheetPatch) dvTargets(sqref string) string {
	var b strings.Builder
	for _, cp := range p.dvCopies {
		if sqrefContains(sqref, cp[0]) && !sqrefContains(sqref, cp[1]) {
			b.WriteString(" " + cp[1].name())
		}
	}
	return b.String()
}

// afterLegacyDrawing are the children of a worksheet that CT_Worksheet
// puts after legacyDrawing; legacyDrawing itself is there too, so that a
// sheet that has one is refused rather than given a second.
var afterLegacyDrawing = map[string]bool{"legacyDrawing": true, "legacyDrawingHF": true, "drawingHF": true, "picture": true,
	"oleObjects": true, "controls": true, "webPublishItems": true, "tableParts": true, "extLst": true}

// addLegacyDrawing writes the <legacyDrawing> at at, with the root's
// prefix for the relationships namespace, or a declaration of its own.
func (p *sheetPatch) addLegacyDrawing(at int) {
	p.legacyDone = true
	p.win.fill(at + 40)
	ahead := p.win.bytes(at, min(p.win.end(), at+40))
	if bytes.HasPrefix(ahead, []byte("<legacyDrawing")) || bytes.Contains(ahead, []byte(":legacyDrawing")) {
		p.err = fmt.Errorf("the worksheet has a legacyDrawing its relationships do not name")
		return
	}
	p.emit(at)
	prefix, decl := "r", ` xmlns:r="`+transitionalR+`"`
	for _, a := range p.rootNS {
		if a.Name.Space == "xmlns" && (a.Value == transitionalR || a.Value == strictR) {
			prefix, decl = a.Name.Local, ""
		}
	}
	p.out.WriteString("<" + p.prefix + "legacyDrawing" + decl + " " + prefix + `:id="` + p.legacyRID + `"/>`)
}

// declaredEncoding is the encoding an XML declaration names, "" for none.
func declaredEncoding(decl string) string {
	i := strings.Index(decl, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(decl[i+len("encoding"):], " \t\r\n")
	rest = strings.TrimLeft(strings.TrimPrefix(rest, "="), " \t\r\n")
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return ""
	}
	v, _, _ := strings.Cut(rest[1:], rest[:1])
	return v
}

// readXML inflates a part for patching, as UTF-8: a part in UTF-16 or
// another declared encoding is transcoded and its declaration made to say
// UTF-8, so the tokenizer's offsets are offsets into what is written (a
// part so stored is written back as UTF-8 whole). Every part the patchers
// (outline, scanStyles, commentsWith) read comes through here, and every
// worksheet the save patches that is not plain UTF-8 (sheetSource), which
// is why they need no encoding check of their own.
func (wb *workbook) readXML(name string) ([]byte, error) {
	data, err := wb.arch.Read(name)
	if err != nil {
		return nil, err
	}
	return toUTF8(data, name)
}

func toUTF8(data []byte, part string) ([]byte, error) {
	utf16 := hasUTF16BOM(data)
	if utf16 {
		var err error
		if data, err = asUTF8(part, data); err != nil {
			return nil, err
		}
	}
	if !bytes.HasPrefix(data, []byte("<?xml")) {
		return data, nil
	}
	end := bytes.Index(data, []byte("?>"))
	if end < 0 {
		return data, nil
	}
	decl := string(data[:end])
	enc := declaredEncoding(decl)
	if enc == "" || strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8") {
		return data, nil
	}
	body := data[end:]
	if !utf16 {
		r, err := charset.NewReaderLabel(enc, bytes.NewReader(body))
		if err != nil {
			return nil, formats.Wrap(formats.ErrUnsupported, part, err, "the part declares the encoding %q", enc)
		}
		if body, err = io.ReadAll(r); err != nil {
			return nil, formats.Wrap(formats.ErrInvalidDocument, part, err, "the part is not in its declared encoding %q", enc)
		}
	}
	i := strings.Index(decl, enc)
	return append([]byte(decl[:i]+"UTF-8"+decl[i+len(enc):]), body...), nil
}
