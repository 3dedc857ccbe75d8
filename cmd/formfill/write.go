package main

import (
	"context"
	"fmt"
	"os"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

func runWrite(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "write", args: "FILE",
		desc: `Writes answers into the document and saves the result to -o. The answers
file is the JSON array write_answers takes:
  [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd", "mode": "replace_content"}]
Without mode, Word fills a blank the target shows (replace_placeholder),
writes an empty target (replace_content), else appends; Excel and PDF
replace. Legal templates are edited in place with:
  replace_text   {"pair_id": "P9", "mode": "replace_text", "find": "[___]", "occurrence": 2, "answer_text": "Acme"}
  delete         {"pair_id": "P14", "mode": "delete"}   (with "find": only that text)
  insert_after   {"pair_id": "P33", "mode": "insert_after", "answer_text": "<definition>Closing Cash</definition> means …"}
  insert_before  likewise, before the target
Word answer_text may carry <b> <i> <u> <definition> <header> tags; a write
that would remove a field, footnote reference or bookmark is refused unless
the answer says "force": true. insertion_xml may replace answer_text for
structured content. --dry-run shows what would change without writing.
For a reviewer: --track-changes (Word) writes each answer as a tracked change
by --author, and --comment-uncertain flags every answer whose confidence is
uncertain or unknown with its "note": a Word comment, an Excel cell note, a
PDF text annotation that does not print.`,
		examples: []string{
			"formfill write questionnaire.docx --answers answers.json -o filled.docx",
			"formfill write form.pdf --answers answers.json --dry-run",
			`formfill write nda.docx --answers answers.json -o nda.review.docx --track-changes --comment-uncertain --author "Jane Doe"`,
		}})
	answersPath := fs.String("answers", "", "JSON file of answers (required)")
	out := fs.String("o", "", "output file for the filled document (required unless --dry-run)")
	dry := fs.Bool("dry-run", false, "report the changes without producing a document")
	typ := fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	review := addReviewFlags(fs)
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *answersPath == "" {
		return usagef("--answers is required")
	}
	if *out == "" && !*dry {
		return usagef("-o OUT is required (or --dry-run)")
	}
	answers, err := loadAnswers(*answersPath)
	if err != nil {
		return err
	}
	if *out != "" {
		if err := checkWritable(*out); err != nil {
			return err
		}
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	payload := jobs.Payload{Kind: jobs.KindWrite, Answers: answers}
	if *dry {
		payload.Write = &formats.WriteOptions{DryRun: true}
	}
	review.apply(&payload)
	res, err := runDocJob(ctx, b, docJob{path: pos[0], typ: *typ, payload: payload})
	if err != nil {
		return err
	}
	if *out != "" && !*dry {
		if err := saveOutput(ctx, b.client, res, *out); err != nil {
			return err
		}
	}
	if g.json {
		return printJSON(e.stdout, writeJSON{Write: res.Write, Output: outputName(*out, *dry)})
	}
	printWrite(e.stdout, res.Write)
	if *out != "" && !*dry {
		fmt.Fprintf(e.stdout, "saved %s\n", *out)
	}
	return nil
}

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

func runVerify(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "verify", args: "FILE",
		desc: `Checks a filled document: structural soundness, and for each expected
answer whether the text at its target matches. --expected is a JSON array of
{"pair_id", "expected_text", "confidence"}; an answers file (answer_text) is
accepted too. With --source, the document it was written from, verify also
reports fields, footnote references and bookmarks the write lost. Exits 1
when an answer is missing or mismatched or the document has a structural
issue.`,
		examples: []string{
			"formfill verify filled.docx --expected expected.json",
			"formfill verify filled.docx --expected expected.json --source agreement.docx",
			"formfill verify filled.xlsx --expected answers.json --json",
		}})
	expPath := fs.String("expected", "", "JSON file of expected answers, or the answers file (required)")
	source := fs.String("source", "", "the document FILE was written from, to report what the write lost")
	typ := fs.String("type", "", "document type word, excel or pdf (default: from the extension)")
	pos, err := parse(fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *expPath == "" {
		return usagef("--expected is required")
	}
	expected, err := loadExpected(*expPath)
	if err != nil {
		return err
	}
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	p := jobs.Payload{Kind: jobs.KindVerify, Expected: expected}
	if *source != "" {
		data, _, err := readDocument(*source, *typ)
		if err != nil {
			return fmt.Errorf("--source: %w", err)
		}
		if p.SourceDocID, err = b.client.PutBlob(ctx, data); err != nil {
			return err
		}
	}
	res, err := runDocJob(ctx, b, docJob{path: pos[0], typ: *typ, payload: p})
	if err != nil {
		return err
	}
	return reportOutcome(e, g, res.Report, func() error { return printJSON(e.stdout, res.Report) })
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
		fmt.Fprintf(e.stderr, "formfill: verification failed: %s\n", problems(r))
		return &silentError{exitFailure}
	}
	return nil
}

func runBuildInsertion(ctx context.Context, e *env, args []string) error {
	fs, g := newFlags(e, spec{name: "build-insertion",
		desc: `Builds the OOXML to insert for an answer, inheriting the formatting of
the target's context (a w:tc, w:p or w:r snippet from extract --mode raw),
and validates it. Use its output as insertion_xml in an answers file.
--context-xml @FILE reads the context from a file.`,
		examples: []string{
			`formfill build-insertion --text "Acme Ltd" --context-xml '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>x</w:t></w:r></w:p>'`,
			`formfill build-insertion --text "<w:r><w:t>Yes</w:t></w:r>" --answer-type structured --context-xml @cell.xml --json`,
		}})
	text := fs.String("text", "", "the answer text, or OOXML runs with --answer-type structured (required)")
	ctxXML := fs.String("context-xml", "", "the target's XML, or @FILE to read it from a file (required)")
	answerType := fs.String("answer-type", string(formats.PlainText), "plain_text or structured")
	if _, err := parse(fs, args, 0, 0); err != nil {
		return err
	}
	if *text == "" || *ctxXML == "" {
		return usagef("--text and --context-xml are required")
	}
	if at := formats.AnswerType(*answerType); at != formats.PlainText && at != formats.Structured {
		return usagef("--answer-type %q: expected plain_text or structured", *answerType)
	}
	xml := *ctxXML
	if len(xml) > 1 && xml[0] == '@' {
		data, err := os.ReadFile(xml[1:])
		if err != nil {
			return fmt.Errorf("--context-xml: %w", err)
		}
		xml = string(data)
	}
	req := &formats.BuildInsertionRequest{AnswerText: *text, TargetContextXML: xml, AnswerType: formats.AnswerType(*answerType)}
	return runSimple(ctx, e, g, docJob{payload: jobs.Payload{Kind: jobs.KindBuildInsertion, Insertion: req}})
}

// runSimple runs one document job and prints its result.
func runSimple(ctx context.Context, e *env, g *globals, j docJob) error {
	b, err := openBackend(ctx, e, g, backendOptions{allowEmbedded: true})
	if err != nil {
		return err
	}
	defer b.Close()
	res, err := runDocJob(ctx, b, j)
	if err != nil {
		return err
	}
	if g.json {
		return printJSON(e.stdout, resultBody(res))
	}
	printResult(e.stdout, res)
	return nil
}
