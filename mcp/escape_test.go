package mcp

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/jobs"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The tests in this file call the tools as a client does and check that no
// argument naming a file reaches outside the roots: not through a symlinked
// file, a symlinked directory, an absolute path or "..".
// internal/safefile's roots_test.go checks Roots alone; these check that
// every tool actually goes through it.

// escapeTree is a root holding the fixtures and a directory outside it
// holding the same files, so that any escape that is not refused succeeds
// visibly (the outside files are valid inputs).
type escapeTree struct {
	root, outside string
}

const (
	answersFile = "answers.json"
	victimFile  = "victim.docx" // an existing file an output escape would overwrite
)

// newEscapeTree builds root (see workdir) and outside, and plants in root:
//
//	ext-<f>  -> outside/<f>, for the document, the answers and the victim
//	hop-<f>  -> ext-<f> (a link to a link that escapes)
//	int-<f>  -> root/<f> (a link that stays inside: must work)
//	ext-dir  -> outside (absolute directory link)
//	sub/esc  -> ../../…/outside (relative directory link)
//	ext-new.docx -> outside/new.docx (dangling: writing it would create a file outside)
func newEscapeTree(t *testing.T) escapeTree {
	t.Helper()
	e := escapeTree{root: workdir(t), outside: filepath.Join(t.TempDir(), "outside")}
	answers := []byte(`{"answers": [{"pair_id": "T1-R2-C2", "answer_text": "Ada Lovelace"}]}`)
	doc, err := os.ReadFile(filepath.Join(e.root, "two_column.docx"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{e.outside, filepath.Join(e.root, "sub")} {
		mustDo(t, os.MkdirAll(d, 0o755))
	}
	for _, dir := range []string{e.root, e.outside} {
		mustDo(t, os.WriteFile(filepath.Join(dir, "two_column.docx"), doc, 0o644))
		mustDo(t, os.WriteFile(filepath.Join(dir, answersFile), answers, 0o644))
		mustDo(t, os.WriteFile(filepath.Join(dir, victimFile), []byte("victim: must stay as it is"), 0o644))
	}
	for _, f := range []string{"two_column.docx", answersFile, victimFile} {
		mustDo(t, os.Symlink(filepath.Join(e.outside, f), filepath.Join(e.root, "ext-"+f)))
		mustDo(t, os.Symlink("ext-"+f, filepath.Join(e.root, "hop-"+f)))
		mustDo(t, os.Symlink(filepath.Join(e.root, f), filepath.Join(e.root, "int-"+f)))
	}
	rel, err := filepath.Rel(filepath.Join(e.root, "sub"), e.outside)
	mustDo(t, err)
	mustDo(t, os.Symlink(e.outside, filepath.Join(e.root, "ext-dir")))
	mustDo(t, os.Symlink(rel, filepath.Join(e.root, "sub", "esc")))
	mustDo(t, os.Symlink(filepath.Join(e.outside, "new.docx"), filepath.Join(e.root, "ext-new.docx")))
	return e
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// dotdot names outside/f from the root with "..".
func (e escapeTree) dotdot(t *testing.T, f string) string {
	t.Helper()
	rel, err := filepath.Rel(e.root, filepath.Join(e.outside, f))
	mustDo(t, err)
	if !strings.HasPrefix(rel, "..") {
		t.Fatalf("%s is not reached with ..", rel)
	}
	return rel
}

// escapes are the ways to name outside/f from the root, each to be refused.
func (e escapeTree) escapes(t *testing.T, f string) map[string]string {
	return map[string]string{
		"symlink to outside file":        "ext-" + f,
		"symlink to escaping symlink":    "hop-" + f,
		"through symlinked dir":          "ext-dir/" + f,
		"through relative symlinked dir": "sub/esc/" + f,
		"absolute through symlinked dir": filepath.Join(e.root, "ext-dir", f),
		"absolute outside":               filepath.Join(e.outside, f),
		"dotdot":                         e.dotdot(t, f),
		"dotdot from a subdir":           "sub/../" + e.dotdot(t, f),
	}
}

// snapshot records every entry under dir with its mode and content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data := ""
		if info.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			data = string(b)
		}
		snap[p] = info.Mode().String() + " " + data
		return nil
	})
	mustDo(t, err)
	return snap
}

func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	var diffs []string
	for p, v := range after {
		if w, ok := before[p]; !ok {
			diffs = append(diffs, "created "+p)
		} else if w != v {
			diffs = append(diffs, "changed "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			diffs = append(diffs, "removed "+p)
		}
	}
	sort.Strings(diffs)
	if len(diffs) > 0 {
		t.Fatalf("the directory outside the root was modified: %s", strings.Join(diffs, "; "))
	}
}

// wantRefused checks res is an invalid_argument tool error about field that
// names the path as given and says it is outside the roots.
func wantRefused(t *testing.T, res *mcpgo.CallToolResult, field, path string) {
	t.Helper()
	text := textOf(res)
	if !res.IsError {
		t.Fatalf("%s %q was accepted: %.300s", field, path, text)
	}
	for _, w := range []string{field, strconv.Quote(path), "outside the allowed roots", "How to fix"} {
		if !strings.Contains(text, w) {
			t.Errorf("error %q lacks %q", text, w)
		}
	}
	var out errorOutput
	b, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(b, &out); err != nil || out.Status != stateFailed || out.Error.Field != field || out.Error.Kind != "invalid_argument" {
		t.Errorf("structured error %+v, want status failed, field %q, kind invalid_argument", res.StructuredContent, field)
	}
}

