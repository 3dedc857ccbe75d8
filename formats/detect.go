package formats

import (
	"archive/zip"
	"bytes"
	"path/filepath"
	"strings"
)

// ParseFileType turns a user-given type ("word", "docx", ".xlsx", "PDF" …)
// into a FileType.
func ParseFileType(s string) (FileType, error) {
	switch strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), ".")) {
	case "word", "docx":
		return Word, nil
	case "excel", "xlsx":
		return Excel, nil
	case "pdf":
		return PDF, nil
	}
	return "", Errorf(ErrUnsupported, "file_type", "%q is not a supported type; expected word (docx), excel (xlsx) or pdf", s)
}

// Detect decides a document's type from an explicit type if given, else from
// the file name's extension, and confirms it by the content's magic bytes
// (PK for docx/xlsx, %PDF for PDF). It also enforces MaxFileSize.
func Detect(name, explicit string, data []byte) (FileType, error) {
	if err := CheckSize(len(data)); err != nil {
		return "", err
	}
	var t FileType
	var err error
	switch {
	case explicit != "":
		t, err = ParseFileType(explicit)
	case name != "":
		ext := filepath.Ext(name)
		if ext == "" {
			return "", Errorf(ErrUnsupported, "file_type", "%q has no extension; pass file_type (word, excel or pdf)", name)
		}
		t, err = ParseFileType(ext)
	default:
		t, err = sniff(data)
	}
	if err != nil {
		return "", err
	}
	return t, CheckMagic(t, data)
}

// CheckMagic confirms that data starts the way a document of type t must.
func CheckMagic(t FileType, data []byte) error {
	if len(data) == 0 {
		return Errorf(ErrInvalidDocument, "file", "the document is empty (0 bytes)")
	}
	switch t {
	case Word, Excel:
		if !bytes.HasPrefix(data, []byte("PK\x03\x04")) {
			return Errorf(ErrInvalidDocument, "file", "not a %s file: expected a zip archive starting with \"PK\", got %s", ext(t), describePrefix(data))
		}
	case PDF:
		// The PDF spec allows up to 1024 bytes of junk before the header.
		head := data[:min(len(data), 1024)]
		if !bytes.Contains(head, []byte("%PDF-")) {
			return Errorf(ErrInvalidDocument, "file", "not a PDF file: expected \"%%PDF-\" in the first 1024 bytes, got %s", describePrefix(data))
		}
	default:
		return Errorf(ErrUnsupported, "file_type", "unknown type %q", t)
	}
	return nil
}

func sniff(data []byte) (FileType, error) {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return PDF, nil
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		if t := sniffZip(data); t != "" {
			return t, nil
		}
		return "", Errorf(ErrInvalidArgument, "file_type", "a zip archive that is neither docx (no word/document.xml) nor xlsx (no xl/workbook.xml); pass file_type (word or excel)")
	}
	return "", Errorf(ErrUnsupported, "file_type", "cannot tell the type of %s; pass file_type (word, excel or pdf)", describePrefix(data))
}

// sniffZip tells a docx from an xlsx by its main part, reading only the
// zip's central directory. It returns "" when it cannot tell.
func sniffZip(data []byte) FileType {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return ""
	}
	for _, f := range zr.File {
		switch f.Name {
		case "word/document.xml":
			return Word
		case "xl/workbook.xml":
			return Excel
		}
	}
	return ""
}

func ext(t FileType) string {
	switch t {
	case Word:
		return ".docx"
	case Excel:
		return ".xlsx"
	}
	return ".pdf"
}

// Ext returns the usual file extension for t, with its dot.
func Ext(t FileType) string { return ext(t) }

func describePrefix(data []byte) string {
	n := min(len(data), 8)
	return strings.TrimSpace(strings.ToValidUTF8(strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '.'
		}
		return r
	}, string(data[:n])), ".")) + " …"
}
