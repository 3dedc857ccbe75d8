package formats

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Engine is one document format's implementation of the operations that
// read or write its bytes (the MCP tools extract_structure_compact …
// read_document); search, harvest and carry-over work on what they return.
// Implementations are safe for concurrent use and keep no state between
// calls: element IDs are re-derived from the document bytes on every call,
// so any worker can serve any request.
type Engine interface {
	// Type is the format this engine handles.
	Type() FileType
	// ExtractCompact implements extract_structure_compact.
	ExtractCompact(doc []byte) (*CompactStructure, error)
	// ExtractRaw implements extract_structure.
	ExtractRaw(doc []byte) (*RawStructure, error)
	// ExtractText implements extract_text: plain text in reading order.
	ExtractText(doc []byte) (string, error)
	// Validate implements validate_locations.
	Validate(doc []byte, locations []Location) ([]ValidatedLocation, error)
	// BuildInsertion implements build_insertion_xml.
	BuildInsertion(req BuildInsertionRequest) (*BuildInsertionResult, error)
	// Write implements write_answers.
	Write(doc []byte, answers []Answer, opts WriteOptions) (*WriteResult, error)
	// ListFields implements list_form_fields.
	ListFields(doc []byte) ([]FormField, error)
	// Verify implements verify_output.
	Verify(doc []byte, expected []ExpectedAnswer) (*VerificationReport, error)
	// ReadDocument implements read_document: every row of the document
	// view in document order (Word paragraphs and cells, worksheet rows,
	// PDF fields); NewDocumentView pages and renders them.
	ReadDocument(doc []byte) ([]ViewNode, error)
}

// Filler is implemented by engines that can write and verify on one parse of
// the document. Fill uses it when present.
type Filler interface {
	Fill(doc []byte, answers []Answer, opts WriteOptions) (*WriteResult, *VerificationReport, error)
}

// SourceVerifier is implemented by engines whose verify can also compare a
// written document with the document it was written from and report what
// the writing lost (for Word: fields, footnote and endnote references,
// bookmarks, comment anchors, content controls, drawings) as structural
// issues. VerifyAgainst uses it when present.
type SourceVerifier interface {
	VerifyAgainst(source, doc []byte, expected []ExpectedAnswer) (*VerificationReport, error)
}

// VerifyAgainst implements verify_output for a document written from
// source: e's own comparison when it has one (SourceVerifier), else a plain
// Verify of doc. A nil source is a plain Verify.
func VerifyAgainst(e Engine, source, doc []byte, expected []ExpectedAnswer) (*VerificationReport, error) {
	if sv, ok := e.(SourceVerifier); ok && source != nil {
		return sv.VerifyAgainst(source, doc, expected)
	}
	return e.Verify(doc, expected)
}

var (
	registryMu sync.RWMutex
	registry   = map[FileType]Engine{}
)

// Register makes an engine available to Lookup. Format packages call it from
// init; import formfill/formats/all to register every format.
func Register(e Engine) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[e.Type()]; dup {
		panic(fmt.Sprintf("formats: Register called twice for %s", e.Type()))
	}
	registry[e.Type()] = e
}

// Lookup returns the engine for t.
func Lookup(t FileType) (Engine, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if e, ok := registry[t]; ok {
		return e, nil
	}
	return nil, Errorf(ErrUnsupported, "file_type", "no engine for %q; registered: %v", t, registeredLocked())
}

func registeredLocked() []FileType {
	ts := make([]FileType, 0, len(registry))
	for t := range registry {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return ts
}

// Fill writes answers and verifies the result against them: the fill
// operation, alone or as a document of a batch's fill_group. It uses the
// engine's own one-parse Fill when it has one, and reports or strips the
// output's active content as Write does.
func Fill(e Engine, doc []byte, answers []Answer, opts WriteOptions) (*WriteResult, *VerificationReport, error) {
	res, rep, err := fill(e, doc, answers, opts)
	if err != nil {
		return res, rep, err
	}
	if err := afterWrite(e, doc, res, opts); err != nil {
		return nil, nil, err
	}
	if rep != nil && len(res.Removed) == 0 {
		for _, w := range res.Warnings {
			if strings.HasPrefix(w, "active content") {
				rep.Warnings = append(rep.Warnings, w)
			}
		}
	}
	return res, rep, nil
}

// fill writes and verifies, on one parse when e can (Filler).
func fill(e Engine, doc []byte, answers []Answer, opts WriteOptions) (*WriteResult, *VerificationReport, error) {
	if f, ok := e.(Filler); ok {
		return f.Fill(doc, answers, opts)
	}
	res, err := e.Write(doc, answers, opts)
	if err != nil {
		return nil, nil, err
	}
	if opts.DryRun {
		return res, nil, nil
	}
	rep, err := VerifyAgainst(e, doc, res.Document, ExpectedFromAnswers(answers))
	if err != nil {
		return res, nil, fmt.Errorf("verify written document: %w", err)
	}
	return res, rep, nil
}
