package reliability

import (
	"archive/zip"
	"bytes"
	"fmt"

	"github.com/formfill/formfill/internal/fixtures"
)

// withExtraEntries re-zips doc with its entries copied as they are and
// extra appended: what a hostile package adds to a sound document.
func withExtraEntries(doc []byte, extra func(zw *zip.Writer) error) []byte {
	zr, err := zip.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		panic(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			panic(err)
		}
	}
	if err := extra(zw); err != nil {
		panic(err)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func addEntry(zw *zip.Writer, name string, data []byte) error {
	w, err := zw.Create(name)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// duplicateDocumentDocx is the two-column form with a second
// word/document.xml after the first, saying something else: formfill read
// the first, Word reads the last.
func duplicateDocumentDocx() []byte {
	other := fixtures.TwoColumn()
	zr, _ := zip.NewReader(bytes.NewReader(other), int64(len(other)))
	return withExtraEntries(fixtures.TwoColumn(), func(zw *zip.Writer) error {
		for _, f := range zr.File {
			if f.Name == "word/document.xml" {
				rc, err := f.Open()
				if err != nil {
					return err
				}
				defer rc.Close()
				var b bytes.Buffer
				b.ReadFrom(rc)
				return addEntry(zw, f.Name, bytes.Replace(b.Bytes(), []byte("Company legal name"), []byte("Bank account number"), 1))
			}
		}
		return fmt.Errorf("no word/document.xml")
	})
}

// climbingEntryDocx is the two-column form with an entry named ../../x,
// which a rewrite used to copy into its output.
func climbingEntryDocx() []byte {
	return withExtraEntries(fixtures.TwoColumn(), func(zw *zip.Writer) error {
		return addEntry(zw, "../../formfill-escaped", []byte("x"))
	})
}

// absoluteEntryXlsx is the vendor workbook with an entry named /tmp/x.
func absoluteEntryXlsx() []byte {
	return withExtraEntries(fixtures.ExcelVendorAssessment(), func(zw *zip.Writer) error {
		return addEntry(zw, "/tmp/formfill-escaped", []byte("x"))
	})
}

// subExemptionFloodXlsx is the vendor workbook with 500 entries of 1 MiB
// less a byte of zeros each: every entry is under the per-entry ratio
// check's 1 MiB exemption and the total under the 512 MB limit, but the
// 580 KB file inflates to 0.55 GB (issue 38).
func subExemptionFloodXlsx() []byte {
	zeros := make([]byte, (1<<20)-1)
	return withExtraEntries(fixtures.ExcelVendorAssessment(), func(zw *zip.Writer) error {
		for i := range 500 {
			if err := addEntry(zw, fmt.Sprintf("xl/media/pad%d.bin", i), zeros); err != nil {
				return err
			}
		}
		return nil
	})
}
