package excel

import (
	"testing"

	"github.com/formfill/formfill/formats"
)

// FuzzExtract feeds mutated workbooks to every reader and a write: each
// must return a result or a typed input error, never panic or hang.
func FuzzExtract(f *testing.F) {
	doc := fixture(f)
	f.Add(doc)
	f.Add(doc[:len(doc)/3])
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		e := New()
		check := func(op string, err error) {
			if err != nil && !formats.IsInputError(err) {
				t.Fatalf("%s: untyped error %v", op, err)
			}
		}
		_, err := e.ExtractCompact(data)
		check("compact", err)
		_, err = e.ExtractText(data)
		check("text", err)
		_, err = e.ListFields(data)
		check("list", err)
		_, err = e.Validate(data, []formats.Location{{PairID: "S1-R3-C3"}})
		check("validate", err)
		_, err = e.Write(data, []formats.Answer{{PairID: "S1-R3-C4", AnswerText: "=1+1"}}, formats.WriteOptions{})
		check("write", err)
	})
}

// FuzzParseRef checks the location parser on arbitrary strings.
func FuzzParseRef(f *testing.F) {
	wb, err := open(fixture(f))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"S1-R5-C3", "Assessment!C5", "'Contact Details'!B7", "'a''b'!A1", "XFD1048576"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := wb.parseRef(s)
		if err == nil && (c.sheet < 1 || c.sheet > len(wb.sheets) || checkBounds(s, c) != nil) {
			t.Fatalf("parseRef(%q) accepted out-of-range %+v", s, c)
		}
	})
}