// fileArgTools lists, for every tool taking a file to read, the other
// arguments a call needs to get as far as reading it.
var fileArgTools = map[string]map[string]any{
	ToolExtractCompact:   {},
	ToolExtractRaw:       {},
	ToolExtractText:      {},
	ToolListFields:       {},
	ToolValidate:         {"locations": []map[string]any{{"pair_id": "T1-R2-C2"}}},
	ToolWrite:            {"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "x"}}, "dry_run": true},
	ToolVerify:           {"expected_answers": []map[string]any{{"pair_id": "T1-R2-C2", "expected_text": "x"}}},
	ToolSearch:           {"pattern": "x"},
	ToolReadDocument:     {},
	"harvest_answers":    {},
	"carry_over_answers": {"previous_file_path": "two_column.docx"},
}

// pathArgs are the arguments that name a file, with the tools taking them.
var pathArgs = map[string][]string{
	"file_path":          {ToolExtractCompact, ToolExtractRaw, ToolExtractText, ToolListFields, ToolValidate, ToolWrite, ToolVerify, ToolSearch, ToolReadDocument, "harvest_answers", "carry_over_answers"},
	"previous_file_path": {"carry_over_answers"},
	"map_file_path":      {"carry_over_answers"},
	"answers_file_path":  {ToolWrite},
	"output_file_path":   {ToolWrite},
}

// A new tool or argument naming a file must be added to these tests.
func TestEscapeTestsCoverEveryPathArgument(t *testing.T) {
	for _, op := range jobs.Operations {
		if op.Tool == "" {
			continue
		}
		tool := op.Tool
		for _, a := range allowedArgs(&op) {
			if !strings.HasSuffix(a, "_path") {
				continue
			}
			if !slices.Contains(pathArgs[a], tool) {
				t.Errorf("%s takes %s, which the escape tests do not cover", tool, a)
			}
			if a == "file_path" && fileArgTools[tool] == nil {
				t.Errorf("fileArgTools lacks %s", tool)
			}
		}
	}
}

func withArgs(base map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// Every tool refuses a file_path leading outside the roots, and accepts
// one inside, including through a symlink that stays inside.
func TestToolsRefuseFilePathEscapes(t *testing.T) {
	e := newEscapeTree(t)
	c := inProcessClient(t, newTestServer(t, newMemStore(), e.root))
	for _, tool := range pathArgs["file_path"] {
		t.Run(tool, func(t *testing.T) {
			for _, ok := range []string{"two_column.docx", "int-two_column.docx", filepath.Join(e.root, "two_column.docx")} {
				if res := call(t, c, tool, withArgs(fileArgTools[tool], "file_path", ok)); res.IsError {
					t.Fatalf("file_path %q inside the root refused: %s", ok, textOf(res))
				}
			}
			for name, p := range e.escapes(t, "two_column.docx") {
				t.Run(name, func(t *testing.T) {
					wantRefused(t, call(t, c, tool, withArgs(fileArgTools[tool], "file_path", p)), "file_path", p)
				})
			}
		})
	}
}

// carry_over_answers reads previous_file_path only inside the roots.
func TestCarryOverRefusesPreviousFileEscapes(t *testing.T) {
	e := newEscapeTree(t)
	c := inProcessClient(t, newTestServer(t, newMemStore(), e.root))
	base := map[string]any{"file_path": "two_column.docx"}
	for _, ok := range []string{"two_column.docx", "int-two_column.docx"} {
		out := mustOK(t, c, "carry_over_answers", withArgs(base, "previous_file_path", ok, "wait_seconds", 10))
		if out.Status != stateCompleted {
			t.Fatalf("previous_file_path %q: %+v", ok, out)
		}
	}
	for name, p := range e.escapes(t, "two_column.docx") {
		t.Run(name, func(t *testing.T) {
			wantRefused(t, call(t, c, "carry_over_answers", withArgs(base, "previous_file_path", p)), "previous_file_path", p)
		})
	}
}

// carry_over_answers reads map_file_path only inside the roots.
func TestCarryOverRefusesMapFileEscapes(t *testing.T) {
	e := newEscapeTree(t)
	mustDo(t, os.WriteFile(filepath.Join(e.root, "map.csv"), []byte("new,old\n1.1,1.1\n"), 0o644))
	c := inProcessClient(t, newTestServer(t, newMemStore(), e.root))
	base := map[string]any{"file_path": "two_column.docx", "previous_file_path": "two_column.docx"}
	out := mustOK(t, c, "carry_over_answers", withArgs(base, "map_file_path", "map.csv", "wait_seconds", 10))
	if out.Status != stateCompleted {
		t.Fatalf("map_file_path map.csv: %+v", out)
	}
	// The escapes name the answers file: refused before it is read.
	for name, p := range e.escapes(t, answersFile) {
		t.Run(name, func(t *testing.T) {
			wantRefused(t, call(t, c, "carry_over_answers", withArgs(base, "map_file_path", p)), "map_file_path", p)
		})
	}
}

// write_answers reads answers_file_path only inside the roots.
func TestWriteAnswersRefusesAnswersFileEscapes(t *testing.T) {
	e := newEscapeTree(t)
	c := inProcessClient(t, newTestServer(t, newMemStore(), e.root))
	base := map[string]any{"file_path": "two_column.docx", "dry_run": true}
	for _, ok := range []string{answersFile, "int-" + answersFile} {
		out := mustOK(t, c, ToolWrite, withArgs(base, "answers_file_path", ok, "wait_seconds", 10))
		if out.Status != stateCompleted {
			t.Fatalf("answers_file_path %q: %+v", ok, out)
		}
	}
	for name, p := range e.escapes(t, answersFile) {
		t.Run(name, func(t *testing.T) {
			wantRefused(t, call(t, c, ToolWrite, withArgs(base, "answers_file_path", p)), "answers_file_path", p)
		})
	}
}

// write_answers never writes output_file_path outside the roots: the
// outside directory stays byte for byte as it was, and nothing is created
// there, whether the path is a link to an existing file, a dangling link,
// or lies under a symlinked directory.
func TestWriteAnswersRefusesOutputEscapes(t *testing.T) {
	e := newEscapeTree(t)
	c := inProcessClient(t, newTestServer(t, newMemStore(), e.root))
	base := map[string]any{"file_path": "two_column.docx", "answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme"}}, "wait_seconds": 10}
	before := snapshot(t, e.outside)
	cases := e.escapes(t, victimFile)
	for name, p := range e.escapes(t, "new.docx") {
		cases["new file "+name] = p
	}
	// ext-new.docx is a dangling link; no hop-new.docx is planted, so that
	// name would be a plain new file in the root.
	delete(cases, "new file symlink to escaping symlink")
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			wantRefused(t, call(t, c, ToolWrite, withArgs(base, "output_file_path", p)), "output_file_path", p)
			sameSnapshot(t, before, snapshot(t, e.outside))
		})
	}
	for _, ok := range []string{"filled.docx", "sub/filled.docx", "int-" + victimFile} {
		out := mustOK(t, c, ToolWrite, withArgs(base, "output_file_path", ok))
		if out.Status != stateCompleted || !strings.HasPrefix(out.OutputFilePath, e.root) {
			t.Fatalf("output_file_path %q: %+v", ok, out)
		}
		if b, err := os.ReadFile(filepath.Join(e.root, ok)); err != nil || !bytes.HasPrefix(b, []byte("PK")) {
			t.Fatalf("output_file_path %q not written: %v", ok, err)
		}
	}
	sameSnapshot(t, before, snapshot(t, e.outside))
}

