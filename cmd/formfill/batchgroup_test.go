package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/readers"
)

// --group puts several documents in one job; each document still gets its
// own output, its own outcome and its own line in the state file, so a
// failure in a group names only its document and a rerun redoes nothing.
func TestBatchGroupFillsEachDocumentAndResumes(t *testing.T) {
	env := redisEnv(t, 13)
	startWorker(t, env, "--concurrency", "2")
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 8)
	f, err := os.OpenFile(manifest, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 { // documents 9-12, one group of their own: every one fails
		corrupt := filepath.Join(dir, fmt.Sprintf("broken%d.docx", i))
		writeFile(t, corrupt, []byte(fmt.Sprintf("PK\x03\x04 not really a zip %d", i)))
		fmt.Fprintf(f, `{"file": %q, "answers": [{"pair_id": "T1-R2-C2", "answer_text": "x"}]}`+"\n", corrupt)
	}
	f.Close()
	out := filepath.Join(dir, "out")

	s, r := runBatchJSON(t, env, manifest, "--out-dir", out, "--group", "4", "--concurrency", "2")
	if r.code != exitFailure || s.Done != 8 || s.Failed != 4 || s.Submitted != 3 {
		t.Fatalf("grouped run: exit %d, want 1 with 8 done, 4 failed, 3 jobs for 12 documents: %+v\n%s", r.code, s, r.stderr)
	}
	if f := s.Failures[0]; !strings.HasSuffix(f.File, "broken0.docx") || !strings.Contains(f.Error, "invalid_document") {
		t.Fatalf("failure: %+v", f)
	}
	failedJob := s.Failures[0].JobID
	if a, b := s.Documents[0].JobID, s.Documents[3].JobID; a == "" || a != b || a == s.Documents[4].JobID {
		t.Fatalf("documents 1-4 should share a job and 5 have another: %q %q %q", a, b, s.Documents[4].JobID)
	}
	for i, d := range s.Documents[:8] {
		data, err := os.ReadFile(d.Output)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("Answer number %d", i)
		var got string
		switch filepath.Ext(d.Output) {
		case ".docx":
			got = readers.DocxText(t, data)
		case ".pdf":
			got = readers.PDFText(t, data) + fmt.Sprint(readers.PDFFields(t, data))
		case ".xlsx":
			got = fmt.Sprint(readers.XLSXCells(t, data))
		}
		if !strings.Contains(got, want) {
			t.Fatalf("%s: an independent reader does not find %q in:\n%s", d.Output, want, got)
		}
	}

	// The group's job is an ordinary job to the job commands: its result
	// lists one entry per document.
	r = cli(t, env, "result", s.Documents[0].JobID, "--json")
	var res struct {
		Group []struct {
			OutputDocID string `json:"output_doc_id"`
		} `json:"group"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Group) != 4 || res.Group[3].OutputDocID == "" {
		t.Fatalf("result --json of a group: %v\n%s", err, r.stdout)
	}
	r = cli(t, env, "result", s.Documents[0].JobID, "-o", filepath.Join(dir, "one.docx"))
	if r.code != exitFailure || !strings.Contains(r.stderr, "one output per document") {
		t.Fatalf("result -o of a group: exit %d\n%s", r.code, r.stderr)
	}

	// The rerun meets the same four failed documents: their group job
	// completed, but they are run again, as failed single jobs are.
	s, r = runBatchJSON(t, env, manifest, "--out-dir", out, "--group", "4")
	if s.Skipped != 8 || s.Failed != 4 || s.Submitted != 1 {
		t.Fatalf("rerun: exit %d, want 8 skipped and the 4 broken documents submitted again: %+v", r.code, s)
	}
	if again := s.Failures[0].JobID; again == "" || again == failedJob {
		t.Fatalf("the rerun collected the failed group job %s instead of running the documents again", failedJob)
	}
}
