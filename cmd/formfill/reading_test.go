package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
)

// TestReadingCommands runs the reading commands as a user does: extract
// prints the whole map unless asked for a page, search and read are made
// from the table with PATTERN as a positional argument.
func TestReadingCommands(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "two_column.docx")
	writeFile(t, doc, fixtures.TwoColumn())

	whole := cli(t, nil, "extract", doc)
	if whole.code != 0 || strings.Contains(whole.stdout, "next page") {
		t.Fatalf("extract: exit %d, %s%s", whole.code, whole.stdout, whole.stderr)
	}
	lines := strings.Split(strings.TrimSpace(whole.stdout), "\n")

	page := cli(t, nil, "extract", doc, "--limit", "2")
	got := strings.Split(strings.TrimSpace(page.stdout), "\n")
	if page.code != 0 || len(got) < 3 || got[0] != lines[0] || !strings.Contains(got[len(got)-1], "offset 2") {
		t.Fatalf("extract --limit 2: exit %d:\n%s%s", page.code, page.stdout, page.stderr)
	}

	ids := cli(t, nil, "extract", doc, "--ids", "T1-R2-C1", "--json")
	var m struct {
		CompactText string            `json:"compact_text"`
		IDToXPath   map[string]string `json:"id_to_xpath"`
	}
	if err := json.Unmarshal([]byte(ids.stdout), &m); err != nil || !strings.HasPrefix(m.CompactText, `T1-R2-C1: "`) || len(m.IDToXPath) != 1 {
		t.Fatalf("extract --ids: %v\n%s%s", err, ids.stdout, ids.stderr)
	}

	if bad := cli(t, nil, "extract", doc, "--mode", "text", "--limit", "2"); bad.code != 2 || !strings.Contains(bad.stderr, "--limit") {
		t.Errorf("extract --mode text --limit: exit %d, %s", bad.code, bad.stderr)
	}

	search := cli(t, nil, "search", doc, "LEGAL NAME")
	if search.code != 0 || !strings.Contains(search.stdout, "T1-R2-C1: ") || !strings.Contains(search.stdout, ">>>legal name<<<") {
		t.Errorf("search: exit %d:\n%s%s", search.code, search.stdout, search.stderr)
	}
	if re := cli(t, nil, "search", doc, `leg(al|ally) \w+`, "--regex", "--json"); re.code != 0 || !strings.Contains(re.stdout, `"match": "legal name"`) {
		t.Errorf("search --regex: exit %d:\n%s%s", re.code, re.stdout, re.stderr)
	}

	read := cli(t, nil, "read", doc, "--limit", "2", "--format", "json")
	var v struct {
		Nodes      []map[string]any `json:"nodes"`
		NextOffset int              `json:"next_offset"`
		Total      int              `json:"total"`
	}
	if err := json.Unmarshal([]byte(read.stdout), &v); err != nil || len(v.Nodes) != 2 || v.NextOffset != 2 || v.Total <= 2 {
		t.Fatalf("read --format json: %v\n%s%s", err, read.stdout, read.stderr)
	}
	toon := cli(t, nil, "read", doc)
	if toon.code != 0 || !strings.HasPrefix(toon.stdout, "#SCHEMA id | list_label | header | style | text\n") || !strings.Contains(toon.stdout, "\nT1-R2-C1 | ") {
		t.Errorf("read: exit %d:\n%s%s", toon.code, toon.stdout, toon.stderr)
	}
}
