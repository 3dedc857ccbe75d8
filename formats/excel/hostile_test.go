package excel

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/cputest"
	"github.com/formfill/formfill/internal/fixtures"
)

// docxBytes is a minimal Word package: a zip, but not a workbook.
func docxBytes(t *testing.T) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("word/document.xml")
	w.Write([]byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withPart returns the fixture with one entry's content replaced.
func withPart(t *testing.T, name, content string) []byte {
	return rezip(t, unzip(t, fixture(t)), name, []byte(content))
}

// hostileCase is one hostile input and the input error every tool must
// give for it.
type hostileCase struct {
	name   string
	build  func(t *testing.T) []byte
	kind   error  // nil: any input error
	errHas string // the error contains it
	part   string // when set, the error names it and each call is quick and small
}

func TestHostileInputsGetTypedErrors(t *testing.T) {
	doc := fixture(t)
	tests := []hostileCase{
		{"empty", func(*testing.T) []byte { return nil }, formats.ErrInvalidDocument, "empty", ""},
		{"not a zip", func(*testing.T) []byte { return []byte("ID,Question\n1,Why?\n") }, formats.ErrInvalidDocument, "zip archive", ""},
		{"truncated zip", func(*testing.T) []byte { return doc[:len(doc)/2] }, formats.ErrInvalidDocument, "zip", ""},
		{"corrupt bytes inside", func(*testing.T) []byte {
			d := bytes.Clone(doc)
			for i := 200; i < len(d)-200; i += 97 {
				d[i] ^= 0x5a
			}
			return d
		}, nil, "", ""}, // a damaged header may read as a zip bomb: any input error will do
		{"a docx", docxBytes, formats.ErrInvalidDocument, "Word document", ""},
		{"encrypted or legacy xls", func(*testing.T) []byte {
			return append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 512)...)
		}, formats.ErrUnsupported, "encrypted", ""},
		{"zip bomb", func(*testing.T) []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"))
		}, formats.ErrTooLarge, "zip bomb", ""},
		{"lying zip bomb", func(*testing.T) []byte {
			return fixtures.ZipBomb(fixtures.WithEntry("xl/worksheets/sheet1.xml"), fixtures.WithInflatedSize(64<<20), fixtures.WithDeclaredSize(1<<10))
		}, nil, "", ""},
		{"workbook whose sheet lies about its size", lyingSheet, nil, "", ""},
		{"malformed sheet XML", func(t *testing.T) []byte {
			return withPart(t, "xl/worksheets/sheet1.xml", "<worksheet><sheetData><row r=\"1\"><c r=\"A1\"")
		}, formats.ErrInvalidDocument, "", ""},
		{"a row past Excel's last", func(t *testing.T) []byte {
			return withPart(t, "xl/worksheets/sheet1.xml", `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`+
				`<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="1048577"><c r="A1048577"><v>1</v></c></row></sheetData></worksheet>`)
		}, formats.ErrInvalidDocument, "row 1048577 is past Excel's last row", "xl/worksheets/sheet1.xml"},
	}
	tests = append(tests, hostileXMLCases()...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.build(t)
			var total time.Duration
			for name, call := range everyTool(data) {
				err, took, alloc := measure(call)
				total += took
				if err == nil || (tt.kind == nil && !formats.IsInputError(err)) || (tt.kind != nil && !errors.Is(err, tt.kind)) || !strings.Contains(err.Error(), tt.errHas) {
					t.Errorf("%s: error = %v; want kind %v containing %q", name, err, tt.kind, tt.errHas)
					continue
				}
				if tt.part == "" {
					continue
				}
				if !strings.Contains(err.Error(), tt.part) {
					t.Errorf("%s: error = %v; want it to name the part %s", name, err, tt.part)
				}
				if took > 2*time.Second || alloc > 256<<20 {
					t.Errorf("%s: took %v of CPU and allocated %d MiB refusing it; want under 2 s and 256 MiB", name, took, alloc>>20)
				}
			}
			if total > 5*time.Second {
				t.Errorf("every tool together took %v of CPU", total)
			}
		})
	}
}

