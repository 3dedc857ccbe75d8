// Package embedded is formfill's default when no Redis is configured: an
// in-process Redis (miniredis) and an in-process worker, so the CLI and the
// MCP server run documents through the very same job path a deployment uses.
// `formfill serve` exposes it on a local port for several clients.
//
// The embedded Redis holds the documents of the jobs it runs, so it answers
// only clients that present the random password generated at Start (URL
// and Conn carry it): other users of the machine can reach a local port,
// but cannot read what is behind it.
package embedded

import (
	"crypto/rand"
	"fmt"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/alicebob/miniredis/v2/server"
	"github.com/formfill/formfill/jobs"
	"github.com/formfill/formfill/worker"
	"github.com/hibiken/asynq"
)

// Server is an embedded Redis with a worker serving it.
type Server struct {
	redis    *miniredis.Miniredis
	password string
	worker   *worker.Worker
	stop     chan struct{}
	wg       sync.WaitGroup
	once     sync.Once
}

type config struct {
	addr        string
	concurrency int
	log         *slog.Logger
	keys        *jobs.Keyring
	notify      []byte // webhook signing secret
	notifyAllow *jobs.NotifyPolicy
	blobs       jobs.BlobStore
}

// Option configures Start.
type Option func(*config)

// Addr makes the embedded Redis listen on addr (e.g. "127.0.0.1:6380")
// instead of a random local port.
func Addr(addr string) Option { return func(c *config) { c.addr = addr } }

// Concurrency sets the in-process worker's concurrency (default 4).
func Concurrency(n int) Option { return func(c *config) { c.concurrency = n } }

// Logger sets the worker's logger.
func Logger(l *slog.Logger) Option { return func(c *config) { c.log = l } }

// Keyring makes the embedded worker seal and open what it stores with k,
// as the clients of `formfill serve` that set encryption keys need.
func Keyring(k *jobs.Keyring) Option { return func(c *config) { c.keys = k } }

// NotifySecret makes the embedded worker sign webhook deliveries with
// secret (worker.NotifySecret).
func NotifySecret(secret []byte) Option { return func(c *config) { c.notify = secret } }

// NotifyAllow sets where the embedded worker's webhooks may go
// (worker.NotifyAllow); without it, public addresses only.
func NotifyAllow(p *jobs.NotifyPolicy) Option { return func(c *config) { c.notifyAllow = p } }

// BlobStore makes the embedded worker keep documents in s (worker.BlobStore);
// its clients need the same store.
func BlobStore(s jobs.BlobStore) Option { return func(c *config) { c.blobs = s } }

// Start runs an embedded Redis and a worker until Close.
func Start(opts ...Option) (*Server, error) {
	cfg := config{addr: "127.0.0.1:0", concurrency: 4, log: slog.Default()}
	for _, o := range opts {
		o(&cfg)
	}
	m := miniredis.NewMiniRedis()
	password := rand.Text() // 26 base32 characters: 130 random bits
	m.RequireAuth(password) // before it listens: no window without a password
	if err := m.StartAddr(cfg.addr); err != nil {
		return nil, fmt.Errorf("start embedded redis on %s: %w", cfg.addr, err)
	}
	// At once, before any client of ours connects: miniredis can take a
	// hook only once it listens, so a HELLO in the first microseconds
	// would still learn what listens (never a key: RequireAuth holds).
	guard := &helloGuard{password: password, authed: map[*server.Peer]bool{}}
	m.Server().SetPreHook(guard.hook)
	s := &Server{redis: m, password: password, stop: make(chan struct{})}
	s.wg.Add(1)
	go s.driveClock()
	w, err := worker.New(s.Conn(), worker.Concurrency(cfg.concurrency), worker.Logger(cfg.log),
		worker.ShutdownTimeout(5*time.Second), worker.Keyring(cfg.keys), worker.NotifySecret(cfg.notify), worker.NotifyAllow(cfg.notifyAllow), worker.BlobStore(cfg.blobs))
	if err == nil {
		err = w.Start()
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	s.worker = w
	return s, nil
}

// driveClock advances miniredis' clock with the wall clock: miniredis only
// counts key TTLs down when told to, and blob TTLs, asynq's unique locks and
// server heartbeats rely on them in a long-running process.
func (s *Server) driveClock() {
	defer s.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-s.stop:
			return
		case now := <-t.C:
			s.redis.FastForward(now.Sub(last))
			last = now
		}
	}
}

// Conn returns the connection options of the embedded Redis, with its
// password.
func (s *Server) Conn() asynq.RedisConnOpt {
	return asynq.RedisClientOpt{Addr: s.redis.Addr(), Password: s.password}
}

// Addr returns the host:port the embedded Redis listens on.
func (s *Server) Addr() string { return s.redis.Addr() }

// Password returns the password the embedded Redis requires.
func (s *Server) Password() string { return s.password }

// URL returns the redis:// URL clients of `formfill serve` should use, with
// the password: show it to the user who started the server, never log it.
func (s *Server) URL() string {
	return (&url.URL{Scheme: "redis", User: url.UserPassword("", s.password), Host: s.redis.Addr()}).String()
}

// Client returns a new jobs client for the embedded Redis.
func (s *Server) Client(opts ...jobs.ClientOption) *jobs.Client {
	return jobs.NewClient(s.Conn(), opts...)
}

// Backend returns a new jobs backend for the embedded Redis, for a server
// (an MCP server) that keeps state of its own beside the jobs.
func (s *Server) Backend(opts ...jobs.ClientOption) *jobs.Backend {
	return jobs.NewBackend(s.Conn(), opts...)
}

// Close drains the worker and stops Redis. Jobs not finished are lost with
// the in-process Redis: the embedded default is for one machine's work.
func (s *Server) Close() error {
	s.once.Do(func() {
		if s.worker != nil {
			s.worker.Shutdown()
		}
		close(s.stop)
		s.wg.Wait()
		s.redis.Close()
	})
	return nil
}
