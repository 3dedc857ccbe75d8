package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseAllowsFlagsAfterArguments(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		min     int
		max     int
		pos     []string
		answers string
		errHas  string
	}{
		{"flags after", []string{"a.docx", "--answers", "a.json"}, 1, 1, []string{"a.docx"}, "a.json", ""},
		{"flags before", []string{"--answers=a.json", "a.docx"}, 1, 1, []string{"a.docx"}, "a.json", ""},
		{"double dash", []string{"--answers", "a.json", "--", "-odd.docx"}, 1, 1, []string{"-odd.docx"}, "a.json", ""},
		{"too many", []string{"a.docx", "b.docx"}, 1, 1, nil, "", `unexpected argument "b.docx"`},
		{"too few", []string{"--answers", "a.json"}, 1, 1, nil, "", "missing argument"},
		{"unknown flag", []string{"a.docx", "--nope"}, 1, 1, nil, "", "not defined: -nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			fs, _ := newFlags(&env{stdout: &out}, spec{name: "x"})
			answers := fs.String("answers", "", "")
			pos, err := parse(fs, tt.args, tt.min, tt.max)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("err = %v, want %q", err, tt.errHas)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(pos, tt.pos) || *answers != tt.answers {
				t.Fatalf("pos %v answers %q err %v", pos, *answers, err)
			}
		})
	}
}

func TestLoadLocationsAndExpected(t *testing.T) {
	dir := t.TempDir()
	locs, err := loadLocations(" T1-R2-C2 , P4,")
	if err != nil || len(locs) != 2 || locs[1].PairID != "P4" {
		t.Fatalf("ID list: %+v %v", locs, err)
	}
	if _, err := loadLocations(" , "); err == nil || !strings.Contains(err.Error(), "names no element ID") {
		t.Fatalf("empty list: %v", err)
	}
	ans := filepath.Join(dir, "a.json")
	os.WriteFile(ans, []byte(`[{"pair_id": "T1-R2-C2", "answer_text": "Acme"}, {"pair_id": "P3", "answer_text": "SKIP"}]`), 0o644)
	exp, err := loadExpected(ans)
	if err != nil || len(exp) != 1 || exp[0].ExpectedText != "Acme" {
		t.Fatalf("answers as expectations (SKIP left out): %+v %v", exp, err)
	}
	e := filepath.Join(dir, "e.json")
	os.WriteFile(e, []byte(`[{"pair_id": "F1", "expected_text": ""}]`), 0o644)
	if exp, err := loadExpected(e); err != nil || len(exp) != 1 || exp[0].PairID != "F1" {
		t.Fatalf("explicit empty expectation: %+v %v", exp, err)
	}
	// The agent's note reaches verify's review list from either kind of file.
	os.WriteFile(ans, []byte(`[{"pair_id": "T1-R2-C2", "answer_text": "Acme", "confidence": "uncertain", "note": "from the 2023 filing"}]`), 0o644)
	if exp, err := loadExpected(ans); err != nil || len(exp) != 1 || exp[0].Note != "from the 2023 filing" {
		t.Fatalf("answers file with a note: %+v %v", exp, err)
	}
	os.WriteFile(e, []byte(`[{"pair_id": "F1", "expected_text": "x", "confidence": "unknown", "note": "guessed"}]`), 0o644)
	if exp, err := loadExpected(e); err != nil || len(exp) != 1 || exp[0].Note != "guessed" {
		t.Fatalf("expectations with a note: %+v %v", exp, err)
	}
	os.WriteFile(e, []byte(`{"pair_id": "F1"}`), 0o644)
	if _, err := loadExpected(e); err == nil || !strings.Contains(err.Error(), "expected a JSON array") {
		t.Fatalf("object instead of array: %v", err)
	}
	os.WriteFile(e, []byte(`[]`), 0o644)
	if _, err := loadAnswers(e); err == nil || !strings.Contains(err.Error(), "the list is empty") {
		t.Fatalf("empty answers: %v", err)
	}
}

// The batch run in-process (embedded default), so the race detector sees
// its goroutines: go test -race -run TestBatchInProcess.
func TestBatchInProcess(t *testing.T) {
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 6)
	var stdout, stderr bytes.Buffer
	e := &env{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}
	// By default the six small documents share one job.
	code := run(t.Context(), []string{"batch", manifest, "--out-dir", filepath.Join(dir, "out"), "--json", "--concurrency", "3"}, e)
	if code != exitOK || !strings.Contains(stdout.String(), `"done": 6`) || !strings.Contains(stdout.String(), `"submitted": 1`) {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
	stdout.Reset()
	code = run(t.Context(), []string{"batch", manifest, "--out-dir", filepath.Join(dir, "single"), "--json", "--group", "1"}, e)
	if code != exitOK || !strings.Contains(stdout.String(), `"done": 6`) || !strings.Contains(stdout.String(), `"submitted": 6`) {
		t.Fatalf("one job per document: exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
}
