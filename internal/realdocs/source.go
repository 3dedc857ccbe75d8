package realdocs

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

// Source says where a real document came from: a file of a public GitHub
// repository at a commit, and the sha256 of the file the tests read.
type Source struct {
	Repo   string `json:"repo"`
	Path   string `json:"path"`
	Commit string `json:"commit"`
	SHA256 string `json:"sha256"`
	// TextSHA256 is set for a document converted from another format (Path
	// names the original): the sha256 of its body text as TextSHA256
	// computes it. See Check.
	TextSHA256 string `json:"text_sha256,omitempty"`
}

// Check reports whether data is the document name that s describes (a
// source without a checksum matches anything). A converted document is also
// accepted when its text matches, because a converter writes different
// bytes on every run (dates, IDs) while the paragraphs, and so the element
// IDs that labels name, stay the same.
func (s Source) Check(name string, data []byte) error {
	if s.SHA256 == "" {
		return nil
	}
	sum := sha256.Sum256(data)
	got := hex.EncodeToString(sum[:])
	if strings.EqualFold(got, s.SHA256) {
		return nil
	}
	if s.TextSHA256 == "" {
		return fmt.Errorf("%s has sha256 %s, want %s", name, got, s.SHA256)
	}
	text, err := TextSHA256(data)
	if err != nil {
		return fmt.Errorf("%s has sha256 %s, not %s, and its text cannot be read: %w", name, got, s.SHA256, err)
	}
	if !strings.EqualFold(text, s.TextSHA256) {
		return fmt.Errorf("%s has sha256 %s and text sha256 %s; want %s (text %s): convert %s again",
			name, got, text, s.SHA256, s.TextSHA256, s.Path)
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
