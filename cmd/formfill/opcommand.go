package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/formfill/formfill/jobs"
)

// operationCommands returns the command of every operation that has one,
// in the table's order, once per command: the operations behind one
// command (extract) are chosen by its --mode.
func operationCommands() []command {
	var out []command
	for _, ops := range commandOperations() {
		name := ops[0].Command
		summary := cliCommands[name].summary
		if summary == "" {
			summary = strings.ToLower(ops[0].Title[:1]) + ops[0].Title[1:]
		}
		out = append(out, command{name, summary,
			func(ctx context.Context, e *env, args []string) error { return runCommand(ctx, e, ops, args) }})
	}
	return out
}

// commandOperations groups the table's operations by their CLI command, in
// the table's order.
func commandOperations() [][]*jobs.Operation {
	var out [][]*jobs.Operation
	at := map[string]int{}
	for i := range jobs.Operations {
		op := &jobs.Operations[i]
		if op.Command == "" {
			continue
		}
		if n, ok := at[op.Command]; ok {
			out[n] = append(out[n], op)
			continue
		}
		at[op.Command] = len(out)
		out = append(out, []*jobs.Operation{op})
	}
	return out
}

// runCommand runs the command of ops (one operation, or several chosen by
// --mode): FILE when it reads a document, its positional parameters, a
// flag for each other parameter, -o for an output document. Its checks run
// in a fixed order, so a bad command line gets the same error whatever
// the command: the command line (exit 2), then the files the flags name,
// then the job.
func runCommand(ctx context.Context, e *env, ops []*jobs.Operation, args []string) error {
	c := cliCommands[ops[0].Command]
	notify := notifyFlag{url: new(string), e: e}
	r, g, err := parseRun(e, ops, c, commandSpec(ops, c), args, func(fs *flag.FlagSet) {
		if !c.noNotify {
			notify = addNotifyFlag(fs, e)
		}
	})
	if err != nil {
		return err
	}
	return r.execute(ctx, e, g, c, notify)
}

// parseRun parses a command line of ops under their command's entry c and
// fills the job's payload from it: every check that needs no backend.
// ownFlags adds the flags the caller reads itself (--notify; submit's
// --queue). The command commands and formfill submit share it, so a job
// submitted gets the payload its command would run.
func parseRun(e *env, ops []*jobs.Operation, c cliCommand, s spec, args []string, ownFlags func(*flag.FlagSet)) (*opRun, *globals, error) {
	fs, g := newFlags(e, s)
	mode := addModeFlag(fs.FlagSet, ops)
	f := registerCommandFlags(fs.FlagSet, ops, c)
	f.registerOutput(fs.FlagSet, c)
	ownFlags(fs.FlagSet)
	minArgs := f.positionalCount(ops[0])
	if ops[0].Document {
		minArgs++
	}
	pos, err := parse(fs, args, minArgs, minArgs)
	if err != nil {
		return nil, nil, err
	}
	op, err := selectMode(fs.FlagSet, ops, mode, f)
	if err != nil {
		return nil, nil, err
	}
	r := &opRun{op: op, f: f, job: docJob{typ: *f.typ, payload: jobs.Payload{Kind: op.Kind}}}
	switch {
	case op.Document && c.docLast:
		r.job.path, pos = pos[len(pos)-1], pos[:len(pos)-1]
	case op.Document:
		r.job.path, pos = pos[0], pos[1:]
	}
	if err := r.prepare(c, pos); err != nil {
		return nil, nil, err
	}
	return r, g, nil
}

// execute runs the job once its payload is ready: the job options, the
// backend, the uploads and the payload's completion, the job, its output
// document and its printing.
func (r *opRun) execute(ctx context.Context, e *env, g *globals, c cliCommand, notify notifyFlag) error {
	var err error
	if c.options != nil {
		r.job.opts = c.options(r)
	}
	if r.job.opts, err = notify.apply(ctx, r.job.opts); err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	if err := r.upload(ctx, b, c); err != nil {
		return err
	}
	if c.opened != nil {
		if err := c.opened(ctx, e, g, b, r); err != nil {
			return err
		}
	}
	if r.checksLate(c) {
		if err := r.check(); err != nil {
			return err
		}
	}
	r.res, err = runDocJob(ctx, b, r.job)
	notify.await(ctx, e, b, r.res)
	if err != nil {
		return err
	}
	if err := r.save(ctx, b, c); err != nil {
		return err
	}
	if c.print != nil {
		return c.print(e, g, r)
	}
	return printDefault(e, g, r)
}

// opRun is one run of an operation's command: its flags, its job and, once
// run, its result.
type opRun struct {
	op  *jobs.Operation
	f   *opFlags
	job docJob
	res *jobs.Result
	// given are the parameters' values on the command line, by name.
	given map[string]string
}

// out is the -o file, "" when none.
func (r *opRun) out() string { return r.f.outValue() }

