// Package formfill fills questionnaires and forms — Word .docx, Excel .xlsx
// and fillable PDF — in your own Go program, without a queue: the same
// engines the formfill service's workers run, called on bytes in memory.
//
// The flow is the one an agent follows over MCP:
//
//  1. Extract the document's compact map: every paragraph, cell and field
//     with a stable element ID (Word "T1-R2-C2", Excel "S1-R5-C3", PDF "F4"),
//     "← answer to <question>" on the places answers go, and Targets: each
//     of them with its question and what it accepts.
//  2. Decide the answers (your code's job, never formfill's).
//  3. Write them, or Fill (write, then verify on one parse): formfill builds
//     each answer with its target's formatting and leaves every untouched
//     part of the file byte-identical.
//  4. Verify what a reader of the filled document will see.
//
// Every function given a document takes a context: when it ends, the work
// stops part-way and the call returns an error wrapping ErrStopped. Bad input is an error
// satisfying errors.Is with ErrInvalidDocument, ErrInvalidArgument,
// ErrTooLarge or ErrUnsupported, naming the field or element concerned.
//
// The document's type comes from its content (zip parts, PDF header); name
// it with Type when the bytes alone cannot tell. To run the same work
// through Redis and scaled workers instead, use package jobs and the
// formfill binary (formfill worker, formfill mcp).
package formfill

import (
	"context"
	"fmt"

	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all" // every engine
	"github.com/formfill/formfill/formats/pdf"
	"github.com/formfill/formfill/formats/reuse"
)

// The types the functions exchange; their JSON forms are those of the MCP
// tools and job payloads.
type (
	// FileType names a document format: Word, Excel or PDF.
	FileType = formats.FileType
	// Map is a document's compact map: the text an agent reads, and each
	// element ID's XPath.
	Map = formats.CompactStructure
	// Answer is one answer to write: a target (PairID: an element ID or a
	// PDF field name) and AnswerText, with a Mode and a Confidence.
	Answer = formats.Answer
	// Expected is one answer Verify checks for.
	Expected = formats.ExpectedAnswer
	// Location is one place Validate checks.
	Location = formats.Location
	// ValidatedLocation is Validate's verdict on one Location.
	ValidatedLocation = formats.ValidatedLocation
	// Field is one fillable field of a document.
	Field = formats.FormField
	// WriteResult is what Write did; its Document is the filled file.
	WriteResult = formats.WriteResult
	// Report is Verify's verdict: structural issues and one result per
	// expected answer.
	Report = formats.VerificationReport
	// DocumentView is one page of ReadDocument's rows.
	DocumentView = formats.DocumentView
	// SearchResult is one page of Search's matching elements.
	SearchResult = formats.SearchResult
	// HarvestResult is Harvest's answer: the answered places of a filled
	// document and the targets still open.
	HarvestResult = formats.HarvestResult
	// CarryOverResult is CarryOver's answer: answers ready for Write or
	// Fill, each with where it came from and its confidence, and the
	// targets left unmatched.
	CarryOverResult = reuse.Result
	// Crosswalk maps question numbers of a new version to the previous
	// version's, for CarryOver (the UseCrosswalk option): ParseCrosswalk reads one.
	Crosswalk = reuse.Crosswalk
)

// The formats.
const (
	Word  = formats.Word
	Excel = formats.Excel
	PDF   = formats.PDF
)

// Errors the functions return, for errors.Is.
var (
	ErrInvalidDocument = formats.ErrInvalidDocument
	ErrInvalidArgument = formats.ErrInvalidArgument
	ErrTooLarge        = formats.ErrTooLarge
	ErrUnsupported     = formats.ErrUnsupported
	ErrStopped         = formats.ErrStopped
)

// writeOptions are the write options of a call.
func (c *config) writeOptions() formats.WriteOptions {
	o := c.write
	o.DryRun = c.dryRun
	return o
}

