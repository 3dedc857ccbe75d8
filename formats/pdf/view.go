package pdf

import (
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
)

// ReadDocument implements read_document for PDF forms: one row per field
// (ID F1…), its kind as the style, its label in the header column and,
// as text, its value, its options and where it is.
func (e *Engine) ReadDocument(doc []byte) (rows []formats.ViewNode, err error) {
	defer guard(e.logger(), &err)
	d, err := e.open(doc)
	if err != nil {
		return nil, err
	}
	addContext(d)
	rows = make([]formats.ViewNode, 0, len(d.fields))
	for _, f := range d.fields {
		text := "empty"
		if f.Value != "" {
			text = fmt.Sprintf("%q", f.Value)
		}
		if len(f.Options) > 0 {
			text += " (options: " + strings.Join(f.Options, " | ") + ")"
		}
		text += fmt.Sprintf(" [page %d, name %q]", f.Page, f.Name)
		if f.Context != "" {
			text += fmt.Sprintf(" near %q", f.Context)
		}
		rows = append(rows, formats.ViewNode{ID: f.ID, Header: f.Label, Style: f.Kind, Text: text})
	}
	return rows, nil
}
