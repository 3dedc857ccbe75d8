package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/jobs"
)

// TestEveryOperationHasItsCommand walks the operation table: an operation
// that names a CLI command must find it, and the extract command must take
// the --mode of each operation behind it.
func TestEveryOperationHasItsCommand(t *testing.T) {
	cmds := commands()
	modes := map[string]jobs.Kind{}
	for _, ops := range commandOperations() {
		for _, op := range ops {
			if op.Command == "extract" {
				modes[op.Mode] = op.Kind
			}
		}
	}
	for _, op := range jobs.Operations {
		if op.Command == "" {
			if !op.Internal {
				t.Errorf("operation %s has no CLI command", op.Kind)
			}
			continue
		}
		if _, ok := cmds[op.Command]; !ok {
			t.Errorf("operation %s: command %q is missing", op.Kind, op.Command)
		}
		if op.Mode != "" && modes[op.Mode] != op.Kind {
			t.Errorf("operation %s: extract --mode %s runs %q", op.Kind, op.Mode, modes[op.Mode])
		}
	}
}

// runCommand makes a command of any operation from its declaration: the
// document, positional parameters, flags with inline JSON or a JSON file,
// text or --json output. Two operations are run through it under other
// command names, as an operation without a cliCommands entry is.
func TestCommandMadeFromTheTable(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "two_column.docx")
	writeFile(t, doc, fixtures.TwoColumn())
	locs := filepath.Join(dir, "locs.json")
	writeFile(t, locs, []byte(`[{"pair_id": "T1-R2-C2"}]`))
	text := *jobs.OperationOf(jobs.KindExtractText)
	text.Command = "read-text"
	validate := *jobs.OperationOf(jobs.KindValidate)
	validate.Command = "check"
	tests := []struct {
		name   string
		op     *jobs.Operation
		args   []string
		want   []string
		errHas string
	}{
		{"text output", &text, []string{doc}, []string{"Company legal name"}, ""},
		{"json output", &text, []string{doc, "--json"}, []string{`"text":`}, ""},
		{"inline JSON flag", &validate, []string{doc, "--locations", `[{"pair_id": "T1-R2-C2"}]`, "--json"}, []string{`"status": "matched"`}, ""},
		{"JSON file flag", &validate, []string{doc, "--locations", locs}, []string{`"xpath": "/w:body/w:tbl[1]/w:tr[2]/w:tc[2]"`}, ""},
		{"missing required flag", &validate, []string{doc}, nil, "--locations is required"},
		{"missing document", &text, nil, nil, "missing argument"},
		{"unreadable JSON file", &validate, []string{doc, "--locations", filepath.Join(dir, "nope.json")}, nil, "expected a JSON file or inline JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			e := &env{stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
			err := runCommand(context.Background(), e, []*jobs.Operation{tt.op}, tt.args)
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("error %v, want one saying %q", err, tt.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			if strings.Contains(strings.Join(tt.args, " "), "--json") && !json.Valid(out.Bytes()) {
				t.Errorf("--json output is not JSON:\n%s", out.String())
			}
		})
	}
}
