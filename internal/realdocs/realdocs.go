// Package realdocs finds the real documents tests read in place, which the
// repository does not hold (several forbid redistribution):
//
//   - the shared forms: $FORMFILL_SHARED_FORMS, else shared/forms beside
//     the checkout (../shared/forms from the repository's root);
//   - the documents fetched for the labelled benchmarks:
//     $FORMFILL_REAL_DOCS, else realdocs beside the checkout, with
//     questionnaires/, agreements/, forms/ and versions/ in it.
//
// A test that needs one and does not find it skips, saying where to put it (CI
// sets both variables, so its clone finds them wherever it is). The fetched
// ones come from public GitHub repositories, recorded in the labels
// (testdata/targets), agreements.json, forms.json and versions.json; the
// fetchdocs command copies them out and checks their checksums.
package realdocs

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Environment variables naming the folders.
const (
	EnvSharedForms = "FORMFILL_SHARED_FORMS"
	EnvRealDocs    = "FORMFILL_REAL_DOCS"
)

// SharedForms is the folder of the shared forms.
func SharedForms() string {
	if d := os.Getenv(EnvSharedForms); d != "" {
		return d
	}
	return filepath.Join(repoRoot(), "..", "shared", "forms")
}

// Dir is the folder of the fetched real documents.
func Dir() string {
	if d := os.Getenv(EnvRealDocs); d != "" {
		return d
	}
	return filepath.Join(repoRoot(), "..", "realdocs")
}

// Shared returns the shared form called name, or skips the test.
func Shared(tb testing.TB, name string) []byte {
	tb.Helper()
	return read(tb, filepath.Join(SharedForms(), name), "set "+EnvSharedForms+" to the folder of the shared forms")
}

// Read returns the fetched document sub/name ("agreements", "nvca-spa.docx"),
// or skips the test.
func Read(tb testing.TB, sub, name string) []byte {
	tb.Helper()
	return read(tb, filepath.Join(Dir(), sub, name), "set "+EnvRealDocs+" to the folder holding questionnaires/ and agreements/")
}

func read(tb testing.TB, path, hint string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Skipf("real document %s not available (%v): %s", path, err, hint)
	}
	return b
}

var (
	rootOnce sync.Once
	root     string
)

// repoRoot is the folder holding go.mod, found from the working directory
// (a test runs in its package's folder); "." when there is none.
func repoRoot() string {
	rootOnce.Do(func() {
		root = "."
		dir, err := os.Getwd()
		if err != nil {
			return
		}
		for {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				root = dir
				return
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return
			}
			dir = parent
		}
	})
	return root
}

// LabelsDir is the folder of the labelled questionnaires' labels, which
// name each document's source.
func LabelsDir() string { return filepath.Join(repoRoot(), "testdata", "targets") }
