package realdocs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitRepo makes a repository at dir/owner/name holding files in one commit
// and returns the commit.
func gitRepo(t *testing.T, dir string, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the fetcher needs it")
	}
	repo := filepath.Join(dir, "owner", "name")
	for name, body := range files {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	run("add", ".")
	run("commit", "-qm", "documents")
	return run("rev-parse", "HEAD")
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

func TestFetchCopiesCheckedDocuments(t *testing.T) {
	src := t.TempDir()
	commit := gitRepo(t, src, map[string]string{"forms/q.xlsx": "questionnaire bytes", "forms/old.doc": "word 97 bytes"})
	f := &Fetcher{URL: func(repo string) string { return filepath.Join(src, repo) }, Cache: t.TempDir()}
	good := Source{Repo: "owner/name", Path: "forms/q.xlsx", Commit: commit, SHA256: sum("questionnaire bytes")}
	tests := []struct {
		name    string
		doc     Doc
		wantErr string
	}{
		{"a file at its commit", Doc{Sub: "questionnaires", Name: "q.xlsx", Source: good}, ""},
		{"a file at the newest commit when none is named", Doc{Sub: "questionnaires", Name: "q2.xlsx", Source: Source{Repo: "owner/name", Path: "forms/q.xlsx", SHA256: good.SHA256}}, ""},
		{"another checksum", Doc{Sub: "questionnaires", Name: "bad.xlsx", Source: Source{Repo: "owner/name", Path: "forms/q.xlsx", Commit: commit, SHA256: sum("other")}}, "has sha256 " + good.SHA256},
		{"a path the repository lacks", Doc{Sub: "agreements", Name: "x.docx", Source: Source{Repo: "owner/name", Path: "forms/none.docx", Commit: commit}}, "has no forms/none.docx"},
		{"a repository that does not exist", Doc{Sub: "agreements", Name: "y.docx", Source: Source{Repo: "owner/missing", Path: "a.docx"}}, "cloning owner/missing"},
		{"a source to convert with no converter", Doc{Sub: "questionnaires", Name: "old.docx", Source: Source{Repo: "owner/name", Path: "forms/old.doc", Commit: commit}}, "needs converting to .docx"},
		{"no source", Doc{Sub: "agreements", Name: "z.docx"}, "names no repository"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wrote, err := f.Fetch(context.Background(), tt.doc, dir)
			dst := filepath.Join(dir, tt.doc.Sub, tt.doc.Name)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), tt.doc.Name) && !strings.Contains(err.Error(), tt.doc.Source.Path) {
					t.Fatalf("Fetch error = %v, want one naming the document and saying %q", err, tt.wantErr)
				}
				if _, err := os.Stat(dst); err == nil {
					t.Error("a document that failed its check was written")
				}
				return
			}
			if err != nil || !wrote {
				t.Fatalf("Fetch = %v, %v; want the document written", wrote, err)
			}
			if b, _ := os.ReadFile(dst); string(b) != "questionnaire bytes" {
				t.Errorf("wrote %q", b)
			}
		})
	}
	if wrote, err := f.Fetch(context.Background(), tests[0].doc, dir); err != nil || wrote {
		t.Errorf("a second fetch of a document in place = %v, %v; want it left alone", wrote, err)
	}
}

func TestManifestListsAgreementsAndLabelledQuestionnaires(t *testing.T) {
	labels := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(labels, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("q.json", `{"document":"q.xlsx","source":{"repo":"o/n","path":"q.xlsx","sha256":"00"},"targets":["S!A1"]}`)
	write("allowances.json", `[]`)
	docs, err := Manifest(labels)
	if err != nil {
		t.Fatal(err)
	}
	subs := map[string]int{}
	for _, d := range docs {
		subs[d.Sub]++
		if d.Source.Repo == "" || d.Source.Path == "" || d.Source.SHA256 == "" {
			t.Errorf("%s/%s: no repository, path or checksum", d.Sub, d.Name)
		}
	}
	if subs["questionnaires"] != 1 || subs["agreements"] < 3 {
		t.Errorf("manifest holds %v; want the one labelled questionnaire and the agreements the label oracle needs (at least 3)", subs)
	}
}
