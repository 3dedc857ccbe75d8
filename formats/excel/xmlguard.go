package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/internal/xmllex"
	"golang.org/x/net/html/charset"
)

// maxDepth bounds the element nesting of every XML part, as Word's
// reader bounds it.
const maxDepth = xmllex.MaxDepth

// errDTD refuses what enables billion-laughs expansion and external
// entities: OOXML parts never carry a document type declaration.
const errDTD = xmllex.DTDRefusal

// checkXML streams the XML of part once: fastCheck's pass, or where that
// gives up, encoding/xml's, which decides. RawToken is used because it
// neither builds a tree nor resolves namespaces; it also leaves end tags
// unmatched, so the open elements are tracked here. Declarations come out
// as directives before any entity in them could be used, and encoding/xml
// expands no entity but the predefined ones, so the refusal costs nothing
// however large the declared expansion. rec.record, when not nil, sees
// every start and end element, its depth (the root's is 0) and the bytes
// of data it spans, [from, to).
func checkXML(data []byte, part string, rec recording, stop *formats.Stopper) error {
	return checkXMLWith(data, part, rec, charset.NewReaderLabel, stop) // a part in another declared encoding is decoded by its label
}

// recordFunc sees an element of a part as the guard passes it: its start
// tag (start true, el with its attributes) or its end tag (el's Name only).
// It must not keep el or its Attr slice: the fast pass reuses both for
// every element, which spares a large sheet's hundreds of thousands of
// elements an allocation each.
type recordFunc func(start bool, el *xml.StartElement, depth int, from, to int64)

// recording is what sees a part's elements: record (nil: nothing does),
// and reset, which forgets what record saw when the fast pass gives up
// part-way and encoding/xml's pass starts again.
//
// emptyCell, where not nil, sees in record's place the element most of a
// large worksheet's are: a cell that closes itself and has a canonical
// reference and maybe a style index (styled false when it has none),
// written <c r="B7"/> or <c r="B7" s="12"/>, at depth 3, given as the
// reference's row and column and the style's number. It must record what
// record would see of the element's start and end; the fast pass spares
// it the element (see plainEmptyCell).
//
// valueCell, where not nil, sees in record's place a cell with a value
// and maybe a formula, written as plainValueCell reads it, at depth 3. It
// must record what record would see of the cell's elements; c is valid
// only during the call.
type recording struct {
	record    recordFunc
	reset     func()
	emptyCell func(row, col, style int, styled bool, from, to int64)
	valueCell func(c *plainCell)
}

// checkXMLWith is checkXML with the decoder's charset reader given:
// asUTF8's output still declares UTF-16, which must then be read as is.
func checkXMLWith(data []byte, part string, rec recording, charsetReader func(string, io.Reader) (io.Reader, error), stop *formats.Stopper) error {
	ok, err := fastCheck(data, rec, stop)
	if err != nil || ok {
		return err
	}
	if rec.reset != nil {
		rec.reset()
	}
	return checkXMLSlow(data, part, rec.record, charsetReader, stop)
}

// checkXMLSlow is the encoding/xml pass, the guard's last word.
func checkXMLSlow(data []byte, part string, record recordFunc, charsetReader func(string, io.Reader) (io.Reader, error), stop *formats.Stopper) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	var open []xml.Name
	for {
		if err := stop.Step(); err != nil {
			return err
		}
		from := dec.InputOffset()
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			if len(open) > 0 {
				return formats.Errorf(formats.ErrInvalidDocument, part, "malformed XML: the part ends inside <%s>", qname(open[len(open)-1]))
			}
			return nil
		}
		if err != nil {
			return formats.Wrap(formats.ErrInvalidDocument, part, err, "malformed XML")
		}
		switch t := tok.(type) {
		case xml.Directive:
			return formats.Errorf(formats.ErrInvalidDocument, part, errDTD)
		case xml.StartElement:
			if len(open) == maxDepth {
				return formats.Errorf(formats.ErrInvalidDocument, part, "the XML nests deeper than %d elements", maxDepth)
			}
			if record != nil {
				record(true, &t, len(open), from, dec.InputOffset())
			}
			open = append(open, t.Name)
		case xml.EndElement:
			if len(open) == 0 || open[len(open)-1] != t.Name {
				return formats.Errorf(formats.ErrInvalidDocument, part, "malformed XML: unexpected end tag </%s>", qname(t.Name))
			}
			open = open[:len(open)-1]
			if record != nil {
				record(false, &xml.StartElement{Name: t.Name}, len(open), from, dec.InputOffset())
			}
		}
	}
}

// qname is name as written, prefix:local (RawToken keeps the prefix in
// Space).
func qname(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
