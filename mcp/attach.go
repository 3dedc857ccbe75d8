package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// A tool's documents joined to its job: the document it names (a path
// inside the roots, bytes, a resource or a doc_id of the caller's) and
// carry_over's previous one, each checked and uploaded before the job is
// submitted.

// attachDocument resolves the document input (file_path wins, then
// file_bytes_b64, then resource_uri, then doc_id), checks its type and
// uploads it. A doc_id or resource_uri must name a document of the
// caller's: one it uploaded or one its jobs produced.
func (s *Server) attachDocument(ctx context.Context, caller Principal, r *request, a *docArgs) error {
	var data []byte
	var name string
	var err error
	switch {
	case a.FilePath != "":
		path, perr := r.roots.Input("file_path", a.FilePath)
		if perr != nil {
			return perr
		}
		name = path
		if data, err = r.roots.ReadFile("file_path", path, formats.MaxFileSize); err != nil {
			return err
		}
	case a.FileBytesB64 != "":
		if a.FileType == "" {
			return formats.Errorf(formats.ErrInvalidArgument, "file_type", "required with file_bytes_b64: word, excel or pdf")
		}
		if data, err = formats.DecodeBase64(a.FileBytesB64); err != nil {
			return err
		}
	case a.ResourceURI != "":
		docID, doc, derr := s.documentOf(ctx, caller, a.ResourceURI)
		if errors.Is(derr, errNoDocument) {
			return formats.Wrap(formats.ErrInvalidArgument, "resource_uri", derr, "pass the output_uri of an earlier call of yours, or send the document again")
		}
		if derr != nil {
			return fmt.Errorf("reading resource_uri %s: %w", a.ResourceURI, derr)
		}
		data, r.payload.DocID = doc, docID
	case a.DocID != "":
		if !s.index.owns(ctx, caller.Name, a.DocID) {
			return blobError(a.DocID, jobs.ErrBlobNotFound)
		}
		if data, err = s.store.GetBlob(ctx, a.DocID); err != nil {
			return blobError(a.DocID, err)
		}
		r.payload.DocID = a.DocID
	default:
		return formats.Errorf(formats.ErrInvalidArgument, "file_path", "no document given: pass file_path (a path inside %s), file_bytes_b64 with file_type, resource_uri or doc_id from an earlier call", strings.Join(r.roots.Dirs(), ", "))
	}
	ft, err := formats.Detect(name, a.FileType, data)
	if err != nil {
		return err
	}
	r.payload.FileType = ft
	if r.payload.DocID == "" {
		if r.payload.DocID, err = s.store.PutBlob(ctx, data); err != nil {
			return fmt.Errorf("uploading the document: %w", err)
		}
	}
	return nil
}

// carryOverOf is p's carry_over arguments, made when it has none yet: a
// local parameter fills one of them.
func carryOverOf(p *jobs.Payload) *jobs.CarryOverArgs {
	if p.CarryOver == nil {
		p.CarryOver = &jobs.CarryOverArgs{}
	}
	return p.CarryOver
}

// attachPrevious uploads the previous document carry_over reads, given by
// path, or checks that the caller owns the one given by doc_id.
func (s *Server) attachPrevious(ctx context.Context, caller Principal, r *request) error {
	p := r.payload.CarryOver
	switch {
	case p == nil:
	case p.Previous != nil && p.PreviousDocID != "":
		return formats.Errorf(formats.ErrInvalidArgument, "previous_file_path", "give the previous document either as previous_file_path or as previous_doc_id, not both")
	case p.Previous != nil:
		if _, err := formats.Detect("", "", p.Previous); err != nil {
			return formats.Wrap(formats.ErrInvalidArgument, "previous_file_path", err, "expected a Word, Excel or PDF document")
		}
		id, err := s.store.PutBlob(ctx, p.Previous)
		if err != nil {
			return fmt.Errorf("uploading the previous document: %w", err)
		}
		p.PreviousDocID, p.Previous = id, nil
		s.index.own(ctx, caller.Name, id)
	case p.PreviousDocID != "" && !s.index.owns(ctx, caller.Name, p.PreviousDocID):
		return formats.Errorf(formats.ErrInvalidArgument, "previous_doc_id", "%q is unknown or expired; pass a doc_id an earlier call of yours returned", p.PreviousDocID)
	}
	return nil
}

// blobError is the error of a doc_id the blob store does not hold.
func blobError(docID string, err error) error {
	if errors.Is(err, jobs.ErrBlobNotFound) {
		return formats.Errorf(formats.ErrInvalidArgument, "doc_id", "%q is unknown or expired; send the document again with file_path or file_bytes_b64", docID)
	}
	return fmt.Errorf("fetching doc_id %s: %w", docID, err)
}
