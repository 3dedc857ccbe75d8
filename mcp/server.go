package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/formfill/formfill/formats"
	"github.com/formfill/formfill/internal/safefile"
	"github.com/formfill/formfill/jobs"
)

// Store is the part of *jobs.Client the MCP server uses. Tests and
// alternative job stores can stand in for it.
type Store interface {
	PutBlob(ctx context.Context, data []byte) (string, error)
	GetBlob(ctx context.Context, docID string) ([]byte, error)
	Submit(ctx context.Context, p jobs.Payload, opts ...jobs.Option) (string, error)
	Status(ctx context.Context, jobID string) (*jobs.Status, error)
	Cancel(ctx context.Context, jobID string) error
	Jobs(ctx context.Context, ids []string) ([]*jobs.Status, error)
	// Await waits up to wait for job id to finish and returns its last
	// status, finished or not; onState, if not nil, sees each change of its
	// state. Only a failure to reach the store is an error: a failed job is
	// a status.
	Await(ctx context.Context, id string, wait time.Duration, onState func(*jobs.Status)) (*jobs.Status, error)
}

// clientStore is the Store of a real job queue. Its Backend's Redis is
// where the server shares its sessions and its index of jobs with the
// other servers of the queue (redisProvider).
type clientStore struct{ *jobs.Backend }

// awaitPoll is how often a wait looks at a job at first when Redis gives no
// announcements of jobs' ends.
const awaitPoll = 5 * time.Millisecond

func (c clientStore) Await(ctx context.Context, id string, wait time.Duration, onState func(*jobs.Status)) (*jobs.Status, error) {
	opts := []jobs.Option{jobs.WaitAtMost(wait), jobs.PollEvery(awaitPoll)}
	if onState != nil {
		opts = append(opts, jobs.OnStateChange(onState))
	}
	st, err := c.Backend.Await(ctx, id, opts...)
	if st != nil {
		return st, nil // finished, failed, or still running when the wait or the call ended
	}
	return nil, err
}

// Defaults of the options.
const (
	DefaultWait         = 20 * time.Second
	DefaultMaxBodyBytes = 80 << 20 // a 50 MB document in base64 plus the JSON around it
	maxWait             = 120 * time.Second
	pollAfter           = time.Second // suggested to agents between get_job calls
)

// Server is formfill's MCP server: the document tools and job tools on top of
// a job store, served over stdio or streamable HTTP.
type Server struct {
	store    Store
	mcp      *server.MCPServer
	roots    *safefile.Roots
	cfg      config
	log      *slog.Logger
	index    jobIndex
	sessions server.SessionIdManager // of the HTTP transport's legacy era
	creds    credentials
	proots   principalRoots
}

type config struct {
	roots          []string
	token          string
	tokensFile     string
	oauth          *OAuthConfig
	stdioPrincipal *Principal
	// rootPerPrincipal gives each principal a directory of its own in
	// each root (see principalroots.go).
	rootPerPrincipal bool
	wait             time.Duration
	maxBody          int64
	allowedOrigins   []string
	logger           *slog.Logger
	version          string
	stdioDrain       time.Duration // how long stdio answers calls still running after stdin ends
	// dashboard is the read-only job dashboard, for dashboardPrincipals
	// (dashboard.go); nil: none.
	dashboard           http.Handler
	dashboardPrincipals []string
	// notifyAllow is where notify_url may point; nil: public addresses only.
	notifyAllow *jobs.NotifyPolicy
}

// Option configures a Server.
type Option func(*config)

// Roots sets the directories file paths are confined to (default: the
// working directory).
func Roots(dirs []string) Option { return func(c *config) { c.roots = dirs } }

// Token sets a bearer token HTTP clients may present, as the principal
// named "default". The HTTP transport refuses to start without a token, a
// tokens file or OAuth.
func Token(token string) Option { return func(c *config) { c.token = token } }

// TokensFile names a file of named bearer tokens, one principal a line (see
// tokens.go for the format). New fails when it cannot be read, does not
// parse, or its group or other users may read it.
func TokensFile(path string) Option { return func(c *config) { c.tokensFile = path } }

// OAuth makes the HTTP transport an OAuth 2.1 resource server: it accepts
// access tokens the issuer signed for this server and publishes Protected
// Resource Metadata (RFC 9728).
func OAuth(cfg OAuthConfig) Option { return func(c *config) { c.oauth = &cfg } }

// StdioPrincipal names the principal a stdio server serves (default: a
// random one of its own, so two servers on one Redis never share jobs).
// Naming it lets a restarted server, or another process of the same user,
// find the jobs made before. New fails on a name CheckPrincipalName refuses.
func StdioPrincipal(name string) Option {
	return func(c *config) { c.stdioPrincipal = &Principal{Name: name} }
}

// WaitDefault sets how long a document tool waits for its job before
// answering with a job ID to poll (default 20 s) when the call gives no
// wait_seconds.
func WaitDefault(d time.Duration) Option { return func(c *config) { c.wait = d } }

// MaxBodyBytes limits the size of one HTTP request body (default 80 MB).
func MaxBodyBytes(n int64) Option { return func(c *config) { c.maxBody = n } }

