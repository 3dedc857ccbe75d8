package readers

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Word is a word a viewer's text extraction found on a page, with its box
// in PDF points (origin at the page's bottom left, y up).
type Word struct {
	Page int
	Text string
	Box  [4]float64
}

// Inside reports whether the word's centre lies in r (PDF points).
func (w Word) Inside(r [4]float64) bool {
	x, y := (w.Box[0]+w.Box[2])/2, (w.Box[1]+w.Box[3])/2
	return x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3]
}

// PDFWords returns the words poppler's pdftotext -bbox-layout finds on
// every page of pdf, form field appearances included.
func PDFWords(tb testing.TB, pdf []byte) []Word {
	tb.Helper()
	bin := lookPath(tb, "pdftotext", "apt-get install poppler-utils")
	res, err := run(DefaultTimeout, "", bin, "-bbox-layout", "-enc", "UTF-8", writeTemp(tb, "words.pdf", pdf), "-")
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: pdftotext -bbox-layout failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var words []Word
	page, height := 0, 0.0
	err = eachElement(res.stdout, func(e xml.StartElement, text func() string) {
		switch e.Name.Local {
		case "page":
			page++
			height = attrFloat(e, "height")
		case "word":
			y0, y1 := attrFloat(e, "yMin"), attrFloat(e, "yMax")
			words = append(words, Word{Page: page, Text: text(), Box: [4]float64{attrFloat(e, "xMin"), height - y1, attrFloat(e, "xMax"), height - y0}})
		}
	})
	if err != nil {
		tb.Fatalf("readers: pdftotext -bbox-layout output: %v", err)
	}
	return words
}

// MuPDFWords returns the words MuPDF's mutool draw -F stext finds on every
// page of pdf, annotations and widgets included: runs of characters
// between spaces on one line, each boxed.
func MuPDFWords(tb testing.TB, pdf []byte) []Word {
	tb.Helper()
	bin := lookPath(tb, "mutool", "apt-get install mupdf-tools")
	in := writeTemp(tb, "stext.pdf", pdf)
	res, err := run(DefaultTimeout, "", bin, "draw", "-q", "-F", "stext", "-o", "-", in)
	if err != nil || res.exit != 0 {
		tb.Fatalf("readers: mutool draw -F stext failed (%v, exit %d):\n%s", err, res.exit, tail(res.stderr, 2000))
	}
	var words []Word
	page, height := 0, 0.0
	var cur *Word
	flush := func() {
		if cur != nil && strings.TrimSpace(cur.Text) != "" {
			words = append(words, *cur)
		}
		cur = nil
	}
	err = eachElement(res.stdout, func(e xml.StartElement, _ func() string) {
		switch e.Name.Local {
		case "page":
			flush()
			page++
			height = attrFloat(e, "height")
		case "line":
			flush()
		case "char":
			c := attr(e, "c")
			q := strings.Fields(attr(e, "quad"))
			if c == " " || len(q) != 8 {
				flush()
				return
			}
			var f [8]float64
			for i, s := range q {
				f[i], _ = strconv.ParseFloat(s, 64)
			}
			box := [4]float64{min(f[0], f[4]), height - max(f[5], f[7]), max(f[2], f[6]), height - min(f[1], f[3])}
			if cur == nil {
				cur = &Word{Page: page, Box: box}
			}
			cur.Text += c
			cur.Box = [4]float64{min(cur.Box[0], box[0]), min(cur.Box[1], box[1]), max(cur.Box[2], box[2]), max(cur.Box[3], box[3])}
		}
	})
	flush()
	if err != nil {
		tb.Fatalf("readers: mutool stext output: %v", err)
	}
	return words
}

// controlRef is a numeric character reference.
var controlRef = regexp.MustCompile(`&#([xX][0-9a-fA-F]+|[0-9]+);`)

// eachElement calls fn with every start element of an XML document, and a
// function that reads the element's text (consuming it).
func eachElement(data []byte, fn func(e xml.StartElement, text func() string)) error {
	// mutool writes the control characters a font maps codes to, which
	// XML forbids: they are no text a reader sees.
	data = controlRef.ReplaceAllFunc(data, func(ref []byte) []byte {
		s := string(ref[2 : len(ref)-1])
		base := 10
		if s[0] == 'x' || s[0] == 'X' {
			s, base = s[1:], 16
		}
		if n, err := strconv.ParseInt(s, base, 32); err == nil && n < 0x20 && n != '\t' && n != '\n' && n != '\r' {
			return []byte(" ")
		}
		return ref
	})
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.AutoClose = xml.HTMLAutoClose
	d.Entity = xml.HTMLEntity
	for {
		t, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if se, ok := t.(xml.StartElement); ok {
			fn(se, func() string {
				var s string
				_ = d.DecodeElement(&s, &se)
				return s
			})
		}
	}
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func attrFloat(e xml.StartElement, name string) float64 {
	f, _ := strconv.ParseFloat(attr(e, name), 64)
	return f
}
