package formats

import (
	"fmt"
	"strings"
)

// Kinds of active content: what a document runs or fetches when a reader
// opens it, or what it sends elsewhere. formfill never runs any of it, but
// the people who open what it fills may: extract and verify report it as
// warnings, and a write with StripActiveContent removes it.
const (
	ActiveJavaScript     = "javascript"      // PDF: /JS actions (document open, page, field and annotation actions, the /Names JavaScript tree)
	ActiveLaunch         = "launch"          // PDF: /Launch actions, which start a program or open a file
	ActiveSubmit         = "submit_form"     // PDF: /SubmitForm and /ImportData actions, which send or fetch form data
	ActiveRemoteTemplate = "remote_template" // Word: an attachedTemplate fetched from outside the file
	ActiveAltChunk       = "alt_chunk"       // Word: w:altChunk, other-format content Word imports when it opens the file
	ActiveExternalLink   = "external_link"   // Word: an external relationship other than a hyperlink (a linked image, frame, OLE object)
	ActiveFetchingField  = "fetching_field"  // Word: INCLUDEPICTURE, INCLUDETEXT, LINK or DDE fields naming a URL, a share or a program
	ActiveMacros         = "macros"          // Word and Excel: a VBA project part
)

// ActiveContent is one piece of active content in a document.
type ActiveContent struct {
	Kind   string `json:"kind"`             // one of the Active… kinds
	Where  string `json:"where"`            // where it sits: "/OpenAction", "field F3 /AA /K", "word/settings.xml"
	Detail string `json:"detail,omitempty"` // what it runs or fetches, cut to maxActiveDetail characters
}

// maxActiveDetail bounds an item's Detail: enough to recognise a URL or the
// start of a script, never a whole script in a report.
const maxActiveDetail = 120

// NewActive returns an item with detail cut to maxActiveDetail characters
// and its control characters replaced.
func NewActive(kind, where, detail string) ActiveContent {
	detail = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, strings.TrimSpace(detail))
	if r := []rune(detail); len(r) > maxActiveDetail {
		detail = string(r[:maxActiveDetail]) + "…"
	}
	return ActiveContent{Kind: kind, Where: where, Detail: detail}
}

// String is the item as a warning line.
func (a ActiveContent) String() string {
	s := fmt.Sprintf("active content (%s) at %s", a.Kind, a.Where)
	if a.Detail != "" {
		s += ": " + a.Detail
	}
	return s
}

// ActiveScanner is implemented by engines that find and remove active
// content. ActiveContent lists it; StripActiveContent returns the document
// without it and what it removed (the document unchanged, and nil, when
// there was none).
type ActiveScanner interface {
	ActiveContent(doc []byte) ([]ActiveContent, error)
	StripActiveContent(doc []byte) ([]byte, []ActiveContent, error)
}

// FindActive lists doc's active content, or nothing when e cannot tell.
func FindActive(e Engine, doc []byte) ([]ActiveContent, error) {
	if s, ok := e.(ActiveScanner); ok {
		return s.ActiveContent(doc)
	}
	return nil, nil
}

// ActiveWarnings are the warning lines of items, with the advice to strip
// them; nil for none.
func ActiveWarnings(items []ActiveContent) []string {
	var out []string
	for _, a := range items {
		out = append(out, a.String()+" (kept; strip_active_content removes it)")
	}
	return out
}

// afterWrite reports the active content of a written document, or removes
// it when opts.StripActiveContent: the written document's own, so that
// what an answer added (insertion_xml) is covered too. A dry run only
// reports the source's.
func afterWrite(e Engine, source []byte, res *WriteResult, opts WriteOptions) error {
	doc := res.Document
	if doc == nil {
		doc = source
	}
	if opts.StripActiveContent && res.Document != nil {
		s, ok := e.(ActiveScanner)
		if !ok {
			return Errorf(ErrUnsupported, "strip_active_content", "the %s engine cannot strip active content", e.Type())
		}
		out, removed, err := s.StripActiveContent(res.Document)
		if err != nil {
			return fmt.Errorf("strip active content: %w", err)
		}
		res.Document, res.Removed = out, removed
		return nil
	}
	items, err := FindActive(e, doc)
	if err != nil {
		return fmt.Errorf("scan for active content: %w", err)
	}
	res.Warnings = append(res.Warnings, ActiveWarnings(items)...)
	return nil
}

// Write writes the answers with e and reports the output's active content
// in the result's warnings, or strips it (opts.StripActiveContent).
func Write(e Engine, doc []byte, answers []Answer, opts WriteOptions) (*WriteResult, error) {
	res, err := e.Write(doc, answers, opts)
	if err != nil {
		return nil, err
	}
	if err := afterWrite(e, doc, res, opts); err != nil {
		return nil, err
	}
	return res, nil
}

// Verify is VerifyAgainst with the document's active content listed in the
// report's warnings.
func Verify(e Engine, source, doc []byte, expected []ExpectedAnswer) (*VerificationReport, error) {
	rep, err := VerifyAgainst(e, source, doc, expected)
	if err != nil {
		return nil, err
	}
	items, err := FindActive(e, doc)
	if err != nil {
		return nil, fmt.Errorf("scan for active content: %w", err)
	}
	rep.Warnings = append(rep.Warnings, ActiveWarnings(items)...)
	return rep, nil
}
