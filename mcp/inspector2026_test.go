package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/formfill/formfill/internal/redistest"
)

// The Inspector CLI in the 2026-07-28 era (--protocol-era modern): over
// stdio it calls a tool; over HTTP a principal writes a document and reads
// it back through the resource its result links, and another principal
// cannot read it.
func TestInspectorCLIModern(t *testing.T) {
	inspectorBin(t)
	root := workdir(t)
	server, env := serverCommand(t)
	modern := []string{"--protocol-era", "modern"}

	out := runInspector(t, root, server, env, append(modern, "--method", "tools/call", "--tool-name", ToolExtractCompact, "--tool-arg", "file_path=two_column.docx")...)
	if !strings.Contains(string(out), "T1-R2-C2") {
		t.Fatalf("extract_structure_compact over stdio in the modern era: %s", out)
	}

	redistest.Conn(t, testRedisDB)
	redisURL := redistest.URL(testRedisDB)
	bin := buildFormfill(t)
	startProcess(t, nil, bin, "worker", "--redis", redisURL)
	url := startHTTPReplica(t, bin, root, redisURL, "inspector-token", envMCPTokensForTest+"="+tokensFile(t, "other other-token"))
	as := func(token string) []string {
		return append([]string{url, "--transport", "http", "--header", "Authorization: Bearer " + token}, modern...)
	}
	out = runInspector(t, root, as("inspector-token"), nil, "--method", "tools/call", "--tool-name", ToolWrite,
		"--tool-args-json", `{"file_path": "two_column.docx", "answers": [{"pair_id": "T1-R2-C2", "answer_text": "Acme Ltd"}]}`)
	var res struct {
		Content []struct {
			Type string `json:"type"`
			URI  string `json:"uri"`
			Size int64  `json:"size"`
		} `json:"content"`
		StructuredContent struct {
			OutputURI string `json:"output_uri"`
		} `json:"structuredContent"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("write_answers output: %v\n%s", err, out)
	}
	uri := res.StructuredContent.OutputURI
	linked := false
	for _, c := range res.Content {
		linked = linked || (c.Type == "resource_link" && c.URI == uri && c.Size > 0)
	}
	if uri == "" || !linked {
		t.Fatalf("write_answers through the Inspector: no resource_link for output_uri %q: %s", uri, out)
	}
	out = runInspector(t, root, as("inspector-token"), nil, "--method", "resources/read", "--uri", uri)
	var read struct {
		Contents []struct {
			URI  string `json:"uri"`
			Blob string `json:"blob"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(out, &read); err != nil || len(read.Contents) != 1 || read.Contents[0].URI != uri || len(read.Contents[0].Blob) == 0 {
		t.Fatalf("resources/read through the Inspector: %v\n%s", err, out)
	}
	if out := runInspectorExit(t, 1, root, as("other-token"), nil, "--method", "resources/read", "--uri", uri); strings.Contains(string(out), read.Contents[0].Blob[:40]) {
		t.Fatalf("another principal read the document: %s", out)
	}
}
