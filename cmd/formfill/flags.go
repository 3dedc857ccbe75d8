package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// errHelp ends a command that printed its help: exit status 0.
var errHelp = errors.New("help shown")

// usageError is a wrong command line: exit status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// silentError ends a command with code after it has printed its own report.
type silentError struct{ code int }

func (e *silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// spec describes a command's usage for --help.
type spec struct {
	name     string // command name
	args     string // positional arguments, e.g. "FILE"
	desc     string // what it does, a paragraph
	examples []string
}

// globals are the flags every command has.
type globals struct {
	redis     string
	blobStore string // --blob-store s3://BUCKET/PREFIX
	json      bool
	fonts     fontFlags // commands that run the PDF engine only
}

// flagSet is a command's flags and its help text.
type flagSet struct {
	*flag.FlagSet
	help func()
}

// newFlags returns a FlagSet for s with the common flags registered; --help
// prints the description, the flags and the examples.
func newFlags(e *env, s spec) (*flagSet, *globals) {
	fs := flag.NewFlagSet(s.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// The flag package would print the whole help on any flag error; the
	// error alone, with a pointer to --help, is easier to read.
	fs.Usage = func() {}
	g := &globals{}
	fs.StringVar(&g.redis, "redis", "", "Redis `URL`: redis://[user:pass@]host:port[/db] or rediss:// for TLS;\nredis-sentinel://[:pass@]host:port[,…]/MASTER[/db]; redis-cluster://[:pass@]host:port[,…] (default $FORMFILL_REDIS_URL)")
	fs.StringVar(&g.blobStore, "blob-store", "", "keep documents in object storage, `s3://BUCKET/PREFIX`, instead of Redis; endpoint, region\nand credentials from AWS_ENDPOINT_URL(_S3), AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (default $FORMFILL_BLOB_STORE)")
	fs.BoolVar(&g.json, "json", false, "print JSON for scripts instead of text")
	if fontCommands[s.name] {
		g.fonts.register(fs)
	}
	return &flagSet{FlagSet: fs, help: func() { printUsage(e.stdout, fs, s) }}, g
}

func printUsage(w io.Writer, fs *flag.FlagSet, s spec) {
	fmt.Fprintf(w, "Usage: formfill %s %s[FLAGS]\n\n%s\n\nFlags:\n", s.name, argsWithSpace(s.args), strings.TrimSpace(s.desc))
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(w, "\nExample:")
	for _, ex := range s.examples {
		fmt.Fprintln(w, "  "+ex)
	}
}

func argsWithSpace(a string) string {
	if a == "" {
		return ""
	}
	return a + " "
}

// parse parses args allowing flags before, between and after positional
// arguments (formfill fill FILE --answers A.json), and checks the number of
// positional arguments is within [min, max] (max < 0: unbounded).
func parse(fs *flagSet, args []string, minArgs, maxArgs int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.help()
				return nil, errHelp
			}
			return nil, &usageError{err}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if rest[0] == "--" {
			pos = append(pos, rest[1:]...)
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	switch {
	case len(pos) < minArgs:
		return nil, usagef("missing argument: expected %d, got %d", minArgs, len(pos))
	case maxArgs >= 0 && len(pos) > maxArgs:
		return nil, usagef("unexpected argument %q", pos[maxArgs])
	}
	return pos, nil
}

// stringList is a repeatable or comma-separated flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			*l = append(*l, p)
		}
	}
	return nil
}