// engine detects doc's type and returns its engine, bound to ctx, and the
// call's options, refusing those that do not apply to call.
func engine(ctx context.Context, doc []byte, opts []Option, call calls) (formats.Engine, *config, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrStopped, err)
	}
	var c config
	for _, o := range opts {
		o(&c)
	}
	if err := c.check(call); err != nil {
		return nil, nil, err
	}
	t, err := formats.Detect(c.name, string(c.typ), doc)
	if err != nil {
		return nil, nil, err
	}
	e, err := formats.Lookup(t)
	if err != nil {
		return nil, nil, err
	}
	if p, ok := e.(*pdf.Engine); ok {
		e = p.WithFonts(fontsFor(&c))
	}
	return formats.WithContext(ctx, e), &c, nil
}

// wrap names the call an error came from, keeping it for errors.Is.
func wrap(call string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", call, err)
}

// Extract returns the document's compact map.
func Extract(ctx context.Context, doc []byte, opts ...Option) (*Map, error) {
	m, _, err := extract(ctx, doc, opts, callExtract)
	return m, wrap("extract", err)
}

// extract makes the compact map, with its active-content warnings, for
// call, and returns the call's options with it.
func extract(ctx context.Context, doc []byte, opts []Option, call calls) (*Map, *config, error) {
	e, c, err := engine(ctx, doc, opts, call)
	if err != nil {
		return nil, nil, err
	}
	m, err := e.ExtractCompact(doc)
	if err != nil {
		return nil, nil, err
	}
	items, err := formats.FindActive(e, doc)
	if err != nil {
		return nil, nil, err
	}
	m.Warnings = formats.ActiveWarnings(items)
	return m, c, nil
}

// ExtractText returns the document's plain text in reading order.
func ExtractText(ctx context.Context, doc []byte, opts ...Option) (string, error) {
	e, _, err := engine(ctx, doc, opts, callExtractText)
	if err != nil {
		return "", wrap("extract text", err)
	}
	s, err := e.ExtractText(doc)
	return s, wrap("extract text", err)
}

// ListFields returns what can be filled: PDF form fields, Excel answer
// cells, Word content controls and empty answer cells.
func ListFields(ctx context.Context, doc []byte, opts ...Option) ([]Field, error) {
	e, _, err := engine(ctx, doc, opts, callListFields)
	if err != nil {
		return nil, wrap("list fields", err)
	}
	fs, err := e.ListFields(doc)
	return fs, wrap("list fields", err)
}

// Validate checks that each location points at exactly one place.
func Validate(ctx context.Context, doc []byte, locations []Location, opts ...Option) ([]ValidatedLocation, error) {
	if err := formats.CheckCount("locations", len(locations)); err != nil {
		return nil, wrap("validate", err)
	}
	e, _, err := engine(ctx, doc, opts, callValidate)
	if err != nil {
		return nil, wrap("validate", err)
	}
	vs, err := e.Validate(doc, locations)
	return vs, wrap("validate", err)
}

// Write writes the answers and returns the filled document in the result's
// Document (nil with DryRun).
func Write(ctx context.Context, doc []byte, answers []Answer, opts ...Option) (*WriteResult, error) {
	e, c, err := engine(ctx, doc, opts, callWrite)
	if err != nil {
		return nil, wrap("write", err)
	}
	w, err := formats.Write(e, doc, answers, c.writeOptions())
	return w, wrap("write", err)
}

// Verify checks a filled document against the expected answers.
func Verify(ctx context.Context, doc []byte, expected []Expected, opts ...Option) (*Report, error) {
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, wrap("verify", err)
	}
	e, c, err := engine(ctx, doc, opts, callVerify)
	if err != nil {
		return nil, wrap("verify", err)
	}
	r, err := formats.Verify(e, c.source, doc, expected)
	return r, wrap("verify", err)
}

