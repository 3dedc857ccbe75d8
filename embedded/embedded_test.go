package embedded

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
	"github.com/redis/go-redis/v9"
)

func start(t *testing.T, opts ...Option) *Server {
	t.Helper()
	s, err := Start(append([]Option{Logger(slog.New(slog.NewTextHandler(io.Discard, nil)))}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestFillRunsThroughTheEmbeddedQueue(t *testing.T) {
	s := start(t, Concurrency(2))
	c := s.Client()
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	doc, err := fixtures.Build(fixtures.WordTwoColumn)
	if err != nil {
		t.Fatal(err)
	}
	docID, err := c.PutBlob(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	id, err := c.Submit(ctx, jobs.Payload{Kind: jobs.KindFill, DocID: docID, FileType: formats.Word,
		Answers: []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "Embedded Acme Ltd"}}})
	if err != nil {
		t.Fatal(err)
	}
	st, err := jobstest.Settled(ctx, c, id, 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if st.State != jobs.StateCompleted || st.Result.Report == nil || !st.Result.Report.OK() {
		t.Fatalf("fill on the embedded server: %+v", st)
	}
	out, err := c.GetBlob(ctx, st.Result.OutputDocID)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := formats.Lookup(formats.Word)
	text, err := e.ExtractText(out)
	if err != nil || !strings.Contains(text, "Embedded Acme Ltd") {
		t.Fatalf("filled document text lacks the answer (%v)", err)
	}
}

func TestIdempotencyKeyOnEmbeddedRedis(t *testing.T) {
	s := start(t)
	c := s.Client()
	defer c.Close()
	ctx := context.Background()
	docID, _ := c.PutBlob(ctx, []byte("PK\x03\x04 corrupt"))
	p := jobs.Payload{Kind: jobs.KindExtractText, DocID: docID, FileType: formats.Word}
	a, err := c.Submit(ctx, p, jobs.IdempotencyKey("same"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := jobstest.Settled(ctx, c, a, 20*time.Millisecond)
	if err != nil || st.State != jobs.StateFailed || st.Result.Error == nil || st.Result.Error.Kind != "invalid_document" {
		t.Fatalf("corrupt document on embedded redis: %+v, %v", st, err)
	}
}

// miniredis counts TTLs down only when told; the server must drive its clock
// so blobs expire in a long-running process.
func TestClockRunsTTLsDown(t *testing.T) {
	s := start(t)
	rdb := redis.NewClient(&redis.Options{Addr: s.Addr(), Password: s.Password()})
	defer rdb.Close()
	ctx := context.Background()
	if err := rdb.Set(ctx, "k", "v", 1500*time.Millisecond).Err(); err != nil {
		t.Fatal(err)
	}
	// The clock moves once a second, so the key goes within about 2.5 s;
	// a loaded machine may run the ticker late, so wait up to 30 s.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		n, err := rdb.Exists(ctx, "k").Result()
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a key with a 1.5 s TTL still exists after 30 s: the clock is not driven")
		}
	}
}

func TestAddrOptionListensWhereAsked(t *testing.T) {
	s := start(t, Addr("127.0.0.1:0"))
	if !strings.HasPrefix(s.URL(), "redis://:"+s.Password()+"@127.0.0.1:") {
		t.Fatalf("URL = %s", jobs.RedactURL(s.URL()))
	}
	if _, err := Start(Addr("256.0.0.1:1")); err == nil {
		t.Fatal("Start on an impossible address succeeded")
	}
}

// The embedded Redis holds documents: a process that does not know the
// password generated at Start reads nothing, whatever it tries; the URL
// and Conn the server hands out work.
func TestEmbeddedRedisRequiresItsPassword(t *testing.T) {
	s := start(t)
	other := start(t)
	if s.Password() == "" || len(s.Password()) < 20 || s.Password() == other.Password() {
		t.Fatalf("passwords %q and %q: want long, random ones", s.Password(), other.Password())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := s.Client()
	defer c.Close()
	docID, err := c.PutBlob(ctx, []byte("a confidential document"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, user, password string }{
		{"no password", "", ""},
		{"wrong password", "", "guess"},
		{"another server's password", "", other.Password()},
		{"default user, no password", "default", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rdb := redis.NewClient(&redis.Options{Addr: s.Addr(), Username: tc.user, Password: tc.password, MaxRetries: -1})
			defer rdb.Close()
			if v, err := rdb.Get(ctx, "formfill:blob:"+docID).Result(); err == nil || strings.Contains(v, "confidential") {
				t.Fatalf("read the document without the password: %q", v)
			}
			if keys, err := rdb.Keys(ctx, "*").Result(); err == nil {
				t.Fatalf("listed keys without the password: %v", keys)
			}
		})
	}
	conn, err := jobs.ParseRedisURL(s.URL())
	if err != nil {
		t.Fatal(err)
	}
	byURL := jobs.NewClient(conn)
	defer byURL.Close()
	if data, err := byURL.GetBlob(ctx, docID); err != nil || string(data) != "a confidential document" {
		t.Fatalf("a client given the URL cannot read: %q %v", data, err)
	}
}