// AllowOrigins lets browsers from these origins (e.g. "https://app.example")
// call the HTTP transport; localhost origins are always allowed.
func AllowOrigins(origins ...string) Option {
	return func(c *config) { c.allowedOrigins = append(c.allowedOrigins, origins...) }
}

// NotifyAllow sets where a caller's notify_url may point (the operator's
// --notify-allow); without it, public addresses only: a caller cannot make
// the workers POST to loopback, private or link-local addresses.
func NotifyAllow(p *jobs.NotifyPolicy) Option { return func(c *config) { c.notifyAllow = p } }

// Logger sets the logger (default slog.Default()).
func Logger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// Version sets the version reported to clients at initialisation (default:
// the module version or VCS revision the binary was built from).
func Version(v string) Option { return func(c *config) { c.version = v } }

// New builds a Server on the job queue behind b: the constructor a program
// serving formfill's queue uses. It takes a Backend, not a Client, because
// the server keeps its sessions and its index of jobs in the queue's Redis
// (jobs.NewBackend builds one). It adapts b to a Store and leaves the rest
// to NewWithStore, which other Stores (in-memory ones in tests, a
// program's own queue) use directly, and fails as it does.
func New(b *jobs.Backend, opts ...Option) (*Server, error) {
	return NewWithStore(clientStore{b}, opts...)
}

// NewWithStore builds a Server on any Store, such as an in-memory one for
// tests. It fails on a root that does not exist, a stdio principal's name
// CheckPrincipalName refuses, a tokens file it cannot use (TokensFile) or
// an OAuth configuration that does not check out.
func NewWithStore(store Store, opts ...Option) (*Server, error) {
	cfg := config{wait: DefaultWait, maxBody: DefaultMaxBodyBytes, logger: slog.Default(), version: buildVersion(),
		stdioDrain: maxWait + 10*time.Second}
	for _, o := range opts {
		o(&cfg)
	}
	roots, err := safefile.NewRoots(cfg.roots)
	if err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	if cfg.stdioPrincipal != nil {
		if err := CheckPrincipalName(cfg.stdioPrincipal.Name); err != nil {
			return nil, fmt.Errorf("mcp: stdio %w", err)
		}
	}
	creds, err := newCredentials(cfg)
	if err != nil {
		return nil, err
	}
	s := &Server{store: store, roots: roots, cfg: cfg, log: cfg.logger, index: newIndex(store, cfg.logger),
		sessions: newSessionManager(store, cfg.logger), creds: creds}
	s.mcp = server.NewMCPServer("formfill", cfg.version,
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithTaskCapabilities(true, true, true),
		server.WithExtensions(map[string]any{TasksExtension: map[string]any{}}),
		server.WithRecovery(),
		server.WithInstructions(instructions),
	)
	s.registerTools()
	s.registerResources()
	return s, nil
}

// MCPServer exposes the underlying mcp-go server (for in-process clients in
// tests). Calls through it bypass the task interception: use HandleMessage
// for tasks.
func (s *Server) MCPServer() *server.MCPServer { return s.mcp }

const instructions = `formfill reads and fills forms and questionnaires (Word .docx, Excel .xlsx, fillable PDF). ` +
	`It never invents answers: you decide them. Typical flow: extract_structure_compact (or list_form_fields) ` +
	`→ write_answers with answer_text per element ID → verify_output. Pass file_path for a local file; the doc_id ` +
	`returned by the first call lets later calls skip re-uploading. Long jobs answer {job_id, status}: poll get_job.`

// HandleMessage answers one JSON-RPC message from principal, of either
// protocol era. Task methods and the tool calls that may become tasks are
// answered from the job store; everything else goes to mcp-go. The
// principal sees only the jobs, tasks and files it made.
func (s *Server) HandleMessage(ctx context.Context, principal Principal, raw json.RawMessage) mcpgo.JSONRPCMessage {
	ctx = withPrincipal(ctx, principal)
	if resp, ok := s.intercept(ctx, raw, nil); ok {
		return resp
	}
	return s.mcp.HandleMessage(ctx, raw)
}

// newCredentials builds the HTTP transport's ways to authenticate.
func newCredentials(cfg config) (credentials, error) {
	tokens, err := newTokenSet(cfg.token, cfg.tokensFile, cfg.logger)
	if err != nil {
		return credentials{}, fmt.Errorf("mcp: %w", err)
	}
	c := credentials{tokens: tokens}
	if cfg.oauth != nil {
		if c.oauth, err = newOAuthVerifier(*cfg.oauth, cfg.logger); err != nil {
			return credentials{}, err
		}
	}
	return c, nil
}

func (s *Server) waitFor(seconds *float64) (time.Duration, error) {
	if seconds == nil {
		return s.cfg.wait, nil
	}
	if *seconds < 0 || *seconds > maxWait.Seconds() {
		return 0, formats.Errorf(formats.ErrInvalidArgument, "wait_seconds", "must be between 0 and %d seconds, got %v", int(maxWait.Seconds()), *seconds)
	}
	return time.Duration(*seconds * float64(time.Second)), nil
}
