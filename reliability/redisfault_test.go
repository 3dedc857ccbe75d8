package reliability

import (
	"context"
	"errors"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/fixtures"
	"github.com/formfill/formfill/internal/jobstest"
	"github.com/formfill/formfill/jobs"
)

// restartJobs is how many jobs TestRedisRestartUnderLoadLosesNoJob submits.
const restartJobs = 200

// TestRedisRestartUnderLoadLosesNoJob runs jobs through an in-process
// worker against a redis-server of its own (appendonly and a password, as
// deploy/ runs it), and restarts Redis (SHUTDOWN, then start on the same port and AOF
// directory) in the middle. The client and worker are not touched: they
// must reconnect by themselves, and every job whose Submit returned an ID
// must end completed. Jobs caught running by the restart come back only
// through asynq's lease expiry (30 s lease, recoverer every minute), so the
// test waits up to 150 s: it is skipped with -short.
func TestRedisRestartUnderLoadLosesNoJob(t *testing.T) {
	if testing.Short() {
		t.Skip("Redis restart under load waits for lease expiry: skipped with -short")
	}
	// Its own Redis and no heap measurement: runs alongside the other
	// process-level tests.
	t.Parallel()
	for _, mode := range []string{"shutdown", "kill -9"} {
		t.Run(mode, func(t *testing.T) { restartUnderLoad(t, mode) })
	}
}

