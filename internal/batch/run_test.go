package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
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

// TestFillOfSharesTheBatchOptions checks what a batch's write options make
// of each document, worked out once per batch, is what working it out per
// document gave: the payload carries the options (none when they are the
// zero value, DryRun aside as before) and the work key adds them only when
// a review option is set, so keys of earlier runs stay valid.
func TestFillOfSharesTheBatchOptions(t *testing.T) {
	answers := []formats.Answer{{PairID: "P1", AnswerText: "x"}}
	docs := [][]byte{[]byte("doc one"), []byte("doc two")}
	for _, tt := range []struct {
		name         string
		write        formats.WriteOptions
		wantWrite    bool // the payload carries Write options
		keyUnchanged bool // the key is the one without options
	}{
		{"no options", formats.WriteOptions{}, false, true},
		{"dry run only", formats.WriteOptions{DryRun: true}, true, true},
		{"track changes", formats.WriteOptions{TrackChanges: true, Author: "A"}, true, false},
		{"flatten", formats.WriteOptions{Flatten: true}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRunner(Options{Write: tt.write}, nil)
			var first *formats.WriteOptions
			for i, data := range docs {
				p, key, err := r.fillOf(data, formats.Word, answers)
				if err != nil {
					t.Fatal(err)
				}
				if p.Kind != jobs.KindFill || p.FileType != formats.Word || len(p.Answers) != 1 {
					t.Errorf("doc %d: payload %+v", i, p)
				}
				if got := p.Write != nil; got != tt.wantWrite {
					t.Fatalf("doc %d: payload has Write = %v, want %v", i, got, tt.wantWrite)
				}
				if p.Write != nil && *p.Write != tt.write {
					t.Errorf("doc %d: payload Write %+v, want %+v", i, *p.Write, tt.write)
				}
				if i == 0 {
					first = p.Write
				} else if p.Write != first {
					t.Errorf("doc %d: the options were copied again, not shared", i)
				}
				bare, _ := workKey(data, answers, nil)
				if (key == bare) != tt.keyUnchanged {
					t.Errorf("doc %d: key %s; without options %s; want equal = %v", i, key, bare, tt.keyUnchanged)
				}
				if other, _ := workKey(docs[1-i], answers, r.optionsKey); key == other {
					t.Errorf("doc %d: the key does not depend on the document", i)
				}
			}
		})
	}
}
