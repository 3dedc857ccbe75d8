package jobs

import (
	"encoding/json"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/formats/reuse"
)

// Payload is what a task carries: references to blobs, never document
// bytes. The arguments several operations share (the document, its type,
// answers, page, write options) sit at the top; those of one operation sit
// in that operation's own struct (Compact, Search, Read, Validate, Verify,
// CarryOver), nil when unused.
//
// On the wire a payload is one flat JSON object, as every earlier version
// wrote it (payloadWire): jobs queued before an upgrade, and jobs a new
// client queues for a worker not yet upgraded, read the same either way.
type Payload struct {
	Kind     Kind
	DocID    string // sha256 hex of the document blob
	FileType formats.FileType
	// Answers are what write and fill write (and fill then verifies).
	Answers   []formats.Answer
	Insertion *formats.BuildInsertionRequest // build_insertion
	// Page bounds the elements a reading operation returns (offset, limit,
	// max_tokens): extract_compact, search and read_document.
	formats.Page
	Compact   *CompactArgs   // extract_compact
	Search    *SearchArgs    // search
	Read      *ReadArgs      // read_document
	Validate  *ValidateArgs  // validate
	Verify    *VerifyArgs    // verify
	CarryOver *CarryOverArgs // carry_over
	// Write holds the write options of write and fill; absent in jobs of
	// earlier versions, which then write as before.
	Write *formats.WriteOptions
	// Group holds the fill payloads of a fill_group job, each with its own
	// document and answers.
	Group []Payload
	// AnswersBlob holds Answers, Group and validate's and verify's lists as
	// a blob when they are too large to travel in the task itself (see
	// maxInlinePayload).
	AnswersBlob string
	PayloadBlob string // the whole payload, sealed as a blob, when the client encrypts at rest (WithKeyring)
}

// CompactArgs are extract_compact's arguments.
type CompactArgs struct {
	View string   `json:"view,omitempty"` // map or targets
	IDs  []string `json:"ids,omitempty"`  // elements to return in full
}

// SearchArgs are search's arguments.
type SearchArgs struct {
	Pattern string `json:"pattern,omitempty"`
	Regex   bool   `json:"regex,omitempty"` // pattern is a regular expression
}

// ReadArgs are read_document's arguments.
type ReadArgs struct {
	Format string `json:"format,omitempty"` // toon or json
}

// ValidateArgs are validate's arguments.
type ValidateArgs struct {
	Locations []formats.Location `json:"locations,omitempty"` // where answers would go
}

// VerifyArgs are verify's arguments.
type VerifyArgs struct {
	Expected []formats.ExpectedAnswer `json:"expected,omitempty"` // what each target should contain
	// SourceDocID names the document the verified one was written from,
	// so verify also reports what the write lost; the worker fetches it
	// into Source, which never travels.
	SourceDocID string `json:"source_doc_id,omitempty"`
	Source      []byte `json:"-"`
}

// CarryOverArgs are carry_over's arguments.
type CarryOverArgs struct {
	// PreviousDocID names the filled document carry_over reads the answers
	// from (any format); the worker fetches it into Previous, which never
	// travels (an MCP server or a test sets it directly).
	PreviousDocID string `json:"previous_doc_id,omitempty"`
	Previous      []byte `json:"-"`
	// Map is a crosswalk of question numbers, new version to previous
	// (nil: none).
	Map *reuse.Crosswalk `json:"map,omitempty"`
}

// WriteOptions are the write options the payload carries (none: write as
// before they existed).
func (p *Payload) WriteOptions() formats.WriteOptions { return valueOf(p.Write) }

// compactArgs, searchArgs, ... are an operation's arguments, the zero ones
// when the payload carries none.
func (p *Payload) compactArgs() CompactArgs     { return valueOf(p.Compact) }
func (p *Payload) searchArgs() SearchArgs       { return valueOf(p.Search) }
func (p *Payload) readArgs() ReadArgs           { return valueOf(p.Read) }
func (p *Payload) validateArgs() ValidateArgs   { return valueOf(p.Validate) }
func (p *Payload) verifyArgs() VerifyArgs       { return valueOf(p.Verify) }
func (p *Payload) carryOverArgs() CarryOverArgs { return valueOf(p.CarryOver) }

func valueOf[T any](v *T) T {
	var zero T
	if v == nil {
		return zero
	}
	return *v
}