func restartUnderLoad(t *testing.T, mode string) {
	rs := startRedis(t, "restart-s3cret") // deploy/ runs Redis with a password
	conn, err := jobs.ParseRedisURL(rs.url())
	if err != nil {
		t.Fatal(err)
	}
	c := serveInProcess(t, conn, 2)
	ctx := context.Background()
	docID, err := c.PutBlob(ctx, fixtures.TwoColumn())
	if err != nil {
		t.Fatal(err)
	}

	var (
		mu        sync.Mutex
		ids       []string
		accepted  []time.Time // when each of ids was acknowledged
		refused   int
		restarted = make(chan time.Duration, 1)
		backAt    time.Time
		downAt    time.Time
	)
	go func() {
		// Restart once a quarter of the jobs are in.
		for {
			mu.Lock()
			n := len(ids)
			mu.Unlock()
			if n >= restartJobs/4 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		down := time.Now()
		outage, back := restartRedis(rs, mode)
		mu.Lock()
		backAt, downAt = back, down
		mu.Unlock()
		restarted <- outage
	}()
	for i := 0; len(ids) < restartJobs; i++ {
		kind := []jobs.Kind{jobs.KindExtractCompact, jobs.KindFill, jobs.KindListFields}[i%3]
		p := jobs.Payload{Kind: kind, DocID: docID, FileType: formats.Word}
		if kind == jobs.KindFill {
			p.Answers = []formats.Answer{{PairID: "T1-R2-C2", AnswerText: "yes"}}
		}
		sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		id, err := c.Submit(sctx, p, jobs.Queue(jobs.QueueBulk))
		cancel()
		if err != nil {
			// Refused while Redis is down: the caller knows, nothing was
			// accepted. It must say Redis is unreachable, and be quick.
			refused++
			if !errors.Is(err, jobs.ErrUnreachable) {
				t.Errorf("submit during the outage: %v; want jobs.ErrUnreachable", err)
			}
			time.Sleep(100 * time.Millisecond)
			continue
		}
		mu.Lock()
		ids = append(ids, id)
		accepted = append(accepted, time.Now())
		mu.Unlock()
		time.Sleep(5 * time.Millisecond)
	}
	outage := <-restarted
	mu.Lock()
	afterRestart, killedAt := backAt, downAt
	mu.Unlock()

	// SHUTDOWN flushes the AOF: nothing accepted may be lost. SIGKILL
	// loses what Redis had not yet written to the file, and with
	// appendfsync everysec Redis may hold writes back for up to two
	// seconds while an fsync is slow (a busy disk): a job acknowledged in
	// that window may be gone, and must then answer "not found", never
	// hang. One acknowledged earlier must not be gone.
	mayLose := func(i int) bool {
		return mode == "kill -9" && !accepted[i].Before(killedAt.Add(-aofWindow)) && !accepted[i].After(killedAt)
	}
	lost, failed := waitAllCompleted(t, c, ids, mayLose)
	t.Logf("%s: %d jobs accepted, %d submits refused during a %v outage; lost %d, failed %d; all done %v after Redis came back",
		mode, len(ids), refused, outage.Round(time.Millisecond), lost, failed, time.Since(afterRestart).Round(100*time.Millisecond))
}

// aofWindow is how long before a SIGKILL an acknowledged write may be
// missing from the AOF under appendfsync everysec: Redis postpones its
// write of the AOF buffer by up to two seconds while a background fsync
// is still running.
const aofWindow = 2 * time.Second

// restartRedis stops rs (SHUTDOWN, or kill -9), starts it again a second
// later on the same port and AOF directory, and returns how long it was
// down and when it came back.
func restartRedis(rs *redisServer, mode string) (outage time.Duration, back time.Time) {
	start := time.Now()
	if mode == "shutdown" {
		rs.shutdown()
	} else {
		rs.kill()
	}
	time.Sleep(time.Second)
	rs.start()
	return time.Since(start), time.Now()
}

// waitAllCompleted waits up to 150 s (a job caught running by the restart
// comes back through asynq's lease expiry) for every job to complete, and
// counts those lost (unknown) and those that ended otherwise. A job
// mayLose names may be unknown, and only as ErrJobNotFound.
func waitAllCompleted(t *testing.T, c *jobs.Client, ids []string, mayLose func(i int) bool) (lost, failed int) {
	deadline, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	for i, id := range ids {
		st, err := waitThroughOutage(deadline, c, id)
		switch {
		case errors.Is(err, jobs.ErrJobNotFound) && mayLose(i):
			lost++
			t.Logf("job %s, acknowledged within %v of the kill, is not in the restarted Redis: %v", id, aofWindow, err)
		case err != nil:
			lost++
			t.Errorf("job %s: %v", id, err)
		case st.State != jobs.StateCompleted:
			failed++
			t.Errorf("job %s ended %s: %s", id, st.State, errMsg(st))
		}
	}
	return lost, failed
}

// waitThroughOutage waits for a job, retrying status reads that fail
// because Redis is still coming back.
func waitThroughOutage(ctx context.Context, c *jobs.Client, id string) (*jobs.Status, error) {
	for {
		st, err := jobstest.Settled(ctx, c, id, 100*time.Millisecond)
		if err == nil || ctx.Err() != nil || errors.Is(err, jobs.ErrJobNotFound) {
			return st, err
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// TestUnreachableRedisFailsFastAtSubmit submits to a port where nothing
// listens and to a server that accepts connections but never answers (a
// hung Redis, or a firewall that swallows packets): both must fail within
// seconds with jobs.ErrUnreachable, not hang. A refused connection takes
// about 1.8 s (go-redis's dial retries and backoff, measured with two CPU
// hogs beside the test): its bound leaves room for a loaded machine.
func TestUnreachableRedisFailsFastAtSubmit(t *testing.T) {
	for _, tt := range []struct {
		name, url string
		bound     time.Duration
	}{
		{"refused", "redis://127.0.0.1:" + itoa(freePort(t)) + "/0", 5 * time.Second},
		{"silent", "redis://" + silentServer(t) + "/0", 15 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := jobs.ParseRedisURL(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			c := jobs.NewClient(conn)
			defer c.Close()
			start := time.Now()
			_, err = c.Submit(context.Background(), jobs.Payload{Kind: jobs.KindExtractText, DocID: jobs.DocID([]byte("x")), FileType: formats.Word})
			took := time.Since(start)
			t.Logf("%s: %v after %v", tt.name, err, took.Round(time.Millisecond))
			if !errors.Is(err, jobs.ErrUnreachable) {
				t.Errorf("submit to %s: %v, want jobs.ErrUnreachable", tt.url, err)
			}
			if took > tt.bound {
				t.Errorf("submit to %s took %v (bound %v)", tt.url, took, tt.bound)
			}
			start = time.Now()
			_, err = c.PutBlob(context.Background(), []byte("doc"))
			t.Logf("%s: PutBlob: %v after %v", tt.name, err, time.Since(start).Round(time.Millisecond))
			if err == nil || time.Since(start) > tt.bound {
				t.Errorf("PutBlob to %s: %v after %v (bound %v)", tt.url, err, time.Since(start), tt.bound)
			}
		})
	}
}

func itoa(n int) string {
	return string(append([]byte(nil), []byte(formatInt(n))...))
}

// silentServer accepts TCP connections and never answers.
func silentServer(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
		}
	}()
	return l.Addr().String()
}
