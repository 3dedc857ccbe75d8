package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFillLeavesOutputDotTmpAlone: `fill -o X` used to write through the
// fixed name X.tmp and its early check deleted a user's X.tmp (issues 37
// and 38). A file of that name, and a symlink of that name with its target,
// must be left exactly as they were; and an existing 0600 output keeps its
// mode when it is replaced.
func TestFillLeavesOutputDotTmpAlone(t *testing.T) {
	for _, planted := range []string{"file", "symlink"} {
		t.Run(planted, func(t *testing.T) {
			dir := t.TempDir()
			doc, answers := writeFixture(t, dir, fixtureDocs[0])
			out := filepath.Join(dir, "filled.docx")
			victim := filepath.Join(dir, "victim.txt")
			writeFile(t, victim, []byte("victim"))
			if planted == "file" {
				writeFile(t, out+".tmp", []byte("the user's notes"))
			} else if err := os.Symlink(victim, out+".tmp"); err != nil {
				t.Fatal(err)
			}
			writeFile(t, out, []byte("an older output"))
			if err := os.Chmod(out, 0o600); err != nil {
				t.Fatal(err)
			}
			if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", out); r.code != 0 {
				t.Fatalf("fill: exit %d: %s", r.code, r.stderr)
			}
			if b, err := os.ReadFile(out + ".tmp"); planted == "file" && (err != nil || string(b) != "the user's notes") {
				t.Fatalf("filled.docx.tmp: %q, %v; want the user's notes untouched", b, err)
			}
			if fi, err := os.Lstat(out + ".tmp"); planted == "symlink" && (err != nil || fi.Mode()&os.ModeSymlink == 0) {
				t.Fatalf("the planted link is gone or changed: %v", err)
			}
			if b, _ := os.ReadFile(victim); string(b) != "victim" {
				t.Fatalf("victim.txt was written through the link: %d bytes", len(b))
			}
			fi, err := os.Lstat(out)
			if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
				t.Fatalf("filled.docx: %v %v; want a regular file that kept mode 0600", fi.Mode(), err)
			}
		})
	}
}

// TestBatchOutputsConfinedToOutDir: a manifest output that is absolute or
// leads out of --out-dir through .. is refused, naming the entry and the
// flag that allows it, and nothing is written outside; with
// --outputs-anywhere it goes where it says.
func TestBatchOutputsConfinedToOutDir(t *testing.T) {
	base := t.TempDir()
	doc, answers := writeFixture(t, base, fixtureDocs[0])
	outDir := filepath.Join(base, "out")
	elsewhere := filepath.Join(base, "elsewhere")
	if err := os.MkdirAll(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, output string }{
		{"dotdot", "../elsewhere/escaped.docx"},
		{"absolute", filepath.Join(elsewhere, "escaped.docx")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			manifest := filepath.Join(base, tc.name+".json")
			writeJSONFile(t, manifest, []map[string]string{{"file": doc, "answers": answers, "output": tc.output}})
			r := cli(t, nil, "batch", manifest, "--out-dir", outDir, "--quiet")
			if r.code == 0 || !strings.Contains(r.stderr, "outside --out-dir") || !strings.Contains(r.stderr, "--outputs-anywhere") {
				t.Fatalf("batch with output %q: exit %d, stderr %q; want a refusal naming --out-dir and --outputs-anywhere", tc.output, r.code, r.stderr)
			}
			if _, err := os.Stat(filepath.Join(elsewhere, "escaped.docx")); err == nil {
				t.Fatal("the output was written outside --out-dir")
			}
			r = cli(t, nil, "batch", manifest, "--out-dir", outDir, "--quiet", "--outputs-anywhere")
			if r.code != 0 {
				t.Fatalf("batch --outputs-anywhere: exit %d: %s", r.code, r.stderr)
			}
			if err := os.Remove(filepath.Join(elsewhere, "escaped.docx")); err != nil {
				t.Fatalf("with --outputs-anywhere the output is not where the manifest says: %v", err)
			}
		})
	}
	// A link inside --out-dir that leads out is refused when the output is
	// written, links resolved.
	if err := os.Symlink(elsewhere, filepath.Join(outDir, "link")); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(base, "link.json")
	writeJSONFile(t, manifest, []map[string]string{{"file": doc, "answers": answers, "output": "link/escaped.docx"}})
	r := cli(t, nil, "batch", manifest, "--out-dir", outDir, "--quiet")
	if r.code == 0 {
		t.Fatalf("batch through a link out of --out-dir: exit 0\n%s", r.stdout)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "escaped.docx")); err == nil {
		t.Fatal("the output was written through a link out of --out-dir")
	}
}

// TestCarryOverOutputIsWrittenSafely: carry-over's -o wrote with
// os.WriteFile, which followed a link at the output and wrote through it.
// Like fill's, the answers file replaces a link (the link's target stays as
// it was) and leaves a file named OUTPUT.tmp alone.
func TestCarryOverOutputIsWrittenSafely(t *testing.T) {
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	filled := filepath.Join(dir, "filled.docx")
	if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", filled); r.code != 0 {
		t.Fatalf("fill: exit %d: %s", r.code, r.stderr)
	}
	victim := filepath.Join(dir, "victim.txt")
	writeFile(t, victim, []byte("victim"))
	out := filepath.Join(dir, "carried.json")
	if err := os.Symlink(victim, out); err != nil {
		t.Fatal(err)
	}
	writeFile(t, out+".tmp", []byte("the user's notes"))
	if r := cli(t, nil, "carry-over", filled, doc, "-o", out); r.code != 0 {
		t.Fatalf("carry-over: exit %d: %s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(victim); string(b) != "victim" {
		t.Fatalf("victim.txt was written through the link: %q", b)
	}
	fi, err := os.Lstat(out)
	if err != nil || !fi.Mode().IsRegular() {
		t.Fatalf("carried.json: %v %v; want a regular file in place of the link", fi, err)
	}
	if b, _ := os.ReadFile(out); !strings.HasPrefix(string(b), "[") {
		t.Fatalf("carried.json holds %.60q, want a JSON array of answers", b)
	}
	if b, err := os.ReadFile(out + ".tmp"); err != nil || string(b) != "the user's notes" {
		t.Fatalf("carried.json.tmp: %q, %v; want the user's notes untouched", b, err)
	}
}
