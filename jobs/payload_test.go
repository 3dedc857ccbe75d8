package jobs

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/formfill/formfill/formats"
)

// TestPayloadWireIsTheFlatFormEarlierVersionsWrote decodes payloads as
// the version before per-operation arguments wrote them (one flat
// object) and checks each argument lands in its operation's struct and
// that encoding gives the same bytes back: a job queued by either version
// runs on the other.
func TestPayloadWireIsTheFlatFormEarlierVersionsWrote(t *testing.T) {
	tests := []struct {
		name, wire string
		check      func(p *Payload) bool
	}{
		{"compact view and ids with a page",
			`{"kind":"extract_compact","doc_id":"d","file_type":"word","limit":2,"max_tokens":100,"view":"targets","ids":["P9","T1"]}`,
			func(p *Payload) bool {
				return p.Compact != nil && p.Compact.View == "targets" && len(p.Compact.IDs) == 2 && p.Limit == 2 && p.Search == nil && p.Write == nil
			}},
		{"search pattern and regex",
			`{"kind":"search","doc_id":"d","offset":3,"pattern":"a.b","regex":true}`,
			func(p *Payload) bool {
				return p.Search != nil && *p.Search == SearchArgs{"a.b", true} && p.Offset == 3 && p.Compact == nil
			}},
		{"read format",
			`{"kind":"read_document","doc_id":"d","structured":true,"format":"json"}`,
			func(p *Payload) bool { return p.Read != nil && p.Read.Format == "json" && p.Structured }},
		{"write with every option",
			`{"kind":"write","doc_id":"d","answers":[{"pair_id":"P1","answer_text":"A"}],"dry_run":true,"track_changes":true,"comment_uncertain":true,"author":"J","date":"2025-03-01T09:30:00Z","flatten":true,"flatten_signatures":true,"strip_active_content":true}`,
			func(p *Payload) bool {
				return p.Write != nil && *p.Write == formats.WriteOptions{DryRun: true, TrackChanges: true, CommentUncertain: true, Author: "J",
					Date: "2025-03-01T09:30:00Z", Flatten: true, FlattenSignatures: true, StripActiveContent: true}
			}},
		{"write without options",
			`{"kind":"write","doc_id":"d","answers":[{"pair_id":"P1","answer_text":"A"}]}`,
			func(p *Payload) bool { return p.Write == nil && len(p.Answers) == 1 }},
		{"verify against its source",
			`{"kind":"verify","doc_id":"d","source_doc_id":"s","expected":[{"pair_id":"P1","expected_text":"A"}]}`,
			func(p *Payload) bool {
				return p.Verify != nil && p.Verify.SourceDocID == "s" && len(p.Verify.Expected) == 1 && p.Validate == nil && p.CarryOver == nil
			}},
		{"verify without a source",
			`{"kind":"verify","doc_id":"d","expected":[{"pair_id":"P1","expected_text":"A"}]}`,
			func(p *Payload) bool {
				return p.Verify != nil && p.Verify.SourceDocID == "" && len(p.Verify.Expected) == 1
			}},
		{"validate locations",
			`{"kind":"validate","doc_id":"d","file_type":"word","locations":[{"pair_id":"T1-R2-C2","snippet":""},{"pair_id":"","snippet":"Company name"}]}`,
			func(p *Payload) bool {
				return p.Validate != nil && len(p.Validate.Locations) == 2 && p.Validate.Locations[1].Snippet == "Company name" && p.Verify == nil
			}},
		{"carry over",
			`{"kind":"carry_over","doc_id":"d","previous_doc_id":"p"}`,
			func(p *Payload) bool {
				return p.CarryOver != nil && p.CarryOver.PreviousDocID == "p" && p.CarryOver.Map == nil
			}},
		{"carry over with a crosswalk",
			`{"kind":"carry_over","doc_id":"d","previous_doc_id":"p","map":{"name":"cw.csv","pairs":[{"new":"A1","old":"B2"}]}}`,
			func(p *Payload) bool {
				return p.CarryOver != nil && p.CarryOver.PreviousDocID == "p" && p.CarryOver.Map != nil && p.CarryOver.Map.Pairs[0].Old == "B2"
			}},
		{"fill group items keep their options",
			`{"kind":"fill_group","group":[{"kind":"fill","doc_id":"d","answers":[{"pair_id":"P1","answer_text":"A"}],"track_changes":true}],"answers_blob":"b"}`,
			func(p *Payload) bool {
				return len(p.Group) == 1 && p.Group[0].Write != nil && p.Group[0].Write.TrackChanges && p.AnswersBlob == "b"
			}},
		{"sealed",
			`{"kind":"fill","payload_blob":"x"}`,
			func(p *Payload) bool { return p.PayloadBlob == "x" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Payload
			if err := json.Unmarshal([]byte(tt.wire), &p); err != nil {
				t.Fatal(err)
			}
			if !tt.check(&p) {
				t.Errorf("decoded %+v", p)
			}
			if b, err := json.Marshal(p); err != nil || string(b) != tt.wire {
				t.Errorf("encoded\n%s\nwant\n%s (%v)", b, tt.wire, err)
			}
		})
	}
}

// TestPayloadOfThePreviousVersionEncodesAlike re-encodes the tasks the
// worker's compatibility test enqueues as an earlier version wrote them:
// the bytes must come back unchanged.
func TestPayloadOfThePreviousVersionEncodesAlike(t *testing.T) {
	data, err := os.ReadFile("../worker/testdata/v0-payloads.tsv")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(string(data)) {
		_, wire, ok := strings.Cut(strings.TrimSpace(line), "\t")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		var p Payload
		if err := json.Unmarshal([]byte(wire), &p); err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(p); string(b) != wire {
			t.Errorf("encoded\n%s\nwant\n%s", b, wire)
		}
	}
	if n != 10 {
		t.Fatalf("read %d payloads, want 10", n)
	}
}

// TestPayloadSetKeepsWhatItHolds checks that setting one argument keeps
// the others of the same operation and those set before: MCP and the CLI
// set a payload's parameters one at a time.
func TestPayloadSetKeepsWhatItHolds(t *testing.T) {
	p := Payload{Kind: KindWrite, Verify: &VerifyArgs{Source: []byte("src")}, CarryOver: &CarryOverArgs{Previous: []byte("prev")}}
	for field, v := range map[string]string{"dry_run": "true", "author": `"J"`, "answers": `[{"pair_id":"P1"}]`} {
		if err := p.Set(field, json.RawMessage(v)); err != nil {
			t.Fatal(err)
		}
	}
	if p.Write == nil || !p.Write.DryRun || p.Write.Author != "J" || len(p.Answers) != 1 || string(p.Verify.Source) != "src" ||
		string(p.CarryOver.Previous) != "prev" || p.Kind != KindWrite {
		t.Errorf("after three Sets: %+v, write %+v", p, p.Write)
	}
}
