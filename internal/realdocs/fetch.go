package realdocs

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Doc is one real document the tests read: the folder it goes in under
// Dir ("questionnaires" or "agreements"), its name there, and where it
// came from.
type Doc struct {
	Sub    string `json:"-"`
	Name   string `json:"document"`
	Source Source `json:"source"`
	Notes  string `json:"notes"`
}

//go:embed agreements.json
var agreementsJSON []byte

// formsJSON lists the real PDF forms the PDF engine's tests fill that
// have no labels (encrypted government forms): they go in "forms".
//
//go:embed forms.json
var formsJSON []byte

// versionsJSON lists earlier versions of labelled questionnaires that only
// the carry-over test across versions reads (testdata/reuse): they go in
// "versions".
//
//go:embed versions.json
var versionsJSON []byte

// Manifest lists every real document the tests can use: the agreements
// (agreements.json beside this file), the unlabelled PDF forms
// (forms.json), the earlier versions the carry-over test reads
// (versions.json) and the questionnaires labelled in
// labelsDir (testdata/targets), each labels file naming its document's
// source. Documents found among the shared forms are left out: they are
// not fetched.
func Manifest(labelsDir string) ([]Doc, error) {
	var docs []Doc
	if err := json.Unmarshal(agreementsJSON, &docs); err != nil {
		return nil, fmt.Errorf("agreements.json: %w", err)
	}
	for i := range docs {
		docs[i].Sub = "agreements"
	}
	var forms []Doc
	if err := json.Unmarshal(formsJSON, &forms); err != nil {
		return nil, fmt.Errorf("forms.json: %w", err)
	}
	for i := range forms {
		forms[i].Sub = "forms"
	}
	docs = append(docs, forms...)
	var versions []Doc
	if err := json.Unmarshal(versionsJSON, &versions); err != nil {
		return nil, fmt.Errorf("versions.json: %w", err)
	}
	for i := range versions {
		versions[i].Sub = "versions"
	}
	docs = append(docs, versions...)
	paths, err := filepath.Glob(filepath.Join(labelsDir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	for _, p := range paths {
		if filepath.Base(p) == "allowances.json" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var d Doc
		if err := json.Unmarshal(b, &d); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if _, err := os.Stat(filepath.Join(SharedForms(), d.Name)); err == nil {
			continue
		}
		d.Sub = "questionnaires"
		docs = append(docs, d)
	}
	return docs, nil
}

// Fetcher copies real documents out of their GitHub repositories with git.
type Fetcher struct {
	// URL gives the address git clones repo ("owner/name") from.
	URL func(repo string) string
	// Cache holds one bare clone per repository, kept between runs.
	Cache string
	// Convert turns a document of one format into another (the source of
	// a converted document); nil refuses such documents.
	Convert func(ctx context.Context, data []byte, from, to string) ([]byte, error)
}

// GitHubURL is the default Fetcher.URL.
func GitHubURL(repo string) string { return "https://github.com/" + repo + ".git" }

// Fetch writes d to dir/d.Sub/d.Name unless a file with its checksum is
// already there, and reports whether it wrote one.
func (f *Fetcher) Fetch(ctx context.Context, d Doc, dir string) (bool, error) {
	dst := filepath.Join(dir, d.Sub, d.Name)
	if b, err := os.ReadFile(dst); err == nil && d.Source.Check(d.Name, b) == nil {
		return false, nil
	}
	if d.Source.Repo == "" || d.Source.Path == "" {
		return false, fmt.Errorf("%s: its source names no repository and path", d.Name)
	}
	data, err := f.show(ctx, d.Source)
	if err != nil {
		return false, fmt.Errorf("%s: %w", d.Name, err)
	}
	if from, to := ext(d.Source.Path), ext(d.Name); from != to {
		if f.Convert == nil {
			return false, fmt.Errorf("%s: its source is a .%s and needs converting to .%s", d.Name, from, to)
		}
		if data, err = f.Convert(ctx, data, from, to); err != nil {
			return false, fmt.Errorf("%s: converting %s: %w", d.Name, d.Source.Path, err)
		}
	}
	if err := d.Source.Check(d.Name, data); err != nil {
		return false, fmt.Errorf("%s from %s@%s: %w", d.Source.Path, d.Source.Repo, d.Source.Commit, err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return false, err
	}
	return true, os.WriteFile(dst, data, 0o644)
}

// show returns the file of src, cloning or updating the repository's bare
// clone when the commit is not in it yet.
func (f *Fetcher) show(ctx context.Context, src Source) ([]byte, error) {
	repo := filepath.Join(f.Cache, strings.ReplaceAll(src.Repo, "/", "+")+".git")
	rev := src.Commit
	if rev == "" {
		rev = "HEAD"
	}
	if _, err := os.Stat(repo); err != nil {
		if _, err := git(ctx, "", "clone", "--quiet", "--bare", "--filter=blob:none", f.URL(src.Repo), repo); err != nil {
			return nil, fmt.Errorf("cloning %s: %w", src.Repo, err)
		}
	} else if _, err := git(ctx, repo, "cat-file", "-e", rev+"^{commit}"); err != nil {
		if _, err := git(ctx, repo, "fetch", "--quiet", "origin", "+refs/heads/*:refs/heads/*"); err != nil {
			return nil, fmt.Errorf("updating %s: %w", src.Repo, err)
		}
	}
	out, err := git(ctx, repo, "show", rev+":"+src.Path)
	if err != nil {
		return nil, fmt.Errorf("%s has no %s at %s: %w", src.Repo, src.Path, rev, err)
	}
	return out, nil
}

func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	if dir != "" {
		args = append([]string{"--git-dir", dir}, args...)
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, errors.New(msg)
		}
		return nil, err
	}
	return out, nil
}

// SofficeConvert converts with LibreOffice headless, in a profile of its
// own so that it runs beside another LibreOffice.
func SofficeConvert(ctx context.Context, data []byte, from, to string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "realdocs-convert-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	in := filepath.Join(tmp, "doc."+from)
	if err := os.WriteFile(in, data, 0o600); err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, "soffice", "-env:UserInstallation=file://"+filepath.Join(tmp, "profile"),
		"--headless", "--convert-to", to, "--outdir", tmp, in)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("soffice: %w: %s", err, bytes.TrimSpace(out))
	}
	return os.ReadFile(filepath.Join(tmp, "doc."+to))
}

func ext(name string) string { return strings.ToLower(strings.TrimPrefix(filepath.Ext(name), ".")) }
