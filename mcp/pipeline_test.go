package mcp

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"

	"github.com/formfill/formfill/formats"
)

// runPipeline drives the agent's whole flow through an MCP client: extract
// the compact map, list the fields, validate the target, write an answer
// with answer_text to output_file_path, then verify the written file.
func runPipeline(t *testing.T, c *client.Client, root, file, field string) {
	t.Helper()
	name := filepath.Base(file)
	answer := "Acme Widgets Ltd " + strings.ToUpper(filepath.Ext(name)[1:])

	compact := mustOK(t, c, ToolExtractCompact, map[string]any{"file_path": name})
	if compact.Status != stateCompleted || compact.DocID == "" {
		t.Fatalf("extract: status %q doc_id %q, want completed with a doc_id", compact.Status, compact.DocID)
	}
	var cs formats.CompactStructure
	resultAs(t, compact, &cs)
	if !strings.Contains(cs.CompactText, field+":") {
		t.Fatalf("compact map lacks %s:\n%s", field, cs.CompactText)
	}

	fieldsOut := mustOK(t, c, ToolListFields, map[string]any{"doc_id": compact.DocID})
	var fl struct{ Fields []formats.FormField }
	resultAs(t, fieldsOut, &fl)
	if !hasField(fl.Fields, field) {
		t.Fatalf("list_form_fields lacks %s: %+v", field, fl.Fields)
	}

	val := mustOK(t, c, ToolValidate, map[string]any{"doc_id": compact.DocID,
		"locations": []map[string]any{{"pair_id": field}}})
	var vr struct{ Results []formats.ValidatedLocation }
	resultAs(t, val, &vr)
	if len(vr.Results) != 1 || vr.Results[0].Status != formats.LocationMatched {
		t.Fatalf("validate %s: %+v", field, vr.Results)
	}

	outName := "filled-" + name
	w := mustOK(t, c, ToolWrite, map[string]any{"doc_id": compact.DocID,
		"answers":          []map[string]any{{"pair_id": field, "answer_text": answer, "confidence": "known"}},
		"output_file_path": outName})
	if w.OutputDocID == "" || w.OutputFilePath == "" {
		t.Fatalf("write: %+v", w)
	}
	written, err := os.ReadFile(filepath.Join(root, outName))
	if err != nil {
		t.Fatalf("output_file_path not written: %v", err)
	}
	original, _ := os.ReadFile(filepath.Join(root, name))
	if bytes.Equal(written, original) {
		t.Fatal("the written document equals the original")
	}

	ver := mustOK(t, c, ToolVerify, map[string]any{"file_path": outName,
		"expected_answers": []map[string]any{{"pair_id": field, "expected_text": answer, "confidence": "known"}}})
	var rep formats.VerificationReport
	resultAs(t, ver, &rep)
	if rep.Summary.Matched != 1 || rep.Summary.Mismatched+rep.Summary.Missing != 0 {
		t.Fatalf("verify: %+v", rep)
	}

	// The same write without output_file_path returns the document inline.
	inline := mustOK(t, c, ToolWrite, map[string]any{"doc_id": compact.DocID,
		"answers": []map[string]any{{"pair_id": field, "answer_text": answer}}})
	b, err := base64.StdEncoding.DecodeString(inline.FileBytesB64)
	if err != nil || len(b) == 0 {
		t.Fatalf("write without output_file_path: file_bytes_b64 of %d chars: %v", len(inline.FileBytesB64), err)
	}
	if _, err := formats.Detect(name, "", b); err != nil {
		t.Fatalf("inline document is not a %s: %v", filepath.Ext(name), err)
	}
}

func hasField(fields []formats.FormField, id string) bool {
	for _, f := range fields {
		if f.FieldID == id {
			return true
		}
	}
	return false
}

func TestPipelineInProcess(t *testing.T) {
	root := workdir(t)
	s := newTestServer(t, newMemStore(), root)
	c := inProcessClient(t, s)
	for _, f := range fixtureFiles {
		t.Run(f.format, func(t *testing.T) { runPipeline(t, c, root, f.file, f.field) })
	}
}
