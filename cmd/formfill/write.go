package main

import (
	"fmt"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/batch"
)

type writeJSON struct {
	Write  *formats.WriteResult        `json:"write"`
	Report *formats.VerificationReport `json:"report,omitempty"`
	Output string                      `json:"output_file_path,omitempty"`
	OK     *bool                       `json:"ok,omitempty"`
}

func outputName(out string, dry bool) string {
	if dry {
		return ""
	}
	return out
}

// reportOutcome prints a verification report and fails (exit 1, naming the
// problems) when it is not clean.
func reportOutcome(e *env, g *globals, r *formats.VerificationReport, asJSON func() error) error {
	if r == nil {
		return fmt.Errorf("the job returned no verification report")
	}
	if g.json {
		if err := asJSON(); err != nil {
			return err
		}
	} else {
		printReport(e.stdout, r)
	}
	if !r.OK() {
		fmt.Fprintf(e.stderr, "formfill: verification failed: %s\n", batch.Problems(r))
		return &silentError{exitFailure}
	}
	return nil
}
