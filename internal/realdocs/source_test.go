package realdocs

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
)

// docxWithText builds a minimal .docx whose body holds paras, with extra
// bytes in a comment so two builds of the same text differ byte for byte.
func docxWithText(t *testing.T, salt string, paras ...string) []byte {
	t.Helper()
	var body strings.Builder
	for _, p := range paras {
		fmt.Fprintf(&body, `<w:p><w:r><w:t>%s</w:t></w:r></w:p>`, p)
	}
	xml := `<?xml version="1.0"?><!--` + salt + `--><w:document xmlns:w="` + wordNS + `"><w:body>` + body.String() + `</w:body></w:document>`
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(xml)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestConvertedDocumentIsCheckedByItsText(t *testing.T) {
	labelled := docxWithText(t, "first conversion", "Name:", "Level A (Yes / No )")
	sum := sha256.Sum256(labelled)
	text, err := TextSHA256(labelled)
	if err != nil {
		t.Fatal(err)
	}
	src := Source{Path: "vpat.doc", SHA256: hex.EncodeToString(sum[:]), TextSHA256: text}
	tests := []struct {
		name string
		doc  []byte
		ok   bool
	}{
		{"the labelled bytes", labelled, true},
		{"a new conversion: other bytes, same text", docxWithText(t, "second conversion", "Name:", "Level A (Yes / No )"), true},
		{"text changed", docxWithText(t, "x", "Name:", "Level AA (Yes / No )"), false},
		{"paragraphs split differently", docxWithText(t, "x", "Name:Level A (Yes / No )"), false},
		{"not a docx", []byte("plain text"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := src.Check("vpat.docx", tt.doc)
			if (err == nil) != tt.ok {
				t.Fatalf("CheckSum = %v, want ok=%v", err, tt.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "vpat.docx") {
				t.Errorf("the error does not name the document: %v", err)
			}
		})
	}
	src.TextSHA256 = ""
	if err := src.Check("vpat.docx", docxWithText(t, "second conversion", "Name:", "Level A (Yes / No )")); err == nil {
		t.Error("without text_sha256 another conversion was accepted")
	}
}

// FuzzTextSHA256 feeds the body-text reader arbitrary bytes, alone and as
// word/document.xml of a zip: it must return a checksum or an error.
func FuzzTextSHA256(f *testing.F) {
	f.Add([]byte(`<w:document xmlns:w="` + wordNS + `"><w:body><w:p><w:r><w:t>a</w:t></w:r></w:p></w:body></w:document>`))
	f.Add([]byte("<w:t>unclosed"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = TextSHA256(data)
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, err := zw.Create("word/document.xml")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(data)
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		sum, err := TextSHA256(buf.Bytes())
		if err == nil && len(sum) != 64 {
			t.Fatalf("checksum %q is not 64 hex digits", sum)
		}
	})
}