// Fill writes the answers and verifies the result against them on one parse
// of the document. The report is nil with DryRun. A report that is not OK
// is not an error: it lists what is missing or mismatched.
func Fill(ctx context.Context, doc []byte, answers []Answer, opts ...Option) (*WriteResult, *Report, error) {
	e, c, err := engine(ctx, doc, opts, callFill)
	if err != nil {
		return nil, nil, wrap("fill", err)
	}
	w, r, err := formats.Fill(e, doc, answers, c.writeOptions())
	if err != nil {
		return nil, nil, wrap("fill", err)
	}
	return w, r, nil
}

// ReadDocument returns the document as rows a reader follows, as the
// read_document tool does: for Word one row per paragraph and table cell,
// with the list label Word shows ("2.1", "(a)"), a run-in header and a
// style; for Excel one row per worksheet row; for PDF one per field. Page
// and ViewFormat shape the answer; without Page it holds every row.
func ReadDocument(ctx context.Context, doc []byte, opts ...Option) (*DocumentView, error) {
	e, c, err := engine(ctx, doc, opts, callReadDocument)
	if err != nil {
		return nil, wrap("read document", err)
	}
	nodes, err := e.ReadDocument(doc)
	if err != nil {
		return nil, wrap("read document", err)
	}
	v, err := formats.NewDocumentView(nodes, c.format, c.page)
	return v, wrap("read document", err)
}

// Search finds pattern in the document, as the search_document tool
// does: the elements that hold it, in document order, each with its first
// match in context and its number of matches. Letter case is ignored;
// Regex makes pattern a regular expression. Page limits the answer.
func Search(ctx context.Context, doc []byte, pattern string, opts ...Option) (*SearchResult, error) {
	m, c, err := extract(ctx, doc, opts, callSearch)
	if err != nil {
		return nil, wrap("search", err)
	}
	r, err := m.Search(pattern, c.regex, c.page)
	return r, wrap("search", err)
}

// Harvest reads back the answers a filled document holds, one per
// answered place (a ticked box as Yes, a choice as its label), with the
// targets still open listed apart, as the harvest_answers tool does.
func Harvest(ctx context.Context, filled []byte, opts ...Option) (*HarvestResult, error) {
	h, err := harvest(ctx, filled, opts, callHarvest)
	return h, wrap("harvest", err)
}

func harvest(ctx context.Context, filled []byte, opts []Option, call calls) (*HarvestResult, error) {
	e, _, err := engine(ctx, filled, opts, call)
	if err != nil {
		return nil, err
	}
	cs, err := formats.HarvestCompact(e, filled)
	if err != nil {
		return nil, err
	}
	return formats.HarvestWith(e, filled, cs, func() ([]formats.ViewNode, error) { return e.ReadDocument(filled) })
}

// CarryOver carries the answers of previous, a filled document of any
// format, onto the answer targets of doc, as the carry_over_answers tool
// does. Its Answers are ready for Write or Fill (with CommentUncertain, a
// reviewer sees which were carried on a guess). Options such as Type and
// Name describe doc; previous's type comes from its content.
func CarryOver(ctx context.Context, previous, doc []byte, opts ...Option) (*CarryOverResult, error) {
	prev, err := harvest(ctx, previous, nil, callCarryOver)
	if err != nil {
		return nil, wrap("carry over: the previous document", err)
	}
	e, c, err := engine(ctx, doc, opts, callCarryOver)
	if err != nil {
		return nil, wrap("carry over", err)
	}
	cs, err := e.ExtractCompact(doc)
	if err != nil {
		return nil, wrap("carry over", err)
	}
	r, err := reuse.Into(prev, cs, c.crosswalk)
	return r, wrap("carry over", err)
}

// ParseCrosswalk reads a crosswalk for the UseCrosswalk option from a CSV of
// new,old lines or JSON (see reuse.ParseCrosswalk); name is what the
// carried answers' notes cite.
func ParseCrosswalk(name string, data []byte) (*Crosswalk, error) {
	cw, err := reuse.ParseCrosswalk(name, data)
	return cw, wrap("parse crosswalk", err)
}
