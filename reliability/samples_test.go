package reliability

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

var update = flag.Bool("update", false, "rewrite testdata/hostile from the builders")

// hostileSamples are the small hostile inputs committed under
// testdata/hostile, for people and other tools (the CLI, fuzzers' seeds) to
// try; the large ones are only ever built at test time.
var hostileSamples = []struct {
	file    string
	ft      formats.FileType
	build   func() []byte
	mayPass bool
}{
	{"wrong_magic.docx", formats.Word, fixtures.WrongMagic, false},
	{"truncated.docx", formats.Word, fixtures.Truncated, false},
	{"missing_document.docx", formats.Word, fixtures.MissingDocument, false},
	{"malformed_document.docx", formats.Word, fixtures.MalformedXML, false},
	{"billion_laughs.docx", formats.Word, fixtures.BillionLaughs, false},
	{"external_entity.docx", formats.Word, fixtures.ExternalEntity, false},
	{"lying_zip_bomb.docx", formats.Word, func() []byte {
		return fixtures.ZipBomb(fixtures.WithInflatedSize(64<<20), fixtures.WithDeclaredSize(1<<10))
	}, false},
	{"malformed_sheet.xlsx", formats.Excel, fixtures.MalformedSheet, false},
	{"billion_laughs.xlsx", formats.Excel, fixtures.BillionLaughsSheet, false},
	{"external_entity.xlsx", formats.Excel, fixtures.ExternalEntitySheet, false},
	{"duplicate_document.docx", formats.Word, duplicateDocumentDocx, false},
	{"climbing_entry.docx", formats.Word, climbingEntryDocx, false},
	{"absolute_entry.xlsx", formats.Excel, absoluteEntryXlsx, false},
	{"broken_xref.pdf", formats.PDF, brokenXrefPDF, true},
	{"circular_pages.pdf", formats.PDF, circularPagesPDF, false},
	{"billion_pages.pdf", formats.PDF, billionPagesPDF, false},
	{"circular_fields.pdf", formats.PDF, circularFieldsPDF, true},
}

func hostileDir() string { return filepath.Join("..", "testdata", "hostile") }

// TestCommittedHostileSamples checks each committed sample against its
// builder (go test ./reliability -run CommittedHostile -update rewrites
// them) and runs it through every tool like the matrix does.
func TestCommittedHostileSamples(t *testing.T) {
	for _, s := range hostileSamples {
		t.Run(s.file, func(t *testing.T) {
			path := filepath.Join(hostileDir(), s.file)
			built := s.build()
			if *update {
				if err := os.WriteFile(path, built, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(data, built) {
				t.Errorf("%s differs from its builder: rerun with -update and commit", path)
			}
			e, err := formats.Lookup(s.ft)
			if err != nil {
				t.Fatal(err)
			}
			c := hostileCase{name: s.file, ft: s.ft, mayPass: s.mayPass}
			for _, tl := range tools {
				checkOutcome(t, c, tl.name, bounded(func() error { return tl.call(e, data) }))
			}
		})
	}
}

// TestHostileInputsAreAccountedFor keeps testdata/hostile and its README
// honest: every file there is a sample checked above, and the README names
// every sample and every case of the matrix, so that a reader can tell
// which inputs are committed and which are generated, and by what.
func TestHostileInputsAreAccountedFor(t *testing.T) {
	entries, err := os.ReadDir(hostileDir())
	if err != nil {
		t.Fatal(err)
	}
	samples := map[string]bool{}
	for _, s := range hostileSamples {
		samples[s.file] = true
	}
	for _, e := range entries {
		if e.Name() != "README.md" && !samples[e.Name()] {
			t.Errorf("testdata/hostile/%s is no sample of hostileSamples: add its builder there, or remove it", e.Name())
		}
	}
	readme, err := os.ReadFile(filepath.Join(hostileDir(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range hostileSamples {
		if !bytes.Contains(readme, []byte("`"+s.file+"`")) {
			t.Errorf("testdata/hostile/README.md does not list the sample `%s`", s.file)
		}
	}
	for _, c := range hostileCases() {
		if !bytes.Contains(readme, []byte("`"+c.name+"`")) {
			t.Errorf("testdata/hostile/README.md does not list the case `%s` (committed or generated, and by what)", c.name)
		}
	}
}
