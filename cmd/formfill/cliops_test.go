package main

import (
	"flag"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// TestEveryParameterHasItsFlag walks the table: every command made from it
// offers a flag for each parameter its operations
// declare, except the positional ones (taken as arguments), the files only
// an MCP server reads and those its entry leaves off, and every cliCommands entry speaks of parameters that exist, so a
// renamed parameter cannot leave a stale flag behind.
func TestEveryParameterHasItsFlag(t *testing.T) {
	for _, ops := range commandOperations() {
		name := ops[0].Command
		c := cliCommands[name]
		fs := flag.NewFlagSet(name, flag.ContinueOnError)
		f := registerCommandFlags(fs, ops, c)
		declared := map[string]bool{}
		for _, op := range ops {
			for _, p := range op.Params {
				declared[p.Name] = true
				cf := c.flags[p.Name]
				switch {
				case p.Positional || cf.positional:
					if !f.positional[p.Name] {
						t.Errorf("%s: positional parameter %s of %s is not taken as an argument", name, p.Name, op.Kind)
					}
					continue
				case cf.skip, p.Local && p.Name != "output_file_path" && cf.load == nil:
					continue
				}
				if fs.Lookup(f.names[p.Name]) == nil {
					t.Errorf("%s: parameter %s of %s has no flag", name, p.Name, op.Kind)
				}
			}
		}
		for p := range c.flags {
			if !declared[p] {
				t.Errorf("%s: cliCommands names parameter %s, which none of its operations declares", name, p)
			}
		}
		if ops[0].Document && fs.Lookup("type") == nil {
			t.Errorf("%s: reads a document but has no --type", name)
		}
	}
}

// TestNewOperationGetsItsFlags is an operation added to the table with no
// cliCommands entry: each parameter type gets its flag, and the values on
// a command line reach the payload fields the parameters name.
func TestNewOperationGetsItsFlags(t *testing.T) {
	op := &jobs.Operation{Kind: jobs.KindSearch, Command: "brand-new", Title: "Brand new", Document: true, Params: []jobs.Param{
		{Name: "pattern", Schema: map[string]any{"type": "string"}, Positional: true, Required: true},
		{Name: "view", Field: "view", Schema: map[string]any{"type": "string"}},
		{Name: "ids", Schema: map[string]any{"type": "array", "items": map[string]any{"type": "string"}}},
		{Name: "regex", Schema: map[string]any{"type": "boolean"}},
		{Name: "limit", Schema: map[string]any{"type": "integer"}},
		{Name: "locations", Schema: map[string]any{"type": "array", "items": map[string]any{"type": "object"}}, Required: true},
	}}
	tests := []struct {
		name    string
		args    []string
		want    func(p *jobs.Payload) any
		wantVal any
		errHas  string
	}{
		{"positional string", []string{"f.docx", "Acme", "--locations", "[]"}, func(p *jobs.Payload) any { return p.Search.Pattern }, "Acme", ""},
		{"string flag", []string{"f.docx", "x", "--view", "targets", "--locations", "[]"}, func(p *jobs.Payload) any { return p.Compact.View }, "targets", ""},
		{"comma list", []string{"f.docx", "x", "--ids", "P1,P2", "--locations", "[]"}, func(p *jobs.Payload) any { return p.Compact.IDs }, []string{"P1", "P2"}, ""},
		{"boolean", []string{"f.docx", "x", "--regex", "--locations", "[]"}, func(p *jobs.Payload) any { return p.Search.Regex }, true, ""},
		{"integer", []string{"f.docx", "x", "--limit", "7", "--locations", "[]"}, func(p *jobs.Payload) any { return p.Page.Limit }, 7, ""},
		{"inline JSON", []string{"f.docx", "x", "--locations", `[{"pair_id": "P3"}]`}, func(p *jobs.Payload) any { return p.Validate.Locations }, []formats.Location{{PairID: "P3"}}, ""},
		{"required flag missing", []string{"f.docx", "x"}, nil, nil, "--locations is required"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
			fs, _ := newFlags(e, commandSpec([]*jobs.Operation{op}, cliCommand{}))
			f := registerCommandFlags(fs.FlagSet, []*jobs.Operation{op}, cliCommand{})
			pos, err := parse(fs, tt.args, 2, 2)
			if err != nil {
				t.Fatal(err)
			}
			r := &opRun{op: op, f: f, job: docJob{payload: jobs.Payload{Kind: op.Kind}}}
			err = r.prepare(cliCommand{}, pos[1:])
			if tt.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errHas) {
					t.Fatalf("error %v, want one saying %q", err, tt.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.want(&r.job.payload); !reflect.DeepEqual(got, tt.wantVal) {
				t.Errorf("payload field = %#v, want %#v", got, tt.wantVal)
			}
		})
	}
}
