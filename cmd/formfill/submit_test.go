package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/formfill/formfill/jobs"
)

// TestSubmitBuildsWhatTheCommandRuns submits a job of every kind a user
// submits, with flags of every sort its command takes: the payload, the
// document and the values left for the backend (uploads) must be those
// the kind's own command builds from the same command line. A kind added
// to the table without a line here fails.
func TestSubmitBuildsWhatTheCommandRuns(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	answers := file("answers.json", `[{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}]`)
	expected := file("expected.json", `[{"pair_id": "T1-R2-C2", "expected_text": "Acme Ltd"}]`)
	crosswalk := file("map.csv", "new,old\nA1,B2\n")
	out := filepath.Join(dir, "out.docx")
	// args is the command line after the kind (submit) or the command's
	// name; onlyCommand what the command needs beyond it (-o).
	lines := map[jobs.Kind]struct{ args, onlyCommand []string }{
		jobs.KindExtractCompact: {args: []string{"f.docx", "--view", "targets", "--ids", "P1,P2", "--max-tokens", "900", "--offset", "4"}},
		jobs.KindExtractRaw:     {args: []string{"f.xlsx", "--type", "excel"}},
		jobs.KindExtractText:    {args: []string{"f.pdf"}},
		jobs.KindListFields:     {args: []string{"f.pdf"}},
		jobs.KindValidate:       {args: []string{"f.docx", "--locations", "T1-R2-C2,P9"}},
		jobs.KindBuildInsertion: {args: []string{"--text", "Yes", "--context-xml", "<w:r><w:t>Q</w:t></w:r>", "--answer-type", "plain_text"}},
		jobs.KindWrite:          {args: []string{"f.docx", "--answers", answers, "--dry-run", "--track-changes", "--author", "J"}},
		jobs.KindVerify:         {args: []string{"f.docx", "--expected", expected, "--source", "src.docx"}},
		jobs.KindFill:           {args: []string{"f.docx", "--answers", answers, "--comment-uncertain"}, onlyCommand: []string{"-o", out}},
		jobs.KindSearch:         {args: []string{"f.docx", "Effective Date", "--regex", "--limit", "3"}},
		jobs.KindReadDocument:   {args: []string{"f.docx", "--format", "json"}},
		jobs.KindHarvest:        {args: []string{"filled.xlsx"}},
		jobs.KindCarryOver:      {args: []string{"2025.filled.docx", "2026.xlsx", "--map", crosswalk}},
	}
	e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	for _, k := range jobs.Kinds {
		t.Run(string(k), func(t *testing.T) {
			line, ok := lines[k]
			if !ok {
				t.Fatalf("no command line for job kind %s: add one", k)
			}
			op := jobs.OperationOf(k)
			cmdArgs := append(slices.Clone(line.args), line.onlyCommand...)
			if op.Mode != "" {
				cmdArgs = append(cmdArgs, "--mode", op.Mode)
			}
			ops := slices.DeleteFunc(slices.Clone(commandOperations()), func(ops []*jobs.Operation) bool { return ops[0].Command != op.Command })[0]
			c := cliCommands[op.Command]
			want, _, err := parseRun(e, ops, c, commandSpec(ops, c), cmdArgs, func(*flag.FlagSet) {})
			if err != nil {
				t.Fatalf("formfill %s %q: %v", op.Command, cmdArgs, err)
			}
			var sf submitFlags
			got, _, err := submitLine(e, op, line.args, &sf)
			if err != nil {
				t.Fatalf("formfill submit %s %q: %v", k, line.args, err)
			}
			if !reflect.DeepEqual(got.job.payload, want.job.payload) {
				t.Errorf("payload\n%+v\nwant the command's\n%+v", got.job.payload, want.job.payload)
			}
			delete(want.given, "output_file_path")
			if got.job.path != want.job.path || got.job.typ != want.job.typ || !reflect.DeepEqual(got.given, want.given) {
				t.Errorf("document %q (%q), values %v; want %q (%q), %v", got.job.path, got.job.typ, got.given, want.job.path, want.job.typ, want.given)
			}
		})
	}
}

// TestSubmitRefusesAnUnknownKind names the kinds a user may submit, in
// the error and in submit's help, from the table.
func TestSubmitRefusesAnUnknownKind(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"kind first", []string{"paint", "f.docx"}},
		{"flags first", []string{"--queue", "bulk", "paint", "f.docx"}},
		{"an internal kind", []string{string(jobs.KindFillGroup), "f.docx"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
			err := runSubmit(context.Background(), e, tt.args)
			var usage *usageError
			if !errors.As(err, &usage) || !strings.Contains(err.Error(), "unknown job kind") {
				t.Fatalf("error %v, want a usage error saying the kind is unknown", err)
			}
			for _, k := range jobs.Kinds {
				if !strings.Contains(err.Error(), string(k)) {
					t.Errorf("error %q does not name kind %s", err, k)
				}
			}
		})
	}
	var help bytes.Buffer
	e := &env{stdout: &help, stderr: &help, getenv: func(string) string { return "" }}
	if err := runSubmit(context.Background(), e, []string{"-h"}); !errors.Is(err, errHelp) {
		t.Fatalf("submit -h: %v", err)
	}
	for _, k := range jobs.Kinds {
		if !strings.Contains(help.String(), "\n  "+string(k)+" ") {
			t.Errorf("submit's help does not list kind %s:\n%s", k, help.String())
		}
	}
}
