package formfill

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestReadmeListsEveryPackage keeps the README's package table whole: each
// folder holding a non-test Go file must appear in it, as `dir` or `dir/`.
func TestReadmeListsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	listed := string(readme)
	dirs := map[string]bool{}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dirs[filepath.ToSlash(filepath.Dir(path))] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	delete(dirs, ".") // the root package is the table's first row, "."
	if len(dirs) < 20 {
		t.Fatalf("found only %d packages: the walk is broken", len(dirs))
	}
	var missing []string
	for dir := range dirs {
		if !strings.Contains(listed, "`"+dir+"`") && !strings.Contains(listed, "`"+dir+"/`") {
			missing = append(missing, dir)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("README.md's package table does not list %s", strings.Join(missing, ", "))
	}
}
