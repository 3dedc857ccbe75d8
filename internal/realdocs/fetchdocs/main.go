// Command fetchdocs copies the real documents the tests measure formfill
// on (the labelled questionnaires, the agreements, the unlabelled PDF forms
// and the earlier versions carry-over reads: realdocs.Manifest) out of the
// public GitHub repositories they came from, into the folder the tests read
// (realdocs beside the checkout, or $FORMFILL_REAL_DOCS). Each file is
// checked against the sha256 recorded for it; one already in place with
// that checksum is left alone. It needs git, and LibreOffice for the one
// questionnaire GitHub holds only as a .doc.
//
//	go run ./internal/realdocs/fetchdocs [-dir DIR] [-cache DIR] [-url TEMPLATE] [NAME...]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/formfill/formfill/internal/realdocs"
)

func main() {
	dir := flag.String("dir", realdocs.Dir(), "folder to fill (questionnaires/, agreements/, forms/ and versions/ are made in it)")
	cache := flag.String("cache", "", "folder keeping a bare clone of each repository between runs (default DIR/.git-cache)")
	url := flag.String("url", "", "clone address with {repo} for owner/name, e.g. /mirrors/{owner}+{name} (default https://github.com/{repo}.git)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: fetchdocs [flags] [NAME...]\n\nCopies the real documents the tests use out of their GitHub repositories,\nchecking each one's sha256. NAMEs limit it to documents whose name holds one of them.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, *dir, *cache, *url, flag.Args()))
}

func run(ctx context.Context, dir, cache, url string, names []string) int {
	docs, err := realdocs.Manifest(realdocs.LabelsDir())
	if err != nil {
		fmt.Fprintln(os.Stderr, "fetchdocs:", err)
		return 2
	}
	if cache == "" {
		cache = filepath.Join(dir, ".git-cache")
	}
	f := &realdocs.Fetcher{URL: realdocs.GitHubURL, Cache: cache}
	if url != "" {
		f.URL = func(repo string) string {
			owner, name, _ := strings.Cut(repo, "/")
			return strings.NewReplacer("{repo}", repo, "{owner}", owner, "{name}", name).Replace(url)
		}
	}
	if _, err := exec.LookPath("soffice"); err == nil {
		f.Convert = realdocs.SofficeConvert
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "fetchdocs:", err)
		return 2
	}
	var wrote, kept, failed int
	for _, d := range docs {
		if !selected(d.Name, names) {
			continue
		}
		ok, err := f.Fetch(ctx, d, dir)
		switch {
		case err != nil:
			failed++
			fmt.Fprintf(os.Stderr, "FAILED %s/%s: %v\n", d.Sub, d.Name, err)
		case ok:
			wrote++
			fmt.Printf("fetched %s/%s\n", d.Sub, d.Name)
		default:
			kept++
		}
	}
	fmt.Printf("%d fetched, %d already in place, %d failed (in %s)\n", wrote, kept, failed, dir)
	if failed > 0 {
		return 1
	}
	return 0
}

func selected(name string, names []string) bool {
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if strings.Contains(name, n) {
			return true
		}
	}
	return false
}
