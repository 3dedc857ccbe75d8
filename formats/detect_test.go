package formats

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	zipData := []byte("PK\x03\x04rest-of-zip")
	pdfData := []byte("%PDF-1.7\n...")
	tests := []struct {
		name, file, explicit string
		data                 []byte
		want                 FileType
		wantErr              error
		errHas               string
	}{
		{"docx by extension", "q.docx", "", zipData, Word, nil, ""},
		{"xlsx by extension, upper case", "Q.XLSX", "", zipData, Excel, nil, ""},
		{"pdf by extension", "form.pdf", "", pdfData, PDF, nil, ""},
		{"explicit type wins over extension", "form.bin", "docx", zipData, Word, nil, ""},
		{"pdf with junk before header", "f.pdf", "", append([]byte("junk\n"), pdfData...), PDF, nil, ""},
		{"sniffed pdf without name", "", "", pdfData, PDF, nil, ""},
		{"zip without a main part is ambiguous", "", "", zipData, "", ErrInvalidArgument, "neither docx"},
		{"docx without a name", "", "", zipWith(t, "word/document.xml"), Word, nil, ""},
		{"xlsx without a name", "", "", zipWith(t, "xl/workbook.xml"), Excel, nil, ""},
		{"pdf named docx", "q.docx", "", pdfData, "", ErrInvalidDocument, "not a .docx file"},
		{"zip named pdf", "q.pdf", "", zipData, "", ErrInvalidDocument, "not a PDF"},
		{"empty file", "q.docx", "", nil, "", ErrInvalidDocument, "empty"},
		{"unknown extension", "q.odt", "", zipData, "", ErrUnsupported, "word (docx)"},
		{"no extension", "questionnaire", "", zipData, "", ErrUnsupported, "no extension"},
		{"unknown explicit type", "q.docx", "rtf", zipData, "", ErrUnsupported, `"rtf"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Detect(tt.file, tt.explicit, tt.data)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want kind %v", err, tt.wantErr)
				}
				if !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %q, want it to mention %q", err, tt.errHas)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Detect = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestDetectRefusesOversizedFile(t *testing.T) {
	big := make([]byte, MaxFileSize+1)
	copy(big, "%PDF-")
	_, err := Detect("big.pdf", "", big)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "50.0 MB") {
		t.Fatalf("err = %v, want ErrTooLarge naming the 50 MB limit", err)
	}
}

func TestDecodeBase64(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
		wantErr  error
	}{
		{"standard padded", "aGVsbG8=", "hello", nil},
		{"raw unpadded", "aGVsbG8", "hello", nil},
		{"url alphabet", "-_8=", "\xfb\xff", nil},
		{"garbage", "!!!not base64!!!", "", ErrInvalidArgument},
		{"too large", strings.Repeat("A", MaxBase64Size+4), "", ErrTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeBase64(tt.in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("DecodeBase64 = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func FuzzDetect(f *testing.F) {
	f.Add("a.docx", "", []byte("PK\x03\x04"))
	f.Add("", "", []byte("%PDF-1.4"))
	f.Add("x.pdf", "excel", []byte{0xff, 0xfe})
	f.Fuzz(func(t *testing.T, name, explicit string, data []byte) {
		ft, err := Detect(name, explicit, data)
		if err == nil {
			if ft != Word && ft != Excel && ft != PDF {
				t.Fatalf("Detect returned unknown type %q without error", ft)
			}
			return
		}
		if !IsInputError(err) {
			t.Fatalf("Detect error %v is not an input error", err)
		}
	})
}

// zipWith is a zip archive holding one empty entry named name.
func zipWith(t *testing.T, name string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	if _, err := zw.Create(name); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
