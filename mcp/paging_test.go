package mcp

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// TestMapIsPagedOverMCPByDefault calls extract_structure_compact on a long
// questionnaire: with no limit the answer is a page within the default
// budget that says how to get the rest; following next_offset gives the
// rest of the map; max_tokens 0 asks for all of it at once.
func TestMapIsPagedOverMCPByDefault(t *testing.T) {
	c := largeDocxClient(t)

	var whole formats.CompactStructure
	resultAs(t, mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx", "max_tokens": 0}), &whole)
	if whole.NextOffset != 0 || len(whole.CompactText) <= formats.DefaultToolTokens*formats.BytesPerToken {
		t.Fatalf("the whole map is %d bytes (next_offset %d): too small to need pages", len(whole.CompactText), whole.NextOffset)
	}

	res := call(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx"})
	out := decodeOutput(t, res)
	var page formats.CompactStructure
	resultAs(t, out, &page)
	if page.NextOffset == 0 || page.Total != whole.Total {
		t.Fatalf("default page: next_offset %d, total %d of %d", page.NextOffset, page.Total, whole.Total)
	}
	checkAnswerFits(t, res, formats.DefaultToolTokens)
	if !strings.Contains(textOf(res), "offset "+strconv.Itoa(page.NextOffset)) {
		t.Errorf("the text answer does not say how to get the rest: %q", tail(textOf(res), 300))
	}
	text := page.CompactText
	for off := page.NextOffset; off != 0; {
		var next formats.CompactStructure
		resultAs(t, mustOK(t, c, ToolExtractCompact, map[string]any{"doc_id": out.DocID, "offset": off}), &next)
		text += next.CompactText
		off = next.NextOffset
	}
	if text != whole.CompactText {
		t.Errorf("the pages over MCP do not add up to the map (%d bytes vs %d)", len(text), len(whole.CompactText))
	}
}

// checkAnswerFits fails unless the whole answer (its text and its
// structured content) fits a budget of tokens, give or take the envelope
// and JSON escapes that are not charged exactly.
func checkAnswerFits(t *testing.T, res *mcpgo.CallToolResult, tokens int) {
	t.Helper()
	structured, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	budget := tokens * formats.BytesPerToken
	if n := len(textOf(res)) + len(structured); n > budget+budget/10+1000 {
		t.Errorf("the answer is %d bytes (text %d + structured %d) for a budget of %d tokens (%d bytes)",
			n, len(textOf(res)), len(structured), tokens, budget)
	}
}

// TestALimitReplacesTheDefaultBudget asks for more elements than the
// default budget holds: a caller's own limit stands in for the default,
// so the page holds them all; with max_tokens as well, the budget ends
// the page first.
func TestALimitReplacesTheDefaultBudget(t *testing.T) {
	c := largeDocxClient(t)
	var page formats.CompactStructure
	resultAs(t, mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx", "limit": 1200}), &page)
	if page.NextOffset != 1200 || len(page.CompactText) <= formats.DefaultToolTokens*formats.BytesPerToken {
		t.Errorf("limit 1200: next_offset %d, %d bytes; want 1200 elements, past the default budget", page.NextOffset, len(page.CompactText))
	}
	res := call(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx", "limit": 1200, "max_tokens": 3000})
	resultAs(t, decodeOutput(t, res), &page)
	if page.NextOffset == 0 || page.NextOffset >= 1200 {
		t.Errorf("limit 1200 and max_tokens 3000: next_offset %d; want the budget to end the page first", page.NextOffset)
	}
	checkAnswerFits(t, res, 3000)
}

// largeDocxClient is an MCP client of a server whose root holds
// large.docx, a longDocx of 1,500 clauses.
func largeDocxClient(t *testing.T) *client.Client {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "large.docx"), longDocx(t, 1500), 0o644); err != nil {
		t.Fatal(err)
	}
	return inProcessClient(t, newTestServer(t, newMemStore(), dir))
}

// longDocx is a Word document of n numbered sentences, one per paragraph.
func longDocx(t *testing.T, n int) []byte {
	t.Helper()
	var body strings.Builder
	for i := range n {
		fmt.Fprintf(&body, `<w:p><w:r><w:t>Clause %d: the supplier shall keep records of every delivery for seven years.</w:t></w:r></w:p>`, i+1)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
		"word/document.xml": `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
			body.String() + `</w:body></w:document>`,
	} {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// TestReadingToolsAnswerOverMCP calls the reading tools on a long document
// as an agent would: search finds the clause with its context and count,
// read_document pages rows within the default budget and says how to get
// the rest, the targets view and ids answer with their own text.
func TestReadingToolsAnswerOverMCP(t *testing.T) {
	c := largeDocxClient(t)

	var found formats.SearchResult
	resultAs(t, mustOK(t, c, ToolSearch, map[string]any{"file_path": "large.docx", "pattern": `Clause 77\b`, "regex": true}), &found)
	if found.Total != 1 || len(found.Matches) != 1 || found.Matches[0].ID != "P77" || !strings.Contains(found.Matches[0].Context, ">>>Clause 77<<<") {
		t.Errorf("search: %+v", found)
	}
	if res := call(t, c, ToolSearch, map[string]any{"file_path": "large.docx", "pattern": "(", "regex": true}); !res.IsError || !strings.Contains(textOf(res), "pattern") {
		t.Errorf("a bad regex: error %v, text %q; want a tool error naming the pattern", res.IsError, textOf(res))
	}

	res := call(t, c, ToolReadDocument, map[string]any{"file_path": "large.docx"})
	var view formats.DocumentView
	resultAs(t, decodeOutput(t, res), &view)
	if view.Total != 1500 || view.NextOffset == 0 || !strings.HasPrefix(view.TOON, formats.ToonSchema+"\n") {
		t.Errorf("read_document default page: total %d, next_offset %d", view.Total, view.NextOffset)
	}
	checkAnswerFits(t, res, formats.DefaultToolTokens)
	if !strings.Contains(textOf(res), "offset "+strconv.Itoa(view.NextOffset)) {
		t.Errorf("read_document's text does not say how to get the rest: %q", tail(textOf(res), 200))
	}

	res = call(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx", "ids": []string{"P1500", "P2"}})
	if text := textOf(res); res.IsError || !strings.HasPrefix(text, `P1500: "Clause 1500:`) || !strings.Contains(text, `P2: "Clause 2:`) {
		t.Errorf("ids: %q", tail(textOf(res), 200))
	}
	if res := call(t, c, ToolExtractCompact, map[string]any{"file_path": "large.docx", "ids": []string{"P9999"}}); !res.IsError || !strings.Contains(textOf(res), "P9999") {
		t.Errorf("an unknown id: error %v, text %q; want a tool error naming it", res.IsError, textOf(res))
	}
}
