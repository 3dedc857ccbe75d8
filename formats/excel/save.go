package excel

import (
	"encoding/xml"
	"path"
	"strings"

	"github.com/formfill/formfill/formats"
)

// xmlElem captures an element's attributes whatever their namespace, so
// transitional and strict OOXML read alike.
type xmlElem struct {
	Attrs []xml.Attr `xml:",any,attr"`
}

func (e xmlElem) attr(local string, nsPart string) string {
	for _, a := range e.Attrs {
		if a.Name.Local == local && strings.Contains(a.Name.Space, nsPart) {
			return a.Value
		}
	}
	return ""
}

// sheetParts maps each sheet name to its part name in the package, read
// from the workbook part's sheets (see readBook) and its relationships.
func (wb *workbook) sheetParts() (map[string]string, error) {
	var rels struct {
		Rels []xmlElem `xml:"Relationship"`
	}
	name := "xl/_rels/workbook.xml.rels"
	data, err := wb.arch.Read(name)
	if err != nil {
		return nil, err
	}
	if err := xml.Unmarshal(data, &rels); err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, name, err, "malformed XML")
	}
	targets := map[string]string{}
	for _, r := range rels.Rels {
		t := r.attr("Target", "")
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		targets[r.attr("Id", "")] = t
	}
	out := map[string]string{}
	for _, s := range wb.book.sheets {
		out[s.name] = targets[s.rid]
	}
	return out, nil
}