// everyTool calls each tool of the engine that reads a document on data.
func everyTool(data []byte) map[string]func() error {
	answers := []formats.Answer{{PairID: "S1-R3-C4", AnswerText: "x"}}
	return map[string]func() error{
		"compact":  func() error { _, err := New().ExtractCompact(data); return err },
		"raw":      func() error { _, err := New().ExtractRaw(data); return err },
		"text":     func() error { _, err := New().ExtractText(data); return err },
		"validate": func() error { _, err := New().Validate(data, []formats.Location{{PairID: "S1-R3-C4"}}); return err },
		"write":    func() error { _, err := New().Write(data, answers, formats.WriteOptions{}); return err },
		"fields":   func() error { _, err := New().ListFields(data); return err },
		"verify": func() error {
			_, err := New().Verify(data, []formats.ExpectedAnswer{{PairID: "S1-R3-C4", ExpectedText: "x"}})
			return err
		},
		"fill": func() error { _, _, err := New().Fill(data, answers, formats.WriteOptions{}); return err },
	}
}

// measure runs call, turning a panic into an error (a plain one, which the
// test then reports as untyped), and returns the CPU it took (cputest.Of:
// a loaded machine does not stretch it) and how many bytes it allocated.
func measure(call func() error) (err error, took time.Duration, alloc uint64) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	took = cputest.Of(func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		err = call()
	})
	runtime.ReadMemStats(&after)
	return err, took, after.TotalAlloc - before.TotalAlloc
}

// hostileXMLCases puts each kind of hostile XML into several parts of the
// fixture: a worksheet, the shared strings and the workbook itself.
func hostileXMLCases() []hostileCase {
	const laughs = `<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
		`<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">` +
		`<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">` +
		`<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">` +
		`<!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">` +
		`<!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">` +
		`<!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">` +
		`<!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">` +
		`<!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">]>`
	const nested = 100000
	kinds := []struct {
		name, errHas string
		prolog       string // inserted after the XML declaration
		inner        string // inserted inside the part's first container element
	}{
		{"billion laughs", "DTD", laughs, "&lol9;"},
		{"external entity", "DTD", `<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`, "&xxe;"},
		{"unclosed tag", "malformed", "", "<unclosed>"},
		{"100,000 nested elements", "nest", "", strings.Repeat("<c>", nested) + strings.Repeat("</c>", nested)},
	}
	parts := []struct{ name, container string }{
		{"xl/worksheets/sheet1.xml", "<row "},
		{"xl/sharedStrings.xml", "<si>"},
		{"xl/workbook.xml", "<sheets>"},
		{"xl/styles.xml", "<fonts "},
		{"xl/_rels/workbook.xml.rels", "<Relationships "},
	}
	var out []hostileCase
	for _, p := range parts {
		for _, k := range kinds {
			out = append(out, hostileCase{k.name + " in " + p.name, func(t *testing.T) []byte {
				orig := string(zipEntry(t, fixture(t), p.name))
				return withPart(t, p.name, injectXML(t, orig, p.container, k.prolog, k.inner))
			}, formats.ErrInvalidDocument, k.errHas, p.name})
		}
	}
	return out
}

// injectXML puts prolog after the XML declaration of orig and inner just
// inside the first element starting with container.
func injectXML(t *testing.T, orig, container, prolog, inner string) string {
	decl := strings.Index(orig, "?>")
	open := strings.Index(orig, container)
	if decl < 0 || open < 0 {
		t.Fatalf("no XML declaration or no %q in the part", container)
	}
	end := open + strings.Index(orig[open:], ">") + 1
	return orig[:decl+2] + prolog + orig[decl+2:end] + inner + orig[end:]
}

// lyingSheet is the fixture with sheet1.xml padded to 8 MiB of spaces
// while its headers declare 2 KiB: a guard that trusted headers would let
// the readers inflate it.
func lyingSheet(t *testing.T) []byte {
	src := fixture(t)
	zr, _ := zip.NewReader(bytes.NewReader(src), int64(len(src)))
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if f.Name != "xl/worksheets/sheet1.xml" {
			if err := zw.Copy(f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		body := append([]byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/>`), bytes.Repeat([]byte(" "), 8<<20)...)
		body = append(body, "</worksheet>"...)
		var comp bytes.Buffer
		fw, _ := flate.NewWriter(&comp, flate.BestCompression)
		fw.Write(body)
		fw.Close()
		w, err := zw.CreateRaw(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(body),
			CompressedSize64: uint64(comp.Len()), UncompressedSize64: 2 << 10})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(comp.Bytes())
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
