package targeteval

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// wordNS is the namespace of WordprocessingML's body elements.
const wordNS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

// maxDocumentXML bounds the part TextSHA256 reads: the labelled documents
// are at most a few megabytes, so anything larger is not one of them.
const maxDocumentXML = 64 << 20

// CheckSum reports whether data is the labelled document (labels without a
// checksum match anything). A document converted from another format
// (Source.TextSHA256 set) is also accepted when its text matches, because
// a converter writes different bytes on every run (dates, IDs) while the
// paragraphs, and so the element IDs the labels name, stay the same.
func (l Labels) CheckSum(data []byte) error {
	if l.Source.SHA256 == "" {
		return nil
	}
	sum := sha256.Sum256(data)
	got := hex.EncodeToString(sum[:])
	if strings.EqualFold(got, l.Source.SHA256) {
		return nil
	}
	if l.Source.TextSHA256 == "" {
		return fmt.Errorf("%s has sha256 %s, the labels were made on %s", l.Document, got, l.Source.SHA256)
	}
	text, err := TextSHA256(data)
	if err != nil {
		return fmt.Errorf("%s has sha256 %s, not the labelled %s, and its text cannot be read: %w", l.Document, got, l.Source.SHA256, err)
	}
	if !strings.EqualFold(text, l.Source.TextSHA256) {
		return fmt.Errorf("%s has sha256 %s and text sha256 %s; the labels were made on %s (text %s): convert the source again as the labels' notes say",
			l.Document, got, text, l.Source.SHA256, l.Source.TextSHA256)
	}
	return nil
}

// TextSHA256 is the hex sha256 of a .docx's body text: the characters of
// every w:t of word/document.xml in order, each paragraph ended by a
// newline. It reads the XML itself rather than through formfill, so the
// check does not depend on the code it measures.
func TextSHA256(docx []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		return "", fmt.Errorf("not a .docx: %w", err)
	}
	for _, f := range zr.File {
		if f.Name != "word/document.xml" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return "", err
		}
		defer rc.Close()
		return bodyTextSHA256(io.LimitReader(rc, maxDocumentXML))
	}
	return "", errors.New("not a .docx: no word/document.xml")
}

func bodyTextSHA256(r io.Reader) (string, error) {
	h := sha256.New()
	dec := xml.NewDecoder(r)
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return hex.EncodeToString(h.Sum(nil)), nil
		}
		if err != nil {
			return "", fmt.Errorf("word/document.xml: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			inText = t.Name.Space == wordNS && t.Name.Local == "t"
		case xml.EndElement:
			inText = false
			if t.Name.Space == wordNS && t.Name.Local == "p" {
				h.Write([]byte{'\n'})
			}
		case xml.CharData:
			if inText {
				h.Write(t)
			}
		}
	}
}
