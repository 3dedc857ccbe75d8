package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/jobs"
)

// formfill failures lists a job that failed for good, kept by the worker
// (--keep-failures), with its error; bad flags exit 2.
func TestFailuresListsWhatFailed(t *testing.T) {
	env := redisEnv(t, 13)
	startWorker(t, env, "--concurrency", "1", "--keep-failures", "7d")
	dir := t.TempDir()
	doc, _ := writeFixture(t, dir, fixtureDocs[0])
	bad := filepath.Join(dir, "bad.json")
	writeJSONFile(t, bad, []map[string]string{{"pair_id": "T99-R9-C9", "answer_text": "x"}})
	sub := cli(t, env, "submit", "write", doc, "--answers", bad)
	if sub.code != 0 {
		t.Fatalf("submit: %d %s", sub.code, sub.stderr)
	}
	id := strings.TrimSpace(sub.stdout)
	if w := cli(t, env, "wait", id); w.code == 0 {
		t.Fatalf("the bad write succeeded: %s", w.stdout)
	}
	var got struct {
		Failures []jobs.FailureEntry `json:"failures"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(got.Failures) == 0 && time.Now().Before(deadline) {
		r := cli(t, env, "failures", "--json", "--since", "1d")
		if r.code != 0 {
			t.Fatalf("failures: %d %s", r.code, r.stderr)
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("failures --json: %v\n%s", err, r.stdout)
		}
	}
	if len(got.Failures) != 1 || got.Failures[0].JobID != id || got.Failures[0].Error.Kind != jobs.ErrorInvalidArgument {
		t.Fatalf("failures: %+v, want job %s's invalid_argument", got.Failures, id)
	}
	if r := cli(t, env, "failures"); r.code != 0 || !strings.Contains(r.stdout, id) {
		t.Fatalf("failures (text): %d\n%s", r.code, r.stdout)
	}
	for _, args := range [][]string{{"failures", "--since", "a week"}, {"failures", "--queue", "nope"}, {"worker", "--keep-failures", "-1d"}} {
		if r := cli(t, env, args...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", args, r.code, r.stderr)
		}
	}
}

func TestParseKeep(t *testing.T) {
	for in, want := range map[string]time.Duration{"30d": 30 * 24 * time.Hour, "12h": 12 * time.Hour, "0": 0, "0d": 0} {
		if got, err := jobs.ParseKeep(in); err != nil || got != want {
			t.Errorf("ParseKeep(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "d", "-1d", "1w", "-3h"} {
		if _, err := jobs.ParseKeep(in); err == nil {
			t.Errorf("ParseKeep(%q) accepted", in)
		}
	}
}
