package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/internal/s3test"
	"github.com/formfill/formfill/jobs"
	"github.com/redis/go-redis/v9"
)

// formfill fill with --blob-store against a separate `formfill worker
// --blob-store` (both given the store by FORMFILL_BLOB_STORE and the AWS
// variables): the document and the output are objects in S3, Redis holds
// no blob key and none of their bytes; the embedded mode (no Redis
// configured) uses the store too; a bad store URL is a usage error.
func TestFillKeepsDocumentsInS3(t *testing.T) {
	srv := s3test.Start(t)
	env := redisEnv(t, 13)
	env = append(env, "FORMFILL_BLOB_STORE=s3://formfill/cli")
	for k, v := range srv.Env() {
		env = append(env, k+"="+v)
	}
	w := startWorker(t, env, "--concurrency", "1")
	dir := t.TempDir()
	doc, answers := writeFixture(t, dir, fixtureDocs[0])
	out := filepath.Join(dir, "out.docx")
	if r := cli(t, env, "fill", doc, "--answers", answers, "-o", out); r.code != 0 {
		t.Fatalf("fill: %d %s\nworker log:\n%s", r.code, r.stderr, w.log.String())
	}
	docBytes, _ := os.ReadFile(doc)
	outBytes, err := os.ReadFile(out)
	if err != nil || bytes.Equal(outBytes, docBytes) {
		t.Fatalf("output: %v", err)
	}
	if !strings.Contains(w.log.String(), "documents in object storage") {
		t.Errorf("worker log does not name the blob store:\n%s", w.log.String())
	}
	ctx := context.Background()
	store, err := jobs.NewS3BlobStore(ctx, "s3://formfill/cli", time.Hour, srv.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"document": docBytes, "output": outBytes} {
		if got, err := store.Get(ctx, jobs.DocID(b), time.Hour); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s not in S3 under its doc_id: %v", name, err)
		}
	}
	rdb := redistest.Conn(t, 13).MakeRedisClient().(redis.UniversalClient)
	defer rdb.Close()
	keys, err := rdb.Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if strings.HasPrefix(k, "formfill:blob:") {
			t.Errorf("Redis holds blob key %s", k)
		}
		if v, err := rdb.Get(ctx, k).Bytes(); err == nil && (bytes.Contains(v, docBytes) || bytes.Contains(v, outBytes)) {
			t.Errorf("Redis key %s holds document bytes", k)
		}
		if m, err := rdb.HGetAll(ctx, k).Result(); err == nil {
			for f, v := range m {
				if strings.Contains(v, string(docBytes)) || strings.Contains(v, string(outBytes)) {
					t.Errorf("Redis hash %s field %s holds document bytes", k, f)
				}
			}
		}
	}

	embeddedEnv := append([]string{"FORMFILL_BLOB_STORE=s3://formfill/embedded"}, env[2:]...)
	out2 := filepath.Join(dir, "out2.docx")
	if r := cli(t, embeddedEnv, "fill", doc, "--answers", answers, "-o", out2); r.code != 0 {
		t.Fatalf("embedded fill: %d %s", r.code, r.stderr)
	}
	emb, err := jobs.NewS3BlobStore(ctx, "s3://formfill/embedded", time.Hour, srv.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := emb.Get(ctx, jobs.DocID(docBytes), time.Hour); err != nil {
		t.Errorf("embedded mode: document not in S3: %v", err)
	}
	if r := cli(t, env, "fill", doc, "--answers", answers, "-o", out2, "--blob-store", "http://bucket/x"); r.code != 2 || !strings.Contains(r.stderr, "s3://BUCKET/PREFIX") {
		t.Errorf("bad --blob-store: exit %d %s", r.code, r.stderr)
	}
}
