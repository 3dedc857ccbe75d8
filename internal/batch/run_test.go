package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
)

func TestWorkKeyDependsOnDocumentAndAnswers(t *testing.T) {
	a := []formats.Answer{{PairID: "P1", AnswerText: "x"}}
	b := []formats.Answer{{PairID: "P1", AnswerText: "y"}}
	k1, _ := workKey([]byte("doc"), a, nil)
	k2, _ := workKey([]byte("doc"), a, nil)
	k3, _ := workKey([]byte("doc"), b, nil)
	k4, _ := workKey([]byte("doc2"), a, nil)
	if k1 != k2 || k1 == k3 || k1 == k4 {
		t.Fatalf("keys: %s %s %s %s", k1, k2, k3, k4)
	}
}

func TestRunsOfGroupsSmallDocumentsOnly(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.docx")
	large := filepath.Join(dir, "large.docx")
	writeTestFile(t, small, []byte("small"))
	writeTestFile(t, large, make([]byte, groupLimit))
	names := []string{small, small, large, small, small, small, filepath.Join(dir, "missing.docx"), small}
	items := make([]*Item, len(names))
	for i, n := range names {
		items[i] = &Item{N: i + 1, File: n}
	}
	tests := []struct {
		group int
		want  string
	}{
		{1, "[[0] [1] [2] [3] [4] [5] [6] [7]]"},
		{2, "[[0 1] [2] [3 4] [5] [6] [7]]"},
		{16, "[[0 1] [2] [3 4 5] [6] [7]]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(runsOf(items, tt.group)); got != tt.want {
			t.Errorf("runsOf(group %d) = %s, want %s (large and missing documents alone)", tt.group, got, tt.want)
		}
	}
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
