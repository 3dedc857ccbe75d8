package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
)

func TestHelpOfEveryCommandHasAnExample(t *testing.T) {
	for _, c := range commandList {
		t.Run(c.name, func(t *testing.T) {
			r := cli(t, nil, c.name, "--help")
			if r.code != 0 {
				t.Fatalf("exit %d, stderr %s", r.code, r.stderr)
			}
			help := r.stdout + r.stderr // bench prints its help on stderr
			for _, want := range []string{"Usage: formfill " + c.name, "Example:", "-json", "-redis"} {
				if !strings.Contains(help, want) {
					t.Errorf("help lacks %q:\n%s", want, help)
				}
			}
		})
	}
	if r := cli(t, nil, "--help"); r.code != 0 || !strings.Contains(r.stdout, "batch") {
		t.Errorf("formfill --help: exit %d\n%s", r.code, r.stdout)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	tests := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"no command", nil, nil, "Usage: formfill COMMAND"},
		{"unknown command", nil, []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"fill without answers", nil, []string{"fill", doc, "-o", filepath.Join(dir, "o.docx")}, "-o and one of --answers or --previous are required"},
		{"fill without file", nil, []string{"fill", "--answers", answers, "-o", "x.docx"}, "missing argument"},
		{"extract bad mode", nil, []string{"extract", doc, "--mode", "xml"}, "expected compact, raw, text or fields"},
		{"unknown flag", nil, []string{"extract", doc, "--colour"}, "flag provided but not defined: -colour"},
		{"extract flag of another mode", nil, []string{"extract", doc, "--mode", "raw", "--limit", "3"}, "--limit apply to --mode compact only"},
		{"validate without locations", nil, []string{"validate", doc}, "--locations is required"},
		{"verify without expected", nil, []string{"verify", doc}, "--expected is required"},
		{"write without output", nil, []string{"write", doc, "--answers", answers}, "-o OUT is required (or --dry-run)"},
		{"fill bad queue", nil, []string{"fill", doc, "--answers", answers, "-o", filepath.Join(dir, "q.docx"), "--queue", "nope"}, `"nope"`},
		{"build-insertion without context", nil, []string{"build-insertion", "--text", "a"}, "--text and --context-xml are required"},
		{"build-insertion bad answer type", nil, []string{"build-insertion", "--text", "a", "--context-xml", "<w:p/>", "--answer-type", "x"}, `--answer-type "x": expected plain_text or structured`},
		// Refused before a job is queued, as the MCP tool refuses it.
		{"build-insertion blank context", nil, []string{"build-insertion", "--text", "a", "--context-xml", " "}, "target_context_xml"},
		{"carry-over without NEW", nil, []string{"carry-over", doc}, "missing argument: expected 2, got 1"},
		{"submit without redis", nil, []string{"submit", "fill", doc, "--answers", answers}, "no Redis configured: set --redis or FORMFILL_REDIS_URL, or run formfill serve"},
		{"status without redis", nil, []string{"status", "b-123"}, "no Redis configured"},
		{"queues without redis", nil, []string{"queues"}, "no Redis configured"},
		{"worker without redis", nil, []string{"worker"}, "no Redis configured"},
		{"submit unknown kind", []string{"FORMFILL_REDIS_URL=redis://127.0.0.1:1/0"}, []string{"submit", "paint", doc}, `unknown job kind "paint"; expected one of extract_compact`},
		{"bad redis url", nil, []string{"status", "b-1", "--redis", "http://:hunter2@x:1"}, "expected redis://, rediss://"},
		{"batch without out-dir", nil, []string{"batch", "m.jsonl"}, "--out-dir is required"},
		{"batch group of none", nil, []string{"batch", "m.jsonl", "--out-dir", dir, "--group", "0"}, "--group 0: expected 1 to 64"},
		{"batch group too large", nil, []string{"batch", "m.jsonl", "--out-dir", dir, "--group", "65"}, "--group 65: expected 1 to 64"},
		{"mcp http without token", nil, []string{"mcp", "--http", "127.0.0.1:0"}, "needs a bearer token"},
		{"mcp oauth without resource", nil, []string{"mcp", "--http", "127.0.0.1:0", "--oauth-issuer", "https://auth.example"}, "--oauth-issuer and --oauth-resource go together"},
		{"mcp bad principal", nil, []string{"mcp", "--principal", "oauth:x"}, "':' is not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := cli(t, tt.env, tt.args...)
			if r.code != exitUsage {
				t.Fatalf("exit %d, want 2; stderr: %s", r.code, r.stderr)
			}
			if got := r.stderr + r.stdout; !strings.Contains(got, tt.want) {
				t.Fatalf("output lacks %q:\n%s", tt.want, got)
			}
			if strings.Contains(r.stderr, "hunter2") {
				t.Fatalf("the Redis password leaked: %s", r.stderr)
			}
		})
	}
}

