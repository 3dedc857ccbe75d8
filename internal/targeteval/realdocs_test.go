package targeteval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all"
	"github.com/formfill/formfill/internal/realdocs"
)

// The goal every labelled document is held to, unless allowed otherwise.
const (
	goalRecall    = 0.95
	goalPrecision = 0.90
)

// labelsDir holds the labels, relative to this package.
var labelsDir = filepath.Join("..", "..", "testdata", "targets")

// docDirs are where the labelled documents are looked for: the real
// questionnaires (internal/realdocs: the folder and its questionnaires
// folder) and the shared forms.
func docDirs() []string {
	root := realdocs.Dir()
	return []string{root, filepath.Join(root, "questionnaires"), realdocs.SharedForms()}
}

// labelled is one labels file with its document read.
type labelled struct {
	Labels
	ft   formats.FileType
	data []byte
}

// labelledDocs returns every labelled document found; absent ones are
// logged and left out, and the test is skipped when none is present.
func labelledDocs(t *testing.T) []labelled {
	t.Helper()
	all, err := LoadLabels(labelsDir)
	if err != nil {
		t.Fatal(err)
	}
	var out []labelled
	var absent []string
	for _, l := range all {
		path := Find(l.Document, docDirs())
		if path == "" {
			absent = append(absent, l.Document)
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.CheckSum(data); err != nil {
			t.Error(err)
			continue
		}
		ft, err := TypeOf(l.Document)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, labelled{Labels: l, ft: ft, data: data})
	}
	if len(absent) > 0 {
		t.Logf("%d labelled documents not found in %s (set FORMFILL_REAL_DOCS): %s", len(absent), strings.Join(docDirs(), ", "), strings.Join(absent, ", "))
	}
	if len(out) == 0 {
		t.Skipf("none of the %d labelled documents is present in %s: skipping", len(all), strings.Join(docDirs(), ", "))
	}
	return out
}

// labelKeys are the document's labels in the form Keys gives.
func (l labelled) labelKeys() []string {
	if l.ft != formats.Excel {
		return l.Targets
	}
	out := make([]string, len(l.Targets))
	for i, k := range l.Targets {
		out[i] = NormalizeCell(k)
	}
	return out
}

// TestTargetsMatchLabels measures the answer targets of
// extract_structure_compact against the hand-made labels of real
// documents, prints recall and precision per document, and fails a
// document below the goal unless allowances.json lists it (then it fails
// only below the figures recorded there).
func TestTargetsMatchLabels(t *testing.T) {
	docs := labelledDocs(t)
	allow, err := LoadAllowances(labelsDir)
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-50s %8s %6s %7s %9s\n", "document", "labelled", "found", "recall", "precision")
	for _, d := range docs {
		e, err := formats.Lookup(d.ft)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := e.ExtractCompact(d.data)
		if err != nil {
			t.Errorf("%s: %v", d.Document, err)
			continue
		}
		s := Compare(d.labelKeys(), Keys(d.ft, cs))
		fmt.Fprintf(&table, "%-50s %8d %6d %7.2f %9.2f\n", d.Document, s.Labelled, s.Found, s.Recall(), s.Precision())
		if os.Getenv("FORMFILL_TARGETS_DETAIL") != "" {
			t.Logf("%s missed %d: %s", d.Document, len(s.Missed), head(s.Missed, 40))
			t.Logf("%s extra %d: %s", d.Document, len(s.Extra), head(s.Extra, 40))
		}
		wantR, wantP := goalRecall, goalPrecision
		if a, ok := allow[d.Document]; ok {
			wantR, wantP = min(wantR, a.Recall), min(wantP, a.Precision)
		}
		if s.Recall() < wantR-1e-9 || s.Precision() < wantP-1e-9 {
			t.Errorf("%s: recall %.3f (want ≥ %.2f), precision %.3f (want ≥ %.2f); missed e.g. %s; extra e.g. %s",
				d.Document, s.Recall(), wantR, s.Precision(), wantP, head(s.Missed, 8), head(s.Extra, 8))
		}
	}
	t.Log(table.String())
}

func head(keys []string, n int) string {
	if len(keys) > n {
		return strings.Join(keys[:n], ", ") + fmt.Sprintf(" … (%d more)", len(keys)-n)
	}
	return strings.Join(keys, ", ")
}
