package excel

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"

	"github.com/formfill/formfill/formats"
)

// xmlWalk is one pass over a part's tokens by the local names of the open
// elements (so transitional and strict parts read alike), for the readers
// that keep state across elements: a sheet's cells (readCells), the
// shared strings (readSharedStrings), a sheet's notes (readComments), the
// styles (readStyles) and a sheet's validations (readValidations).
// Each gets path, the local names of the open elements, the root's first
// (the slice is reused: copy what is kept). A nil func is not called.
type xmlWalk struct {
	start func(path []string, t *xml.StartElement) // path ends with t's name
	text  func(path []string, data xml.CharData)   // data is reused by the decoder
	end   func(path []string)                      // path still ends with the closed element
}

// run walks data, decoding UTF-16 parts as the guard did (see
// keepUTF16Transcoded). stop is looked at every cellsPerCheck tokens and
// its error returned as it is; a decoding error is returned through bad
// (as it is when bad is nil), so that each reader says which part failed
// without taking a stop for malformed XML.
func (w xmlWalk) run(data []byte, stop *formats.Stopper, bad func(error) error) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = keepUTF16Transcoded
	var path []string
	for n := 0; ; n++ {
		if n%cellsPerCheck == 0 {
			if err := stop.Check(); err != nil {
				return err
			}
		}
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			if bad != nil {
				return bad(err)
			}
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			if w.start != nil {
				w.start(path, &t)
			}
		case xml.CharData:
			if w.text != nil {
				w.text(path, t)
			}
		case xml.EndElement:
			if w.end != nil {
				w.end(path)
			}
			path = path[:len(path)-1]
		}
	}
}