func TestBadInputIsAClearFailure(t *testing.T) {
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	corrupt := filepath.Join(dir, "corrupt.docx")
	writeFile(t, corrupt, []byte("this is not a zip archive"))
	truncated := filepath.Join(dir, "truncated.docx")
	writeFile(t, truncated, fixtures.Truncated())
	badJSON := filepath.Join(dir, "bad.json")
	writeFile(t, badJSON, []byte(`[{"pair_id": "T1-R2-C2", "answer": "typo in the field name"}]`))
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"corrupt file", []string{"extract", corrupt}, []string{"corrupt.docx", "not a .docx file"}},
		{"truncated file", []string{"extract", truncated}, []string{"truncated.docx"}},
		{"missing document", []string{"extract", filepath.Join(dir, "nope.docx")}, []string{"nope.docx", "no such file"}},
		{"missing answers file", []string{"fill", doc, "--answers", filepath.Join(dir, "missing.json"), "-o", filepath.Join(dir, "o.docx")}, []string{"answers file", "missing.json"}},
		{"answers with an unknown field", []string{"write", doc, "--answers", badJSON, "--dry-run"}, []string{`unknown field "answer"`}},
		{"redis unreachable, password hidden", []string{"status", "b-1", "--redis", "redis://:hunter2@127.0.0.1:1/0"}, []string{"does not answer", "127.0.0.1:1"}},
		{"redis unreachable at submit", []string{"submit", "extract_text", doc, "--redis", "redis://:hunter2@127.0.0.1:1/0"}, []string{"does not answer", "127.0.0.1:1", "FORMFILL_REDIS_URL"}},
		{"redis unreachable for a batch", []string{"batch", writeManifest(t, dir, 1), "--out-dir", filepath.Join(dir, "out"), "--redis", "redis://:hunter2@127.0.0.1:1/0"}, []string{"does not answer", "127.0.0.1:1"}},
		{"unknown element", []string{"fill", doc, "--answers", writeAnswers(t, dir, "T9-R9-C9"), "-o", filepath.Join(dir, "o.docx")}, []string{"T9-R9-C9"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			r := cli(t, nil, tt.args...)
			if r.code != exitFailure {
				t.Fatalf("exit %d, want 1; stdout %s stderr %s", r.code, r.stdout, r.stderr)
			}
			if took := time.Since(start); took > 10*time.Second {
				t.Errorf("took %v to fail: a user waits for a clear error, not a hang", took)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q: %s", w, r.stderr)
				}
			}
			if strings.Contains(r.stderr, "hunter2") {
				t.Fatalf("the Redis password leaked: %s", r.stderr)
			}
			if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
				t.Fatalf("crashed: %s", r.stderr)
			}
		})
	}
	_ = answers
}

func writeAnswers(t *testing.T, dir, pairID string) string {
	p := filepath.Join(dir, pairID+".json")
	writeJSONFile(t, p, []formats.Answer{{PairID: pairID, AnswerText: "x"}})
	return p
}

