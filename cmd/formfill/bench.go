package main

import (
	"context"

	"github.com/formfill/formfill/internal/bench"
)

// runBench hands over to internal/bench, which owns the command's flags
// (including --help with its example) and its signal handling.
func runBench(_ context.Context, e *env, args []string) error {
	if code := bench.Main(args, e.stdout, e.stderr); code != exitOK {
		return &silentError{code}
	}
	return nil
}