// The filled document is written when the job completes, which may be long
// after the call checked output_file_path. A symlink planted in between
// must not carry the write outside the roots either.
func TestWriteAnswersOutputSwappedForSymlinkBeforeDelivery(t *testing.T) {
	tests := []struct {
		name, out string
		swap      func(t *testing.T, e escapeTree)
	}{
		{"directory becomes a link outside", "sub/out.docx", func(t *testing.T, e escapeTree) {
			mustDo(t, os.Rename(filepath.Join(e.root, "sub"), filepath.Join(e.root, "sub.old")))
			mustDo(t, os.Symlink(e.outside, filepath.Join(e.root, "sub")))
		}},
		{"file becomes a link outside", "out.docx", func(t *testing.T, e escapeTree) {
			mustDo(t, os.Symlink(filepath.Join(e.outside, victimFile), filepath.Join(e.root, "out.docx")))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newEscapeTree(t)
			store := newMemStore()
			c := inProcessClient(t, newTestServer(t, store, e.root))
			before := snapshot(t, e.outside)
			store.hold()
			pending := mustOK(t, c, ToolWrite, map[string]any{"file_path": "two_column.docx", "wait_seconds": 0,
				"answers": []map[string]any{{"pair_id": "T1-R2-C2", "answer_text": "Acme"}}, "output_file_path": tc.out})
			if pending.Status != statePending {
				t.Fatalf("held job answered %+v", pending)
			}
			tc.swap(t, e)
			store.release()
			res := call(t, c, ToolGetJob, map[string]any{"job_id": pending.JobID, "wait_seconds": 10})
			sameSnapshot(t, before, snapshot(t, e.outside))
			wantOutsideError(t, res)
		})
	}
}

// wantOutsideError checks a delivery refused for leading outside the roots.
func wantOutsideError(t *testing.T, res *mcpgo.CallToolResult) {
	t.Helper()
	text := textOf(res)
	if !res.IsError {
		t.Fatalf("the write through a planted symlink succeeded: %.300s", text)
	}
	for _, w := range []string{"output_file_path", "outside the allowed roots"} {
		if !strings.Contains(text, w) {
			t.Errorf("error %q lacks %q", text, w)
		}
	}
}
