package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// printJSON writes v as indented JSON.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// printFields prints list_form_fields' answer as an aligned table.
func printFields(w io.Writer, fields []formats.FormField) {
	if len(fields) == 0 {
		fmt.Fprintln(w, "no fillable fields")
		return
	}
	idw, tw := len("ID"), len("TYPE")
	for _, f := range fields {
		idw, tw = max(idw, len(f.FieldID)), max(tw, len(f.FieldType))
	}
	fmt.Fprintf(w, "%-*s  %-*s  %s\n", idw, "ID", tw, "TYPE", "LABEL / VALUE / OPTIONS")
	for _, f := range fields {
		line := f.Label
		if f.CurrentValue != "" {
			line += fmt.Sprintf(" = %q", f.CurrentValue)
		}
		if len(f.Options) > 0 {
			line += " [" + strings.Join(f.Options, " | ") + "]"
		}
		if f.ReadOnly {
			line += " (read-only)"
		}
		fmt.Fprintf(w, "%-*s  %-*s  %s\n", idw, f.FieldID, tw, f.FieldType, line)
	}
}

// printValidated prints validate_locations' answer, one location a line.
func printValidated(w io.Writer, v []formats.ValidatedLocation) {
	for _, l := range v {
		fmt.Fprintf(w, "%-12s %-10s %s", l.PairID, l.Status, l.XPath)
		if l.Warning != "" {
			fmt.Fprintf(w, "  warning: %s", l.Warning)
		}
		fmt.Fprintln(w)
	}
}

// printWrite prints write_answers' changes.
func printWrite(w io.Writer, r *formats.WriteResult) {
	verb, done := "wrote", "written"
	if r.DryRun {
		verb, done = "would write", "would be written"
	}
	for _, c := range r.Changes {
		fmt.Fprintf(w, "%s %s: %q → %q\n", verb, c.PairID, clip(c.Before, 40), clip(c.After, 60))
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "skipped %s\n", s)
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	for _, a := range r.Removed {
		fmt.Fprintf(w, "removed %s\n", a)
	}
	fmt.Fprintf(w, "%d answers %s, %d skipped\n", len(r.Changes), done, len(r.Skipped))
	if r.Flattened > 0 {
		fmt.Fprintf(w, "%d fields flattened into the pages\n", r.Flattened)
	}
	if r.Encryption != "" {
		fmt.Fprintf(w, "encryption %s\n", r.Encryption)
	}
}

// afterWrite is r without the warnings w gave already: a fill's write
// and verification both note what the write could not recompute (each
// result is read alone over MCP), which its text output prints once.
func afterWrite(r *formats.VerificationReport, w *formats.WriteResult) *formats.VerificationReport {
	if r == nil || w == nil || len(w.Warnings) == 0 {
		return r
	}
	out := *r
	out.Warnings = slices.DeleteFunc(slices.Clone(r.Warnings), func(s string) bool { return slices.Contains(w.Warnings, s) })
	return &out
}

// printReport prints verify_output's report: problems first, then the
// summary line.
func printReport(w io.Writer, r *formats.VerificationReport) {
	for _, issue := range r.StructuralIssues {
		fmt.Fprintf(w, "structural issue: %s\n", issue)
	}
	for _, c := range r.ContentResults {
		switch c.Status {
		case formats.ContentMissing:
			fmt.Fprintf(w, "MISSING    %s: expected %q, found nothing\n", c.PairID, clip(c.Expected, 60))
		case formats.ContentMismatched:
			fmt.Fprintf(w, "MISMATCHED %s: expected %q, found %q\n", c.PairID, clip(c.Expected, 60), clip(c.Actual, 60))
		case formats.ContentNotVisible, formats.ContentAppearanceMismatch, formats.ContentOverflow:
			fmt.Fprintf(w, "%-10s %s: %s\n", strings.ToUpper(string(c.Status)), c.PairID, c.Detail)
		}
	}
	s := r.Summary
	fmt.Fprintf(w, "%d/%d answers matched, %d mismatched, %d missing, %d structural issues (confidence: %d known, %d uncertain, %d unknown)\n",
		s.Matched, s.Total, s.Mismatched, s.Missing, s.StructuralIssues, s.ConfidenceKnown, s.ConfidenceUncertain, s.ConfidenceUnknown)
	if s.ConfidenceNote != "" {
		fmt.Fprintln(w, s.ConfidenceNote)
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warn)
	}
	printReview(w, r.Review)
}

// maxReviewLines bounds the review items the text output lists; --json
// gives all of them.
const maxReviewLines = 20

// printReview lists the answers to review, one a line: where, the
// question, the answer, how sure the agent was and why, and where the
// document shows the comment.
func printReview(w io.Writer, items []formats.ReviewItem) {
	for i, it := range items {
		if i == maxReviewLines {
			fmt.Fprintf(w, "  … and %d more to review (--json lists them all)\n", len(items)-i)
			return
		}
		line := "  review " + it.PairID
		if it.Question != "" {
			line += fmt.Sprintf(" %q", clip(it.Question, 50))
		}
		line += fmt.Sprintf(": %q (%s", clip(it.Answer, 50), it.Confidence)
		if it.Note != "" {
			line += ": " + clip(it.Note, 80)
		}
		line += ")"
		if it.Comment != "" {
			line += "; " + it.Comment
		}
		fmt.Fprintln(w, line)
	}
}

// printStatus prints a job's status in a few lines.
func printStatus(w io.Writer, st *jobs.Status) {
	fmt.Fprintf(w, "job %s: %s", st.ID, st.State)
	if st.Kind != "" {
		fmt.Fprintf(w, " (%s on %s", st.Kind, st.Queue)
		if st.Retried > 0 {
			fmt.Fprintf(w, ", retried %d/%d", st.Retried, st.MaxRetry)
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintln(w)
	if st.LastError != "" && st.State != jobs.StateCompleted {
		fmt.Fprintf(w, "last error: %s\n", st.LastError)
	}
	if st.Result != nil && st.Result.Error != nil {
		fmt.Fprintf(w, "error: %s\n", st.Result.Error.Message)
	}
}

// printResult prints a job result in the human form of its kind, its
// page notes in the command line's words (cliPages).
func printResult(w io.Writer, r *jobs.Result) {
	r = cliPages(r)
	switch {
	case r.Raw != nil:
		printJSON(w, r.Raw)
	case r.Fields != nil:
		printFields(w, r.Fields)
	case r.Validated != nil:
		printValidated(w, r.Validated)
	case r.Insertion != nil:
		printInsertion(w, r.Insertion)
	case r.Write != nil || r.Report != nil:
		if r.Write != nil {
			printWrite(w, r.Write)
		}
		if r.Report != nil {
			printReport(w, afterWrite(r.Report, r.Write))
		}
	default:
		if op := jobs.OperationOf(r.Kind); op != nil && op.Text != nil {
			fmt.Fprintln(w, strings.TrimRight(op.Text(r), "\n"))
			return
		}
		printJSON(w, resultBody(r))
	}
}

func printInsertion(w io.Writer, r *formats.BuildInsertionResult) {
	if !r.Valid {
		fmt.Fprintf(w, "invalid: %s\n", r.Error)
		return
	}
	fmt.Fprintln(w, r.InsertionXML)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
