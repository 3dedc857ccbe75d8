package formats

import (
	"encoding/json"
	"fmt"
	"strings"
)

// BytesPerToken is how max_tokens is turned into bytes: a rough estimate of
// an agent's tokens (English prose and markup run at about four bytes a
// token) that errs on the side of smaller pages.
const BytesPerToken = 4

// DefaultToolTokens is the budget of a page an agent gets over MCP when it
// asks for no limit: big enough for a long questionnaire's worth of
// questions, small enough to leave most of an agent's context free.
const DefaultToolTokens = 12000

// Page selects a window of a document's elements: the part of the compact
// map, of the document view or of the search results one call returns.
// Offset 0 and no offset are the same page; zero Limit and MaxTokens mean
// no bound. Pages are deterministic: the same document and the same Page
// give the same window, and the windows from offset 0 on, each starting
// at the previous NextOffset, together hold every element exactly once.
type Page struct {
	Offset    int `json:"offset,omitempty"`     // first element (0-based)
	Limit     int `json:"limit,omitempty"`      // at most this many elements
	MaxTokens int `json:"max_tokens,omitempty"` // at most about this many tokens (bytes / BytesPerToken)
	// Structured says the answer carries the page twice: as the text an
	// agent reads and as JSON (an MCP tool's structured content, which
	// clients may hand to the model too). The budget then counts both, so
	// that the whole answer fits it, not only its text.
	Structured bool `json:"structured,omitempty"`
}

// charge is what an element costs the budget: the bytes of text, its
// part of the answer's text, once; in a structured answer also the bytes
// of text as a JSON string and extra, the bytes only its JSON form adds
// (its targets' fields, its XPath).
func (p Page) charge(text string, extra int) int {
	if p.Structured {
		return len(text) + jsonLen(text) + extra
	}
	return len(text)
}

// jsonLen is the bytes of v as JSON, as encoding/json writes it (which
// escapes quotes, < and >: a Word element's XML fragment grows by half).
func jsonLen(v any) int {
	b, _ := json.Marshal(v)
	return len(b)
}

// Check rejects negative bounds.
func (p Page) Check() error {
	switch {
	case p.Offset < 0:
		return Errorf(ErrInvalidArgument, "offset", "must be 0 or more, got %d", p.Offset)
	case p.Limit < 0:
		return Errorf(ErrInvalidArgument, "limit", "must be 0 (no limit) or more, got %d", p.Limit)
	case p.MaxTokens < 0:
		return Errorf(ErrInvalidArgument, "max_tokens", "must be 0 (no budget) or more, got %d", p.MaxTokens)
	}
	return nil
}

// Bounded reports whether the page limits its size at all.
func (p Page) Bounded() bool { return p.Limit > 0 || p.MaxTokens > 0 }

// Window returns the elements [start, end) of total that the page holds,
// given each element's size in bytes: from Offset, at most Limit elements
// and at most MaxTokens worth of bytes, whichever comes first, but always
// at least one element so that paging moves on even past an element
// larger than the budget. An offset past the end is an error naming the
// last valid one.
func (p Page) Window(total int, size func(i int) int) (start, end int, err error) {
	if err := p.Check(); err != nil {
		return 0, 0, err
	}
	if p.Offset > 0 && p.Offset >= total {
		return 0, 0, Errorf(ErrInvalidArgument, "offset", "%d is past the end: there are %d elements (offsets 0 to %d)", p.Offset, total, total-1)
	}
	start, end = p.Offset, p.Offset
	budget := p.MaxTokens * BytesPerToken
	used := 0
	for end < total {
		if p.Limit > 0 && end-start >= p.Limit {
			break
		}
		n := size(end)
		if budget > 0 && end > start && used+n > budget {
			break
		}
		used += n
		end++
	}
	return start, end, nil
}

// NextOffset is the offset of the page after [start, end): 0 when end is
// the last element, so that next_offset is absent on the last page.
func NextOffset(end, total int) int {
	if end >= total {
		return 0
	}
	return end
}

// MoreNote tells a caller which part of the document a page holds and, when
// there is more, how to get the next page, in the tools' words
// (NextPageHint of SurfaceMCP; Surface.Reword turns it into another's);
// "" for a page holding everything.
func MoreNote(what string, start, end, total int) string {
	switch {
	case start == 0 && end >= total:
		return ""
	case end >= total:
		return fmt.Sprintf("%s %d–%d of %d: the last page", what, start, end-1, total)
	}
	return fmt.Sprintf("%s %d–%d of %d shown; %s", what, start, end-1, total, NextPageHint(SurfaceMCP, end))
}

// A Surface is where a person or an agent asks for pages. The note of a
// page (MoreNote) is made where the page is cut, before anyone knows who
// reads it, in the tools' words; each surface rewords it with Reword.
type Surface int

const (
	// SurfaceMCP is the MCP tools: parameters offset, limit, max_tokens.
	SurfaceMCP Surface = iota
	// SurfaceCLI is the formfill command: flags --offset, --limit,
	// --max-tokens.
	SurfaceCLI
)

// NextPageHint says, in the words of surface s, how to get the page that
// starts at offset next. It is the one place that wording is decided.
func NextPageHint(s Surface, next int) string {
	if s == SurfaceCLI {
		return fmt.Sprintf("for the next page run the same command with --offset %d", next)
	}
	return fmt.Sprintf("for the next page call again with offset %d (the same limit / max_tokens)", next)
}

// Reword turns note, a MoreNote whose next page starts at next (the
// page's NextOffset), into s's words; a note without a next page (the
// last page, next 0) says nothing to reword.
func (s Surface) Reword(note string, next int) string {
	mcp := NextPageHint(SurfaceMCP, next)
	if s == SurfaceMCP || next == 0 || !strings.HasSuffix(note, mcp) {
		return note
	}
	return strings.TrimSuffix(note, mcp) + NextPageHint(s, next)
}