// payloadWire is a payload as it travels: flat, its fields in the order
// every version so far wrote them, so the bytes of a payload are those an
// earlier version wrote for the same job (worker/compat_test.go).
type payloadWire struct {
	Kind          Kind                           `json:"kind"`
	DocID         string                         `json:"doc_id,omitempty"`
	SourceDocID   string                         `json:"source_doc_id,omitempty"`
	PreviousDocID string                         `json:"previous_doc_id,omitempty"`
	FileType      formats.FileType               `json:"file_type,omitempty"`
	Locations     []formats.Location             `json:"locations,omitempty"`
	Answers       []formats.Answer               `json:"answers,omitempty"`
	Expected      []formats.ExpectedAnswer       `json:"expected,omitempty"`
	Insertion     *formats.BuildInsertionRequest `json:"insertion,omitempty"`
	DryRun        bool                           `json:"dry_run,omitempty"`
	formats.Page
	View               string    `json:"view,omitempty"`
	IDs                []string  `json:"ids,omitempty"`
	Pattern            string    `json:"pattern,omitempty"`
	Regex              bool      `json:"regex,omitempty"`
	Format             string    `json:"format,omitempty"`
	TrackChanges       bool      `json:"track_changes,omitempty"`
	CommentUncertain   bool      `json:"comment_uncertain,omitempty"`
	Author             string    `json:"author,omitempty"`
	Date               string    `json:"date,omitempty"`
	Flatten            bool      `json:"flatten,omitempty"`
	FlattenSignatures  bool      `json:"flatten_signatures,omitempty"`
	StripActiveContent bool      `json:"strip_active_content,omitempty"`
	Group              []Payload `json:"group,omitempty"`
	AnswersBlob        string    `json:"answers_blob,omitempty"`
	PayloadBlob        string    `json:"payload_blob,omitempty"`

	// map comes last and is left out when nil: the payloads of earlier
	// versions keep their bytes.
	Map *reuse.Crosswalk `json:"map,omitempty"`
}

// MarshalJSON writes the payload in its flat wire form.
func (p Payload) MarshalJSON() ([]byte, error) { return json.Marshal(p.wire()) }

// UnmarshalJSON reads the flat wire form into the payload, over what it
// holds already (as encoding/json does for any struct: Set relies on it).
// Each operation's arguments land in its own struct, made when any of
// them is present.
func (p *Payload) UnmarshalJSON(data []byte) error {
	w := p.wire()
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	source, previous := p.verifyArgs().Source, p.carryOverArgs().Previous
	*p = w.payload()
	// The documents fetched for verify and carry_over never travel: what
	// the payload held of them stays.
	if source != nil {
		v := p.verifyArgs()
		v.Source, p.Verify = source, &v
	}
	if previous != nil {
		c := p.carryOverArgs()
		c.Previous, p.CarryOver = previous, &c
	}
	return nil
}

func (p *Payload) wire() payloadWire {
	c, s, r, o := p.compactArgs(), p.searchArgs(), p.readArgs(), p.WriteOptions()
	v, x, co := p.validateArgs(), p.verifyArgs(), p.carryOverArgs()
	return payloadWire{Kind: p.Kind, DocID: p.DocID, SourceDocID: x.SourceDocID, PreviousDocID: co.PreviousDocID, FileType: p.FileType,
		Locations: v.Locations, Answers: p.Answers, Expected: x.Expected, Insertion: p.Insertion, DryRun: o.DryRun, Page: p.Page,
		View: c.View, IDs: c.IDs, Pattern: s.Pattern, Regex: s.Regex, Format: r.Format,
		TrackChanges: o.TrackChanges, CommentUncertain: o.CommentUncertain, Author: o.Author, Date: o.Date,
		Flatten: o.Flatten, FlattenSignatures: o.FlattenSignatures, StripActiveContent: o.StripActiveContent,
		Group: p.Group, AnswersBlob: p.AnswersBlob, PayloadBlob: p.PayloadBlob, Map: co.Map}
}

func (w *payloadWire) payload() Payload {
	p := Payload{Kind: w.Kind, DocID: w.DocID, FileType: w.FileType, Answers: w.Answers, Insertion: w.Insertion, Page: w.Page,
		Group: w.Group, AnswersBlob: w.AnswersBlob, PayloadBlob: w.PayloadBlob}
	p.Compact = nonZero(CompactArgs{View: w.View, IDs: w.IDs}, w.View != "" || w.IDs != nil)
	p.Search = nonZero(SearchArgs{Pattern: w.Pattern, Regex: w.Regex}, w.Pattern != "" || w.Regex)
	p.Read = nonZero(ReadArgs{Format: w.Format}, w.Format != "")
	p.Validate = nonZero(ValidateArgs{Locations: w.Locations}, w.Locations != nil)
	p.Verify = nonZero(VerifyArgs{Expected: w.Expected, SourceDocID: w.SourceDocID}, w.Expected != nil || w.SourceDocID != "")
	p.CarryOver = nonZero(CarryOverArgs{PreviousDocID: w.PreviousDocID, Map: w.Map}, w.PreviousDocID != "" || w.Map != nil)
	o := formats.WriteOptions{DryRun: w.DryRun, TrackChanges: w.TrackChanges, CommentUncertain: w.CommentUncertain, Author: w.Author,
		Date: w.Date, Flatten: w.Flatten, FlattenSignatures: w.FlattenSignatures, StripActiveContent: w.StripActiveContent}
	p.Write = nonZero(o, o != formats.WriteOptions{})
	return p
}

// nonZero is &v when the wire held any of v's fields, else nil.
func nonZero[T any](v T, present bool) *T {
	if !present {
		return nil
	}
	return &v
}
