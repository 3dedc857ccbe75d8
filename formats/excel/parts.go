package excel

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"

	"github.com/formfill/formfill/formats"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// MaxSheetBytes bounds the XML of one worksheet, and of any other XML part,
// so that no call spends seconds or gigabytes on one part: formfill's
// readers hold far less than the XML, but the format book and the
// recalculation workbook hand parts of it to excelize, which holds about
// twenty times its size. Real
// questionnaires are far below it: the CAIQ's largest sheet is under 1 MB.
const MaxSheetBytes = 32 << 20

// xmlSniffBytes is how much of a part is read to tell XML from binary.
const xmlSniffBytes = 64

// isXMLPart reports whether f is a part a reader may parse as XML. Names
// are not enough: a worksheet is found through its relationship, whatever
// the part is called, so a part with another extension is sniffed, and one
// that starts like XML counts. Legacy VML drawings (.vml) are left out:
// Excel writes them as HTML-like markup that is often not well-formed, and
// no tool reads them.
func isXMLPart(f *zip.File) (bool, error) {
	n := strings.ToLower(f.Name)
	switch {
	case strings.HasSuffix(n, ".vml"):
		return false, nil
	case strings.HasSuffix(n, ".xml"), strings.HasSuffix(n, ".rels"):
		return true, nil
	}
	rc, err := f.Open()
	if err != nil {
		return false, formats.Wrap(formats.ErrInvalidDocument, f.Name, err, "cannot open entry")
	}
	defer rc.Close()
	head := make([]byte, xmlSniffBytes)
	n2, err := io.ReadFull(rc, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return false, formats.Wrap(formats.ErrInvalidDocument, f.Name, err, "corrupt entry")
	}
	return looksLikeXML(head[:n2]), nil
}

// looksLikeXML reports whether data starts, after a byte-order mark and
// white space, with a '<'.
func looksLikeXML(data []byte) bool {
	if hasUTF16BOM(data) {
		return true
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.TrimLeft(data, " \t\r\n")
	return len(data) > 0 && data[0] == '<'
}

func hasUTF16BOM(data []byte) bool {
	return bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff"))
}

// checkPartSize refuses an XML part past MaxSheetBytes. Declared sizes are
// trusted here because archive/zip, which every reader inflates with,
// refuses to inflate an entry past its declared size.
func checkPartSize(f *zip.File) error {
	if f.UncompressedSize64 <= MaxSheetBytes {
		return nil
	}
	if isWorksheetPart(f.Name) {
		return formats.Errorf(formats.ErrTooLarge, f.Name, "the worksheet's XML is %d MB; the limit is %d MB (about 300,000 cells): split the workbook or remove unused rows",
			f.UncompressedSize64>>20, MaxSheetBytes>>20)
	}
	return formats.Errorf(formats.ErrTooLarge, f.Name, "the part's XML is %d MB; the limit is %d MB for one XML part of a workbook",
		f.UncompressedSize64>>20, MaxSheetBytes>>20)
}

// isWorksheetPart reports whether the entry name is a worksheet part where
// Excel puts them.
func isWorksheetPart(name string) bool {
	return strings.HasPrefix(name, "xl/worksheets/") && strings.HasSuffix(name, ".xml")
}

// asUTF8 transcodes data, which starts with a UTF-16 byte-order mark (the
// packaging standard allows it; encoding/xml reads only UTF-8), to UTF-8.
func asUTF8(part string, data []byte) ([]byte, error) {
	dec := unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()
	out, _, err := transform.Bytes(unicode.BOMOverride(dec), data)
	if err != nil {
		return nil, formats.Wrap(formats.ErrInvalidDocument, part, err, "malformed UTF-16")
	}
	return out, nil
}

// keepUTF16Transcoded is the charset reader for asUTF8's output, whose
// declaration still says UTF-16: that text is UTF-8 now.
func keepUTF16Transcoded(label string, input io.Reader) (io.Reader, error) {
	if strings.HasPrefix(strings.ToLower(label), "utf-16") {
		return input, nil
	}
	return charset.NewReaderLabel(label, input)
}