// fillAndCheck fills f with env's backend and checks, by extracting the
// output's text with formfill itself, that every answer is in it.
func fillAndCheck(t *testing.T, env []string, f fixture) {
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, f)
	out := filepath.Join(dir, "filled-"+f.name)
	r := cli(t, env, "fill", doc, "--answers", answers, "-o", out, "--json")
	if r.code != 0 {
		t.Fatalf("fill: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	var got writeJSON
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("fill --json: %v\n%s", err, r.stdout)
	}
	if got.OK == nil || !*got.OK || got.Report.Summary.Matched != len(f.answers) {
		t.Fatalf("fill report: %+v", got.Report)
	}
	// A PDF's page text does not hold field values: read them as fields.
	mode := "text"
	if strings.HasSuffix(f.name, ".pdf") {
		mode = "fields"
	}
	text := cli(t, env, "extract", out, "--mode", mode)
	if text.code != 0 {
		t.Fatalf("extract output: exit %d: %s", text.code, text.stderr)
	}
	for _, a := range f.answers {
		if !strings.Contains(text.stdout, a.AnswerText) {
			t.Errorf("filled %s lacks %q; text:\n%s", f.name, a.AnswerText, text.stdout)
		}
	}
	orig, _ := os.ReadFile(doc)
	if orig2 := cli(t, env, "extract", doc, "--mode", mode); strings.Contains(orig2.stdout, f.answers[0].AnswerText) {
		t.Fatalf("the original already contains the answer: the test proves nothing (%d bytes)", len(orig))
	}
}

func TestFillEmbeddedEveryFormat(t *testing.T) {
	for _, f := range fixtureDocs {
		t.Run(f.name, func(t *testing.T) { fillAndCheck(t, nil, f) })
	}
}

func TestFillThroughRedisAndAWorkerProcess(t *testing.T) {
	env := redisEnv(t, 13)
	startWorker(t, env, "--concurrency", "2")
	for _, f := range fixtureDocs {
		t.Run(f.name, func(t *testing.T) { fillAndCheck(t, env, f) })
	}
}

func TestVerifyMismatchExitsOneNamingTheAnswers(t *testing.T) {
	dir := t.TempDir()
	f := fixtureDocs[0]
	doc, answers := writeFixture(t, dir, f)
	out := filepath.Join(dir, "filled.docx")
	if r := cli(t, nil, "fill", doc, "--answers", answers, "-o", out); r.code != 0 {
		t.Fatalf("fill: %d %s", r.code, r.stderr)
	}
	expected := filepath.Join(dir, "expected.json")
	writeJSONFile(t, expected, []formats.ExpectedAnswer{
		{PairID: "T1-R2-C2", ExpectedText: "Acme Widgets Ltd"},
		{PairID: "T1-R3-C2", ExpectedText: "somewhere else"},
		{PairID: "T1-R4-C2", ExpectedText: "Grace Hopper"},
	})
	r := cli(t, nil, "verify", out, "--expected", expected)
	if r.code != exitFailure {
		t.Fatalf("verify with wrong expectations: exit %d, want 1\n%s", r.code, r.stdout)
	}
	for _, want := range []string{"T1-R3-C2 mismatched", "T1-R4-C2 missing"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, r.stderr)
		}
	}
	// The answers file itself is accepted as expectations, and matches.
	if r := cli(t, nil, "verify", out, "--expected", answers); r.code != 0 {
		t.Fatalf("verify against the answers file: exit %d: %s %s", r.code, r.stdout, r.stderr)
	}
}

func TestValidateAcceptsIDListAndFile(t *testing.T) {
	dir := t.TempDir()
	doc, _ := writeFixture(t, dir, fixtureDocs[0])
	r := cli(t, nil, "validate", doc, "--locations", "T1-R2-C2,T1-R3-C2", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var out struct{ Results []formats.ValidatedLocation }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || len(out.Results) != 2 || out.Results[1].Status != formats.LocationMatched {
		t.Fatalf("validate: %v %+v", err, out)
	}
	locs := filepath.Join(dir, "locs.json")
	writeJSONFile(t, locs, []formats.Location{{PairID: "T9-R1-C1"}})
	if r := cli(t, nil, "validate", doc, "--locations", locs); r.code != exitFailure || !strings.Contains(r.stdout, "T9-R1-C1") {
		t.Fatalf("unknown location: exit %d, stdout %s", r.code, r.stdout)
	}
}
