package mcp

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/jobs"
)

// Produced documents as MCP resources: every document a job produces (the
// filled copy write_answers makes) is also returned as a resource_link —
// formfill://jobs/<job_id>/<name>, with its name, MIME type and size — that
// resources/read serves, as a blob, to the principal that made the job while
// the document lives in the job store (a day after its last use). Another
// principal is told the resource is not found, as for one that never was.
// The URI names the job, not the document's content hash, so reading it
// needs the job, which only its principal sees. A document tool takes the
// URI as resource_uri, instead of a file or a doc_id.

// documentURIPrefix begins the URI of every produced document.
const documentURIPrefix = "formfill://jobs/"

// documentTemplate is the URI template of produced documents.
const documentTemplate = documentURIPrefix + "{job_id}/{name}"

// documentURI is the URI of job id's document named name.
func documentURI(jobID, name string) string {
	return documentURIPrefix + url.PathEscape(jobID) + "/" + url.PathEscape(name)
}

// jobOfURI returns the job a document URI names.
func jobOfURI(uri string) (string, bool) {
	rest, ok := strings.CutPrefix(uri, documentURIPrefix)
	if !ok {
		return "", false
	}
	job, name, ok := strings.Cut(rest, "/")
	if !ok || name == "" || strings.Contains(name, "/") {
		return "", false
	}
	id, err := url.PathUnescape(job)
	return id, err == nil && id != ""
}

// documentTypes are the MIME type and extension of each file type.
var documentTypes = map[formats.FileType]struct{ mime, ext string }{
	formats.Word:  {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"},
	formats.Excel: {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"},
	formats.PDF:   {"application/pdf", ".pdf"},
}

// documentLink is the resource_link of job id's produced document.
func documentLink(id string, meta jobMeta, data []byte) mcpgo.ResourceLink {
	ft, _ := formats.Detect("", "", data)
	typ := documentTypes[ft]
	name := "filled" + typ.ext
	if meta.OutputPath != "" {
		name = filepath.Base(meta.OutputPath)
	}
	link := mcpgo.NewResourceLink(documentURI(id, name), name, fmt.Sprintf("the document job %s produced; resources/read returns it while it is kept (about a day)", id), typ.mime)
	size := int64(len(data))
	link.Size = &size
	return link
}

// errNoDocument is why a document URI is not served.
var errNoDocument = errors.New("no such document")

// documentOf returns the document a URI names, when caller made its job.
func (s *Server) documentOf(ctx context.Context, caller Principal, uri string) (string, []byte, error) {
	id, ok := jobOfURI(uri)
	if !ok {
		return "", nil, fmt.Errorf("%w: %q is not a document URI (%s)", errNoDocument, uri, documentTemplate)
	}
	if _, err := s.owned(ctx, caller, id); err != nil {
		return "", nil, fmt.Errorf("%w: %s: the job is unknown, expired or not yours", errNoDocument, uri)
	}
	st, err := s.store.Status(ctx, id)
	if errors.Is(err, jobs.ErrJobNotFound) {
		return "", nil, fmt.Errorf("%w: %s: the job expired", errNoDocument, uri)
	}
	if err != nil {
		return "", nil, err
	}
	if st.Result == nil || st.Result.OutputDocID == "" {
		return "", nil, fmt.Errorf("%w: %s: job %s is %s and has produced no document", errNoDocument, uri, id, st.State)
	}
	data, err := s.store.GetBlob(ctx, st.Result.OutputDocID)
	if errors.Is(err, jobs.ErrBlobNotFound) {
		return "", nil, fmt.Errorf("%w: %s: the document expired from the job store", errNoDocument, uri)
	}
	if err != nil {
		return "", nil, err
	}
	return st.Result.OutputDocID, data, nil
}

// readResource answers resources/read of a produced document.
func (s *Server) readResource(ctx context.Context, uri string) ([]mcpgo.ResourceContents, error) {
	_, data, err := s.documentOf(ctx, principalOf(ctx), uri)
	if err != nil {
		return nil, err
	}
	ft, _ := formats.Detect("", "", data)
	return []mcpgo.ResourceContents{mcpgo.BlobResourceContents{URI: uri, MIMEType: documentTypes[ft].mime, Blob: base64.StdEncoding.EncodeToString(data)}}, nil
}

// interceptRead answers resources/read of a produced document, in either
// era, so that a document another principal made, or one gone, is "not
// found" as the revision says (mcp-go reports a handler's error as an
// internal one).
func (s *Server) interceptRead(ctx context.Context, id mcpgo.RequestId, uri string, info requestInfo) mcpgo.JSONRPCMessage {
	if info.modern {
		if resp := checkModern(id, info); resp != nil {
			return resp
		}
	}
	contents, err := s.readResource(ctx, uri)
	if err != nil {
		code := mcpgo.RESOURCE_NOT_FOUND
		if info.modern {
			code = mcpgo.INVALID_PARAMS
		}
		if !errors.Is(err, errNoDocument) {
			code = mcpgo.INTERNAL_ERROR
		}
		return mcpgo.NewJSONRPCError(id, code, err.Error(), map[string]any{"uri": uri})
	}
	res := mcpgo.ReadResourceResult{Contents: contents}
	if !info.modern {
		return mcpgo.NewJSONRPCResultResponse(id, res)
	}
	out := s.stamp(res, "")
	out["ttlMs"], out["cacheScope"] = 0, string(mcpgo.CacheScopePrivate)
	return mcpgo.NewJSONRPCResultResponse(id, out)
}

// registerResources declares the produced documents' template, so that
// clients learn it from resources/templates/list.
func (s *Server) registerResources() {
	s.mcp.AddResourceTemplate(mcpgo.NewResourceTemplate(documentTemplate, "produced document",
		mcpgo.WithTemplateDescription("A document a job of yours produced (write_answers' filled copy), as its result's resource_link names it."),
	), server.ResourceTemplateHandlerFunc(func(ctx context.Context, req mcpgo.ReadResourceRequest) ([]mcpgo.ResourceContents, error) {
		return s.readResource(ctx, req.Params.URI)
	}))
}
