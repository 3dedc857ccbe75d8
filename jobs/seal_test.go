package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/redistest"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

const (
	keyOld = "2024:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=" // base64 of 32 bytes
	keyNew = "2025:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
)

func keyring(t *testing.T, spec string) *jobs.Keyring {
	t.Helper()
	k, err := jobs.ParseKeyring(spec)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestGetBlobRefusesChangedBytes: a document changed in Redis under its
// doc_id (issue 38: a finished output swapped) is refused with ErrTampered,
// with or without the blob cache, and never returned.
func TestGetBlobRefusesChangedBytes(t *testing.T) {
	conn := redistest.Conn(t, clientTestDB)
	ctx := context.Background()
	for _, cache := range []int64{0, 1 << 20} {
		c := jobs.NewClient(conn, jobs.WithBlobCache(cache))
		defer c.Close()
		doc := []byte("PK\x03\x04 the document as filled")
		id, err := c.PutBlob(ctx, doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := jobs.BackendOf(c).Redis().Set(ctx, "formfill:blob:"+id, []byte("PK\x03\x04 the attacker's document"), time.Hour).Err(); err != nil {
			t.Fatal(err)
		}
		got, err := c.GetBlob(ctx, id)
		if !errors.Is(err, jobs.ErrTampered) || got != nil {
			t.Fatalf("cache %d: GetBlob of changed bytes = %q, %v; want ErrTampered and no document", cache, got, err)
		}
		if k := jobs.ErrorOf(err).Kind; k != jobs.ErrorTampered {
			t.Fatalf("error kind %q, want %q", k, jobs.ErrorTampered)
		}
	}
}

// TestSealedRecords: with a keyring, what the client stores is ciphertext
// that opens only as the record it was sealed as, with a key the keyring
// holds; keys rotate by listing the new one first.
func TestSealedRecords(t *testing.T) {
	conn := redistest.Conn(t, clientTestDB)
	ctx := context.Background()
	secret := []byte("PK\x03\x04 Company legal name: Acme Confidential Widgets")
	old := jobs.NewClient(conn, jobs.WithKeyring(keyring(t, keyOld)))
	defer old.Close()
	id, err := old.PutBlob(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := jobs.BackendOf(old).Redis().Get(ctx, "formfill:blob:"+id).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(raw, []byte("Acme Confidential")) {
		t.Fatal("the stored blob holds the document in clear")
	}
	if got, err := old.GetBlob(ctx, id); err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("GetBlob with the sealing key: %q, %v", got, err)
	}

	rotated := jobs.NewClient(conn, jobs.WithKeyring(keyring(t, keyNew+","+keyOld)))
	defer rotated.Close()
	if got, err := rotated.GetBlob(ctx, id); err != nil || !bytes.Equal(got, secret) {
		t.Fatalf("GetBlob after rotation (old key still listed): %q, %v", got, err)
	}
	newOnly := jobs.NewClient(conn, jobs.WithKeyring(keyring(t, keyNew)))
	defer newOnly.Close()
	if _, err := newOnly.GetBlob(ctx, id); !errors.Is(err, jobs.ErrInvalidConfig) || !strings.Contains(err.Error(), `key "2024"`) {
		t.Fatalf("GetBlob without the sealing key: %v, want an invalid configuration naming key 2024", err)
	}
	plain := jobs.NewClient(conn)
	defer plain.Close()
	if _, err := plain.GetBlob(ctx, id); !errors.Is(err, jobs.ErrInvalidConfig) || !strings.Contains(err.Error(), jobs.KeyEnv) {
		t.Fatalf("GetBlob without keys: %v, want an invalid configuration naming %s", err, jobs.KeyEnv)
	}

	// A sealed record moved under another doc_id does not open: it is
	// bound to its name.
	other, err := old.PutBlob(ctx, []byte("PK\x03\x04 another"))
	if err != nil {
		t.Fatal(err)
	}
	if err := jobs.BackendOf(old).Redis().Set(ctx, "formfill:blob:"+other, raw, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := old.GetBlob(ctx, other); !errors.Is(err, jobs.ErrTampered) {
		t.Fatalf("a sealed blob moved to another doc_id: %v, want ErrTampered", err)
	}
	// A flipped byte in the ciphertext does not open either.
	flipped := bytes.Clone(raw)
	flipped[len(flipped)-1] ^= 1
	if err := jobs.BackendOf(old).Redis().Set(ctx, "formfill:blob:"+id, flipped, time.Hour).Err(); err != nil {
		t.Fatal(err)
	}
	if _, err := old.GetBlob(ctx, id); !errors.Is(err, jobs.ErrTampered) {
		t.Fatalf("a sealed blob with a flipped byte: %v, want ErrTampered", err)
	}
}

// TestSealedJobLeavesNoPlaintextInRedis runs a fill through a worker, both
// sealing with one keyring: no key of the Redis db holds the answer or the
// document's text in clear, and the result and output read back whole.
func TestSealedJobLeavesNoPlaintextInRedis(t *testing.T) {
	conn := redistest.Conn(t, clientTestDB)
	ctx := context.Background()
	keys := keyring(t, keyNew)
	c := jobs.NewClient(conn, jobs.WithKeyring(keys), jobs.WithTimeout(30*time.Second))
	defer c.Close()
	startSealedWorker(t, conn, keys)
	docID, err := c.PutBlob(ctx, twoColumn(t))
	if err != nil {
		t.Fatal(err)
	}
	answer := "Zanzibar Confidential Holdings"
	st, err := c.Run(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: answer}}})
	if err != nil {
		t.Fatal(err)
	}
	if st.Result == nil || st.Result.Report == nil || st.Result.Report.Summary.Matched != 1 {
		t.Fatalf("result %+v", st.Result)
	}
	out, err := c.GetBlob(ctx, st.Result.OutputDocID)
	if err != nil || jobs.DocID(out) != st.Result.OutputDocID {
		t.Fatalf("output: %v", err)
	}
	keysInDB, err := jobs.BackendOf(c).Redis().Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keysInDB {
		content := valuesOf(ctx, t, c, k)
		for _, clear := range []string{answer, "Company legal name"} {
			if strings.Contains(content, clear) {
				t.Errorf("Redis key %s holds %q in clear", k, clear)
			}
		}
	}
	t.Logf("%d keys checked", len(keysInDB))
}

func startSealedWorker(t *testing.T, conn asynq.RedisConnOpt, keys *jobs.Keyring) {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	w, err := worker.New(conn, worker.Concurrency(1), worker.Logger(quiet), worker.ShutdownTimeout(2*time.Second), worker.Keyring(keys))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Shutdown)
}

// valuesOf is everything Redis key k holds, as one string (DUMP would not
// do: Redis compresses long strings in it).
func valuesOf(ctx context.Context, t *testing.T, c *jobs.Client, k string) string {
	t.Helper()
	r := jobs.BackendOf(c).Redis()
	var parts []string
	switch typ, _ := r.Type(ctx, k).Result(); typ {
	case "string":
		v, _ := r.Get(ctx, k).Result()
		parts = append(parts, v)
	case "hash":
		m, _ := r.HGetAll(ctx, k).Result()
		for f, v := range m {
			parts = append(parts, f, v)
		}
	case "list":
		parts, _ = r.LRange(ctx, k, 0, -1).Result()
	case "set":
		parts, _ = r.SMembers(ctx, k).Result()
	case "zset":
		parts, _ = r.ZRange(ctx, k, 0, -1).Result()
	}
	return strings.Join(parts, "\n")
}
