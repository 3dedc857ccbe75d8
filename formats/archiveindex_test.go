package formats

import (
	"fmt"
	"testing"
)

// File finds every entry by its exact name, in the archive and in a copy
// made for another goroutine, and nothing for a name that differs only in
// case or is absent.
func TestArchiveFileFindsEntriesByExactName(t *testing.T) {
	a, err := OpenArchive(makeZip(t, entry{"[Content_Types].xml", []byte("<t/>"), false}, entry{"xl/workbook.xml", []byte("<w/>"), false}, entry{"xl/worksheets/sheet1.xml", []byte("<s/>"), true}), DefaultArchiveLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		found bool
	}{
		{"[Content_Types].xml", true},
		{"xl/workbook.xml", true},
		{"xl/worksheets/sheet1.xml", true},
		{"xl/Workbook.xml", false},
		{"xl/styles.xml", false},
		{"", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, arch := range []*Archive{a, a.WithStopper(nil)} {
				f := arch.File(tc.name)
				if (f != nil) != tc.found || f != nil && f.Name != tc.name {
					t.Fatalf("File(%q) = %v; want found %v", tc.name, f, tc.found)
				}
			}
		})
	}
}

// BenchmarkArchiveFile looks up every entry of a 600-entry archive (a
// large workbook's count of sheets, rels, drawings and comments) once.
func BenchmarkArchiveFile(b *testing.B) {
	var entries []entry
	for i := range 600 {
		entries = append(entries, entry{fmt.Sprintf("xl/worksheets/sheet%d.xml", i), []byte("<s/>"), true})
	}
	a, err := OpenArchive(makeZip(b, entries...), DefaultArchiveLimits)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		for _, e := range entries {
			if a.File(e.name) == nil {
				b.Fatal("missing", e.name)
			}
		}
	}
}