// dryRun reports a run that produces no document.
func (r *opRun) dryRun() bool { return r.job.payload.WriteOptions().DryRun }

// saves reports whether the run saves its output document to -o.
func (r *opRun) saves() bool { return r.out() != "" && !r.dryRun() }

// save saves the run's output document to -o, or what its command's
// entry saves there instead.
func (r *opRun) save(ctx context.Context, b *backend, c cliCommand) error {
	switch {
	case !r.saves():
		return nil
	case c.save != nil:
		return c.save(r)
	}
	return saveOutput(ctx, b.client, r.res, r.out())
}

// printDefault prints a result as its operation declares: its text, or its
// body as JSON (always with --json), its page notes in the command line's
// words (cliPages).
func printDefault(e *env, g *globals, r *opRun) error {
	res := cliPages(r.res)
	if g.json || r.op.Text == nil {
		return printJSON(e.stdout, r.op.Body(res))
	}
	fmt.Fprintln(e.stdout, strings.TrimRight(r.op.Text(res), "\n"))
	return nil
}

// resultBody is the part of a result worth printing for --json: the
// answer of its operation, not the envelope.
func resultBody(r *jobs.Result) any {
	if op := jobs.OperationOf(r.Kind); op != nil && op.Body != nil {
		return op.Body(r)
	}
	return r
}

// prepare fills the payload from the command line, before any job
// backend is opened: the values of the flags and positional arguments are
// checked first (usage errors), then the files they name are read.
func (r *opRun) prepare(c cliCommand, pos []string) error {
	given := map[string]string{}
	r.given = given
	for _, p := range r.op.Params {
		v, ok := r.f.value(p, &pos)
		cf := c.flags[p.Name]
		switch {
		case ok:
			if cf.check != nil {
				if err := cf.check(v); err != nil {
					return &usageError{err}
				}
			}
			given[p.Name] = v
		case cf.missing != "":
			return usagef("%s", cf.missing)
		case p.Required && !p.Local:
			return usagef("--%s is required: %s", r.f.names[p.Name], p.Description)
		}
	}
	if c.check != nil {
		if err := c.check(r); err != nil {
			return err
		}
	}
	for _, p := range r.op.Params {
		v, ok := given[p.Name]
		if !ok || c.flags[p.Name].upload != nil {
			continue
		}
		if err := r.set(p, c.flags[p.Name].load, v); err != nil {
			return err
		}
	}
	if !r.checksLate(c) {
		if err := r.check(); err != nil {
			return err
		}
	}
	if r.out() != "" {
		return checkWritable(r.out())
	}
	return nil
}

// upload sets the parameters whose flags name a file the job reads from
// the job store (verify --source), once the backend is open.
func (r *opRun) upload(ctx context.Context, b *backend, c cliCommand) error {
	for _, p := range r.op.Params {
		cf := c.flags[p.Name]
		v, ok := r.given[p.Name]
		if cf.upload == nil || !ok {
			continue
		}
		id, err := cf.upload(ctx, b, v, r.job.typ)
		if err != nil {
			return err
		}
		if cf.field != "" {
			p.Field, p.Local = cf.field, false
		}
		if err := r.setJSON(p, id); err != nil {
			return err
		}
	}
	return nil
}

// checksLate reports whether the operation's Check waits until the
// backend is open: the run puts a file a flag names in the job store (the
// blob's ID may be what Check asks for), or its command's entry completes
// the payload there (fill --previous).
func (r *opRun) checksLate(c cliCommand) bool {
	if c.opened != nil {
		return true
	}
	for _, p := range r.op.Params {
		if _, ok := r.given[p.Name]; ok && c.flags[p.Name].upload != nil {
			return true
		}
	}
	return false
}

// check runs the operation's own check of its payload: a usage error.
func (r *opRun) check() error {
	if r.op.Check == nil {
		return nil
	}
	if err := r.op.Check(&r.job.payload); err != nil {
		return &usageError{err}
	}
	return nil
}

// set puts one given value into the payload: through the flag's loader,
// or as the parameter's JSON type says.
func (r *opRun) set(p jobs.Param, load func(string) (any, error), v string) error {
	if load != nil {
		val, err := load(v)
		if err != nil {
			return err
		}
		return r.setJSON(p, val)
	}
	if p.Local {
		return nil // a file an MCP server reads; the CLI has its own flag
	}
	raw, err := decodeFlag(p, r.f.names[p.Name], v)
	if err != nil {
		return err
	}
	if err := r.job.payload.Set(p.PayloadField(), raw); err != nil {
		return usagef("--%s: %v", r.f.names[p.Name], err)
	}
	return nil
}

func (r *opRun) setJSON(p jobs.Param, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := r.job.payload.Set(p.PayloadField(), raw); err != nil {
		return usagef("--%s: %v", r.f.names[p.Name], err)
	}
	return nil
}
