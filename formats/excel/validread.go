package excel

import (
	"encoding/xml"
	"strings"

	"github.com/formfill/formfill/formats"
)

// x14Validations is the URI of the worksheet extension holding the x14
// data validations (those whose list lives on another sheet, as Excel 2010
// and later write them).
const x14Validations = "{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"

// validation is one <dataValidation> as written, its formulas' text
// decoded.
type validation struct {
	sqref, typ, operator string
	formula1, formula2   string
	prompt, promptTitle  *string
	x14                  bool // from the x14 extension
}

// readValidations reads the data validations of the worksheet XML data
// (the whole part, or the scan's stub of it): those of <dataValidations>,
// then those of the x14 extension, in document order.
func readValidations(data []byte) ([]validation, error) {
	var (
		out  []validation
		ext  []bool // per open element: inside the x14 validations' <ext>
		text *string
	)
	walk := xmlWalk{
		start: func(path []string, t *xml.StartElement) {
			inExt := len(ext) > 0 && ext[len(ext)-1] || len(path) == 3 && path[1] == "extLst" && t.Name.Local == "ext" && bookAttr(*t, "uri", "") == x14Validations
			ext = append(ext, inExt)
			text = validationElement(&out, path, inExt, *t)
		},
		text: func(_ []string, t xml.CharData) {
			if text != nil {
				*text += string(t)
			}
		},
		end: func([]string) { ext, text = ext[:len(ext)-1], nil },
	}
	if err := walk.run(data, nil, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// validationElement records a start element at path of a worksheet's
// validations and returns where its text goes, nil when nowhere.
func validationElement(out *[]validation, path []string, inExt bool, se xml.StartElement) *string {
	n := len(path)
	main := n == 3 && path[1] == "dataValidations" && !inExt
	x14 := n == 5 && inExt && path[3] == "dataValidations"
	switch {
	case (main || x14) && se.Name.Local == "dataValidation":
		v := validation{sqref: bookAttr(se, "sqref", ""), typ: bookAttr(se, "type", ""), operator: bookAttr(se, "operator", ""), x14: x14}
		if p, ok := bookAttrOK(se, "prompt"); ok {
			v.prompt = &p
		}
		if p, ok := bookAttrOK(se, "promptTitle"); ok {
			v.promptTitle = &p
		}
		*out = append(*out, v)
		return nil
	case len(*out) == 0:
		return nil
	}
	v := &(*out)[len(*out)-1]
	switch {
	case n == 4 && path[1] == "dataValidations" && !inExt || n == 7 && inExt && path[5] == "formula1" || n == 7 && inExt && path[5] == "formula2":
		if n == 7 {
			if se.Name.Local != "f" {
				return nil
			}
			se.Name.Local = path[5]
		}
		switch se.Name.Local {
		case "formula1":
			return &v.formula1
		case "formula2":
			return &v.formula2
		}
	case n == 6 && inExt && se.Name.Local == "sqref":
		v.sqref = ""
		return &v.sqref
	}
	return nil
}

// literal unescapes a formula that is a string literal ("a ""quoted""
// word"): a doubled quote is one.
func literal(f string) string {
	if strings.HasPrefix(f, `"`) {
		return strings.ReplaceAll(f, `""`, `"`)
	}
	return f
}

// dataValidations are the sheet's validations, from its scan's stub when
// it has one (sc may be nil), else from its whole part.
func (wb *workbook) dataValidations(sheet string, sc *sheetScan) ([]validation, error) {
	data := []byte(nil)
	if sc != nil {
		data = sc.validationStub
	}
	if data == nil {
		parts, err := wb.parts()
		if err != nil {
			return nil, err
		}
		if parts[sheet] == "" {
			return nil, nil
		}
		if data, err = wb.readXML(parts[sheet]); err != nil {
			return nil, err
		}
	}
	vs, err := readValidations(data)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, sheet, err, "the sheet's data validations could not be read")
	}
	for i := range vs {
		vs[i].formula1, vs[i].formula2 = literal(vs[i].formula1), literal(vs[i].formula2)
	}
	return vs, nil
}
