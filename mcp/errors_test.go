package mcp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// errorCase is a bad call and the words its error must contain.
type errorCase struct {
	Name    string         `json:"name"`
	Tool    string         `json:"tool"`
	Args    map[string]any `json:"args"`
	WantAll []string       `json:"want"`
}

// errorRoot makes a root for errorCases: the fixtures, a text file, and a
// symlink to a PDF outside the root; outside is that outside directory.
func errorRoot(t *testing.T) (root, outside string) {
	t.Helper()
	root, outside = workdir(t), t.TempDir()
	mustDo(t, os.WriteFile(filepath.Join(outside, "secret.pdf"), []byte("%PDF-1.7"), 0o644))
	mustDo(t, os.Symlink(filepath.Join(outside, "secret.pdf"), filepath.Join(root, "link.pdf")))
	mustDo(t, os.WriteFile(filepath.Join(root, "notes.txt"), []byte("hello"), 0o644))
	return root, outside
}

// errorCases are the bad calls every client must get a readable tool error
// for, in errorRoot.
func errorCases(outside string) []errorCase {
	answers := []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "x"}}
	return []errorCase{
		{"no document", ToolExtractCompact, map[string]any{}, []string{"file_path", "doc_id"}},
		{"dotdot escape", ToolExtractCompact, map[string]any{"file_path": "../secret.pdf"}, []string{"file_path", "outside the allowed roots"}},
		{"absolute escape", ToolExtractText, map[string]any{"file_path": filepath.Join(outside, "secret.pdf")}, []string{"outside the allowed roots"}},
		{"symlink escape", ToolListFields, map[string]any{"file_path": "link.pdf"}, []string{"outside the allowed roots"}},
		{"output escape", ToolWrite, map[string]any{"file_path": "two_column.docx", "answers": answers, "output_file_path": "../out.docx"}, []string{"output_file_path", "outside"}},
		{"answers file escape", ToolWrite, map[string]any{"file_path": "two_column.docx", "answers_file_path": "/etc/passwd"}, []string{"answers_file_path", "outside"}},
		{"missing file", ToolExtractText, map[string]any{"file_path": "nope.pdf"}, []string{"does not exist"}},
		{"unknown type", ToolExtractText, map[string]any{"file_path": "notes.txt"}, []string{"file_type", "word"}},
		{"b64 without type", ToolExtractText, map[string]any{"file_bytes_b64": "JVBERi0="}, []string{"file_type", "required"}},
		{"expired doc_id", ToolExtractText, map[string]any{"doc_id": strings.Repeat("ab", 32)}, []string{"doc_id", "send the document again"}},
		{"misspelt argument", ToolExtractText, map[string]any{"filepath": "form.pdf"}, []string{`"filepath"`, "file_path"}},
		{"wrong type", ToolValidate, map[string]any{"file_path": "form.pdf", "locations": "F1"}, []string{"locations", "array"}},
		{"no answers", ToolWrite, map[string]any{"file_path": "form.pdf"}, []string{"answers", "required"}},
		{"answers twice", ToolWrite, map[string]any{"file_path": "two_column.docx", "answers": answers, "answers_file_path": "answers.json"}, []string{"answers_file_path", "not both"}},
		{"answer without target", ToolWrite, map[string]any{"file_path": "form.pdf", "answers": []map[string]any{{"answer_text": "x"}}}, []string{"answers[0].pair_id"}},
		{"bad answer_type", ToolBuildInsertion, map[string]any{"answer_text": "x", "target_context_xml": "<w:p/>", "answer_type": "html"}, []string{"answer_type", "plain_text"}},
		{"wait too long", ToolExtractText, map[string]any{"file_path": "form.pdf", "wait_seconds": 9999}, []string{"wait_seconds"}},
		{"unknown element id", ToolWrite, map[string]any{"file_path": "two_column.docx", "answers": []map[string]any{{"pair_id": "T9-R9-C9", "answer_text": "x"}}}, []string{"T9-R9-C9"}},
		{"unknown job", ToolGetJob, map[string]any{"job_id": "interactive:none"}, []string{"job_id", "list_jobs"}},
		{"get_job without id", ToolGetJob, map[string]any{}, []string{"job_id", "required"}},
		{"job_id as a number", ToolGetJob, map[string]any{"job_id": 42}, []string{"job_id", "expected a string, got a JSON number"}},
		{"wait_seconds as a string", ToolGetJob, map[string]any{"job_id": "i-x", "wait_seconds": "soon"}, []string{"wait_seconds", "expected a number, got a JSON string"}},
		{"cancel unknown job", ToolCancelJob, map[string]any{"job_id": "i-none"}, []string{"job_id", "not found"}},
		{"limit out of range", ToolListJobs, map[string]any{"limit": 0}, []string{"limit", "between 1 and 200"}},
		{"limit not a whole number", ToolListJobs, map[string]any{"limit": 2.5}, []string{"limit", "expected a whole number"}},
		{"list_jobs misspelt argument", ToolListJobs, map[string]any{"max": 3}, []string{`"max"`, "limit"}},
	}
}

// Bad calls come back as tool errors naming the field and the fix, never
// as protocol errors or panics, and never in Go's words.
func TestToolErrorsTellHowToFix(t *testing.T) {
	root, outside := errorRoot(t)
	s := newTestServer(t, newMemStore(), root)
	c := inProcessClient(t, s)
	for _, tc := range errorCases(outside) {
		t.Run(tc.Name, func(t *testing.T) {
			res := call(t, c, tc.Tool, tc.Args)
			text := textOf(res)
			if !res.IsError {
				t.Fatalf("%s(%v) succeeded: %s", tc.Tool, tc.Args, text)
			}
			for _, w := range tc.WantAll {
				if !strings.Contains(text, w) {
					t.Errorf("error %q lacks %q", text, w)
				}
			}
			if !strings.Contains(text, "How to fix") {
				t.Errorf("error %q gives no fix", text)
			}
			if strings.Contains(text, "Go struct") || strings.Contains(text, "unmarshal") {
				t.Errorf("error %q speaks of Go internals", text)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(root), "out.docx")); err == nil {
		t.Fatal("an escaping output_file_path was written")
	}
}

// A long answer list can come from a file inside the roots.
func TestAnswersFilePath(t *testing.T) {
	root := workdir(t)
	os.WriteFile(filepath.Join(root, "answers.json"), []byte(`{"answers": [{"pair_id": "F1", "answer_text": "Ada Lovelace"}]}`), 0o644)
	s := newTestServer(t, newMemStore(), root)
	c := inProcessClient(t, s)
	out := mustOK(t, c, ToolWrite, map[string]any{"file_path": "form.pdf", "answers_file_path": "answers.json", "dry_run": true})
	if !strings.Contains(textOf(call(t, c, ToolGetJob, map[string]any{"job_id": out.JobID})), "Ada Lovelace") {
		t.Fatalf("dry run does not show the answer from the file: %+v", out)
	}
	if out.FileBytesB64 != "" || out.OutputDocID != "" {
		t.Fatalf("a dry run returned a document: %+v", out)
	}
}
