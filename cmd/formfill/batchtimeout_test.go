package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
)

// batch --timeout is the time a document may take, so it must reach the
// jobs: before, they ran under the 2-minute default whatever the user set,
// and a slow document failed long before the batch stopped waiting.
func TestBatchTimeoutBoundsTheJobsItSubmits(t *testing.T) {
	env := redisEnv(t, 13)
	conn, err := asynq.ParseRedisURI(redistest.URL(13)) // redisEnv has checked and emptied it
	if err != nil {
		t.Fatal(err)
	}
	insp := asynq.NewInspector(conn)
	defer insp.Close()
	startWorker(t, env, "--concurrency", "2")
	dir := t.TempDir()
	manifest := writeManifest(t, dir, 3)
	tests := []struct {
		group string
		want  time.Duration
	}{
		{"1", 7 * time.Minute},     // one job a document
		{"3", 3 * 7 * time.Minute}, // one fill_group job: the timeout per document
	}
	for _, tc := range tests {
		t.Run("group "+tc.group, func(t *testing.T) {
			s, r := runBatchJSON(t, env, manifest, "--out-dir", filepath.Join(dir, "out"+tc.group),
				"--group", tc.group, "--timeout", "7m")
			if r.code != 0 || s.Done != 3 {
				t.Fatalf("exit %d, %+v\n%s", r.code, s, r.stderr)
			}
			for _, d := range s.Documents {
				info, err := insp.GetTaskInfo(jobs.QueueBulk, d.JobID)
				if err != nil {
					t.Fatalf("job %s of %s: %v", d.JobID, d.File, err)
				}
				if info.Timeout != tc.want {
					t.Errorf("job %s of %s runs under a %s timeout, want %s", d.JobID, d.File, info.Timeout, tc.want)
				}
			}
		})
	}
}
