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
// Every function takes a context: when it ends, the work stops part-way and
// the call returns an error wrapping ErrStopped. Bad input is an error
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
	"os"
	"sync"
	"time"

	"github.com/formfill/formfill/fontdir"
	"github.com/formfill/formfill/formats"
	_ "github.com/formfill/formfill/formats/all" // every engine
	"github.com/formfill/formfill/formats/pdf"
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

// Option tunes a call.
type Option func(*config)

type config struct {
	typ      FileType
	name     string
	dryRun   bool
	source   []byte
	fontDirs []string
	noSystem bool
	write    formats.WriteOptions
}

// Type says what format the document is, when its bytes alone do not tell
// (they always do for well-formed documents).
func Type(t FileType) Option { return func(c *config) { c.typ = t } }

// Name gives the document's file name, whose extension must then agree with
// its content: a check that the file is what the caller believes it is.
func Name(name string) Option { return func(c *config) { c.name = name } }

// DryRun makes Write and Fill report what they would change without
// producing a document.
func DryRun() Option { return func(c *config) { c.dryRun = true } }

// Source gives Verify the document the verified one was written from: it
// then also reports, as structural issues, the fields, footnote references
// and bookmarks the write lost.
func Source(original []byte) Option { return func(c *config) { c.source = original } }

// FontDirs names directories of fonts for PDF text a form's own fonts
// cannot show (Japanese names in a Helvetica field, say), searched before
// the system's font directories. Without it, $FORMFILL_FONT_DIRS and the
// system's directories are searched; Noto fonts (Debian's fonts-noto-core
// and fonts-noto-cjk) cover every script. A character no font has is
// stored but not drawn, and Fill and Verify report it not_visible.
func FontDirs(dirs ...string) Option { return func(c *config) { c.fontDirs = dirs } }

// NoSystemFonts leaves the system's font directories out of the search.
func NoSystemFonts() Option { return func(c *config) { c.noSystem = true } }

// fontSources caches one font source per directory list: a source parses
// each font file once, and a CJK collection is 20 MB.
var fontSources sync.Map // string → *fontdir.Source

// fontsFor returns the fallback fonts c asks for.
func fontsFor(c *config) *fontdir.Source {
	dirs := c.fontDirs
	if dirs == nil {
		dirs = fontdir.FromEnv(os.Getenv(fontdir.EnvDirs))
	}
	key := fmt.Sprint(c.noSystem, dirs)
	if s, ok := fontSources.Load(key); ok {
		return s.(*fontdir.Source)
	}
	s, _ := fontSources.LoadOrStore(key, fontdir.New(dirs, fontdir.Options{NoSystem: c.noSystem}))
	return s.(*fontdir.Source)
}

// TrackChanges makes Write and Fill write every answer into a Word
// document as a tracked change by author ("" for formfill), which the
// reviewer accepts or rejects.
func TrackChanges(author string) Option {
	return func(c *config) { c.write.TrackChanges, c.write.Author = true, author }
}

// CommentUncertain makes Write and Fill comment every answer whose
// confidence is uncertain or unknown, giving the confidence and its note:
// a Word comment, an Excel cell note, a PDF text annotation that does not
// print.
func CommentUncertain() Option { return func(c *config) { c.write.CommentUncertain = true } }

// Flatten makes Write and Fill burn a filled PDF form into its pages:
// each field's appearance becomes page content and the fields and the
// form are removed, so the answers show and print alike in every viewer
// and can no longer be edited as fields. Signature fields stay fields
// (the result warns) unless withSignatures. Fill verifies the fields as
// filled, before they were burnt in. Word and Excel documents refuse it
// with ErrInvalidArgument.
func Flatten(withSignatures bool) Option {
	return func(c *config) { c.write.Flatten, c.write.FlattenSignatures = true, withSignatures }
}

// StripActiveContent makes Write and Fill remove what the filled document
// would run or fetch when opened (PDF JavaScript and launch actions, Word
// remote templates, altChunks, external links and fields that fetch URLs)
// and list it in the result's Removed. Without it, the result's Warnings
// list it.
func StripActiveContent() Option { return func(c *config) { c.write.StripActiveContent = true } }

// ReviewDate fixes the date tracked changes and comments carry (default:
// the time of the write), for reproducible output.
func ReviewDate(t time.Time) Option {
	return func(c *config) { c.write.Date = t.UTC().Format(time.RFC3339) }
}

// writeOptions are the write options of a call.
func (c *config) writeOptions() formats.WriteOptions {
	o := c.write
	o.DryRun = c.dryRun
	return o
}

// engine detects doc's type and returns its engine, bound to ctx.
func engine(ctx context.Context, doc []byte, opts []Option) (formats.Engine, *config, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("%w: %w", ErrStopped, err)
	}
	var c config
	for _, o := range opts {
		o(&c)
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

// Extract returns the document's compact map.
func Extract(ctx context.Context, doc []byte, opts ...Option) (*Map, error) {
	e, _, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, err
	}
	m, err := e.ExtractCompact(doc)
	if err != nil {
		return nil, err
	}
	items, err := formats.FindActive(e, doc)
	if err != nil {
		return nil, err
	}
	m.Warnings = formats.ActiveWarnings(items)
	return m, nil
}

// ExtractText returns the document's plain text in reading order.
func ExtractText(ctx context.Context, doc []byte, opts ...Option) (string, error) {
	e, _, err := engine(ctx, doc, opts)
	if err != nil {
		return "", err
	}
	return e.ExtractText(doc)
}

// ListFields returns what can be filled: PDF form fields, Excel answer
// cells, Word content controls and empty answer cells.
func ListFields(ctx context.Context, doc []byte, opts ...Option) ([]Field, error) {
	e, _, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, err
	}
	return e.ListFields(doc)
}

// Validate checks that each location points at exactly one place.
func Validate(ctx context.Context, doc []byte, locations []Location, opts ...Option) ([]ValidatedLocation, error) {
	if err := formats.CheckCount("locations", len(locations)); err != nil {
		return nil, err
	}
	e, _, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, err
	}
	return e.Validate(doc, locations)
}

// Write writes the answers and returns the filled document in the result's
// Document (nil with DryRun).
func Write(ctx context.Context, doc []byte, answers []Answer, opts ...Option) (*WriteResult, error) {
	e, c, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, err
	}
	return formats.Write(e, doc, answers, c.writeOptions())
}

// Verify checks a filled document against the expected answers.
func Verify(ctx context.Context, doc []byte, expected []Expected, opts ...Option) (*Report, error) {
	if err := formats.CheckCount("expected", len(expected)); err != nil {
		return nil, err
	}
	e, c, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, err
	}
	return formats.Verify(e, c.source, doc, expected)
}

// Fill writes the answers and verifies the result against them on one parse
// of the document. The report is nil with DryRun. A report that is not OK
// is not an error: it lists what is missing or mismatched.
func Fill(ctx context.Context, doc []byte, answers []Answer, opts ...Option) (*WriteResult, *Report, error) {
	e, c, err := engine(ctx, doc, opts)
	if err != nil {
		return nil, nil, err
	}
	w, r, err := formats.Fill(e, doc, answers, c.writeOptions())
	if err != nil {
		return nil, nil, fmt.Errorf("fill: %w", err)
	}
	return w, r, nil
}
