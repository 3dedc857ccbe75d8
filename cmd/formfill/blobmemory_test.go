package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/internal/s3test"
	"github.com/redis/go-redis/v9"
)

// padBytes makes every document of the memory test this much larger, with
// bytes that do not compress: a stand-in for a real questionnaire's images.
const padBytes = 256 << 10

// The batch benchmark of docs/SCALING.md ("Documents in object storage"),
// as a test: the same batch of fills of a 256 KB template, first with
// documents in Redis, then with --blob-store. Without the store, Redis
// grows by each output (more than the padding a fill); with it, Redis
// holds only queue state and results: no blob key, and a few KB a fill
// whatever the document's size. FORMFILL_BLOB_BENCH_FILLS sets the batch
// size (default 32; the figures in SCALING.md are 10,000 fills).
func TestBatchRedisHoldsOnlyQueueStateWithBlobStore(t *testing.T) {
	srv := s3test.Start(t)
	n := 32
	if v, err := strconv.Atoi(os.Getenv("FORMFILL_BLOB_BENCH_FILLS")); err == nil && v > 0 {
		n = v
	}
	dir := t.TempDir()
	manifest := writePaddedManifest(t, dir, n)
	store := []string{"FORMFILL_BLOB_STORE=s3://formfill/bench"}
	for k, v := range srv.Env() {
		store = append(store, k+"="+v)
	}
	inRedis, _ := batchRedisBytes(t, nil, manifest, filepath.Join(dir, "redis-out"), n)
	withStore, blobKeys := batchRedisBytes(t, store, manifest, filepath.Join(dir, "s3-out"), n)
	t.Logf("%d fills of a %d KB template: Redis holds %.1f KB a fill with documents in Redis, %.1f KB with --blob-store",
		n, padBytes>>10, float64(inRedis)/float64(n)/1024, float64(withStore)/float64(n)/1024)
	if inRedis/int64(n) < padBytes {
		t.Errorf("documents in Redis: %d bytes a fill, less than one output: the measure misses the blobs", inRedis/int64(n))
	}
	if blobKeys > 0 {
		t.Errorf("--blob-store: Redis holds %d blob keys", blobKeys)
	}
	if perFill := withStore / int64(n); perFill > 8<<10 {
		t.Errorf("--blob-store: Redis holds %d bytes a fill, more than queue state and results", perFill)
	}
}

// batchRedisBytes runs the batch through a worker on a fresh database and
// returns the bytes its keys hold once it is done, and how many are blobs.
func batchRedisBytes(t *testing.T, extra []string, manifest, out string, n int) (total int64, blobKeys int) {
	t.Helper()
	env := append(redisEnv(t, 13), extra...) // a fresh (flushed) database
	w := startWorker(t, env, "--concurrency", "2")
	defer w.stop(t, syscall.SIGTERM, 30*time.Second)
	s, r := runBatchJSON(t, env, manifest, "--out-dir", out)
	if r.code != 0 || s.Done != n {
		t.Fatalf("batch: exit %d, %+v\n%s\nworker log:\n%s", r.code, s, r.stderr, w.log.String())
	}
	opt, err := redis.ParseURL(redistest.URL(13)) // not redistest.Conn: it flushes
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	ctx := context.Background()
	iter := rdb.Scan(ctx, 0, "*", 500).Iterator()
	for iter.Next(ctx) {
		size, err := rdb.MemoryUsage(ctx, iter.Val()).Result()
		if err != nil && err != redis.Nil {
			t.Fatal(err)
		}
		total += size
		if strings.HasPrefix(iter.Val(), "formfill:blob:") {
			blobKeys++
		}
	}
	if err := iter.Err(); err != nil {
		t.Fatal(err)
	}
	return total, blobKeys
}

// writePaddedManifest writes n fills of one padded template with distinct
// answers, so every output is a distinct document.
func writePaddedManifest(t *testing.T, dir string, n int) string {
	t.Helper()
	f := fixtureDocs[0]
	doc := filepath.Join(dir, "padded-"+f.name)
	writeFile(t, doc, padDocx(t, f.build()))
	var lines []string
	for i := range n {
		answers := []formats.Answer{{PairID: f.answers[0].PairID, AnswerText: fmt.Sprintf("Answer number %d", i)}}
		line, _ := json.Marshal(map[string]any{"file": filepath.Base(doc), "answers": answers, "output": fmt.Sprintf("out%05d.docx", i)})
		lines = append(lines, string(line))
	}
	m := filepath.Join(dir, "padded.jsonl")
	writeFile(t, m, []byte(strings.Join(lines, "\n")+"\n"))
	return m
}

// padDocx adds a stored part of random bytes to a package.
func padDocx(t *testing.T, docx []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(docx), int64(len(docx)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		w, err := zw.CreateHeader(&f.FileHeader)
		if err != nil {
			t.Fatal(err)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(w, rc)
		rc.Close()
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "docProps/padding.bin", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	pad := make([]byte, padBytes)
	rand.Read(pad)
	w.Write(pad)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
