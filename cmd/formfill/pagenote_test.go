package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
)

// A page printed by the command ends with a note naming the flag to type
// for the next page, not the MCP tools' "call again with offset"; in text
// and in --json alike.
func TestCLIPageNotesNameTheOffsetFlag(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "two_column.docx")
	writeFile(t, doc, fixtures.TwoColumn())
	tests := []struct {
		name string
		args []string
		want string // how the note ends
	}{
		{"extract map", []string{"extract", doc, "--limit", "2"}, "shown; for the next page run the same command with --offset 2)"},
		{"extract targets", []string{"extract", doc, "--view", "targets", "--limit", "1"}, "shown; for the next page run the same command with --offset 1)"},
		{"extract second page", []string{"extract", doc, "--limit", "2", "--offset", "2"}, "shown; for the next page run the same command with --offset 4)"},
		{"search", []string{"search", doc, ".", "--regex", "--limit", "1"}, "shown; for the next page run the same command with --offset 1)"},
		{"read", []string{"read", doc, "--limit", "2"}, "shown; for the next page run the same command with --offset 2)"},
		{"read as JSON", []string{"read", doc, "--limit", "2", "--json"}, `shown; for the next page run the same command with --offset 2"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cli(t, nil, tt.args...)
			if r.code != 0 {
				t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stdout, tt.want) || strings.Contains(r.stdout, "call again") {
				t.Errorf("the page does not end with %q:\n%s", tt.want, r.stdout)
			}
		})
	}
}

// cliPages rewords a copy: the result it is given keeps the tools' words,
// as the MCP surface reads them from the same job.
func TestCLIPagesLeavesTheJobsResultInTheToolsWords(t *testing.T) {
	mcp := formats.MoreNote("elements", 0, 2, 5)
	res := &jobs.Result{Compact: &formats.CompactStructure{Total: 5, NextOffset: 2, More: mcp}}
	got := cliPages(res)
	if want := "elements 0–1 of 5 shown; for the next page run the same command with --offset 2"; got.Compact.More != want {
		t.Errorf("the command's note = %q, want %q", got.Compact.More, want)
	}
	if res.Compact.More != mcp {
		t.Errorf("the job's note became %q, want it left %q", res.Compact.More, mcp)
	}
}
