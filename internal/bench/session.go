package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/formfill/formfill/jobs"
)

// session is the bench's connection to Redis, opened once for all rounds:
// the server (an embedded one when no URL is given), a client that has
// uploaded the corpus, and an inspector to see workers register.
type session struct {
	url  string // what workers are given
	name string // what the report shows: redacted, or "embedded"
	conn asynq.RedisConnOpt
	// client is a Backend: the bench reads the Redis it drives for what
	// each job cost (drive.go's readRedisUsage).
	client *jobs.Backend
	insp   *asynq.Inspector
	stop   func() // stops an embedded Redis
}

// openSession connects to rawURL (or starts an embedded Redis when it is
// empty) and uploads docs.
func openSession(ctx context.Context, rawURL string, docs []*document) (*session, error) {
	url, stop, err := redisFor(rawURL)
	if err != nil {
		return nil, err
	}
	s := &session{url: url, name: jobs.RedactURL(url), stop: stop}
	if rawURL == "" {
		s.name = "embedded (miniredis on " + s.name + ")"
	}
	if s.conn, err = jobs.ParseRedisURL(url); err != nil {
		stop()
		return nil, err
	}
	s.client = jobs.NewBackend(s.conn, jobs.WithRetention(15*time.Minute), jobs.WithBlobTTL(time.Hour))
	s.insp = asynq.NewInspector(s.conn)
	if err := s.client.Ping(ctx); err != nil {
		s.close()
		return nil, err
	}
	if err := uploadCorpus(ctx, s.client.Client, docs); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// close releases the connections and stops an embedded Redis; a nil
// session is a no-op.
func (s *session) close() {
	if s == nil {
		return
	}
	s.insp.Close()
	s.client.Close()
	s.stop()
}

func uploadCorpus(ctx context.Context, c *jobs.Client, docs []*document) error {
	for _, d := range docs {
		var err error
		if d.docID, err = c.PutBlob(ctx, d.data); err != nil {
			return fmt.Errorf("upload %s: %w", d.info.Name, err)
		}
		if d.filledID, err = c.PutBlob(ctx, d.filled); err != nil {
			return fmt.Errorf("upload filled %s: %w", d.info.Name, err)
		}
	}
	return nil
}
