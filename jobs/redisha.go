package jobs

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/hibiken/asynq"
)

// Highly available Redis: a Sentinel-watched master with replicas, or a
// Redis Cluster. Their URLs name several servers, which net/url cannot
// parse as one host, so they are read here:
//
//	redis-sentinel://[[user]:pass@]host:port[,host:port…]/MASTER[/db][?sentinel_password=…&sentinel_username=…]
//	redis-cluster://[[user]:pass@]host:port[,host:port…]
//
// rediss-sentinel:// and rediss-cluster:// do the same over TLS. The
// user and password are those of the data nodes (master, replicas or
// cluster nodes); sentinels that need their own are given them in the
// query, as a sentinel often runs without a password while the data nodes
// have one, and sending AUTH to a server without one fails.
const (
	schemeSentinel    = "redis-sentinel"
	schemeSentinelTLS = "rediss-sentinel"
	schemeCluster     = "redis-cluster"
	schemeClusterTLS  = "rediss-cluster"
)

// haURL is a parsed Sentinel or Cluster URL.
type haURL struct {
	scheme       string
	user, pass   string
	hasPass      bool
	hosts        []string // host:port each
	master       string   // Sentinel only
	db           int      // Sentinel only
	sentinelUser string
	sentinelPass string
}

func (u *haURL) tls() bool { return strings.HasPrefix(u.scheme, "rediss") }

func (u *haURL) sentinel() bool { return strings.HasSuffix(u.scheme, "sentinel") }

// isHAScheme reports whether raw starts with a Sentinel or Cluster scheme.
func isHAScheme(raw string) bool {
	scheme, _, ok := strings.Cut(raw, "://")
	switch strings.ToLower(scheme) {
	case schemeSentinel, schemeSentinelTLS, schemeCluster, schemeClusterTLS:
		return ok
	}
	return false
}

// haExpected says what a Sentinel or Cluster URL looks like, for errors.
const haExpected = "expected redis-sentinel://[:pass@]host:port[,host:port…]/MASTER[/db] or redis-cluster://[:pass@]host:port[,host:port…]"

// parseHAURL reads a Sentinel or Cluster URL. Its errors never quote the
// password.
func parseHAURL(raw string) (*haURL, error) {
	scheme, rest, _ := strings.Cut(raw, "://")
	u := &haURL{scheme: strings.ToLower(scheme)}
	authority, tail := rest, ""
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		authority, tail = rest[:i], rest[i:]
	}
	if at := strings.LastIndex(authority, "@"); at >= 0 {
		info, err := url.Parse("redis://" + authority[:at+1] + "h")
		if err != nil || info.User == nil {
			return nil, fmt.Errorf("%w: redis URL %s: unreadable user or password; %s", ErrInvalidConfig, blindRedact(raw), haExpected)
		}
		u.user = info.User.Username()
		u.pass, u.hasPass = info.User.Password()
		authority = authority[at+1:]
	}
	for h := range strings.SplitSeq(authority, ",") {
		if err := checkHostPort(h); err != nil {
			return nil, fmt.Errorf("%w: redis URL %s: server %q: %w; %s", ErrInvalidConfig, blindRedact(raw), h, err, haExpected)
		}
		u.hosts = append(u.hosts, h)
	}
	path, query, _ := strings.Cut(tail, "?")
	if err := u.readPath(strings.Trim(path, "/")); err != nil {
		return nil, fmt.Errorf("%w: redis URL %s: %w", ErrInvalidConfig, blindRedact(raw), err)
	}
	if err := u.readQuery(query); err != nil {
		return nil, fmt.Errorf("%w: redis URL %s: %w", ErrInvalidConfig, blindRedact(raw), err)
	}
	return u, nil
}

// checkHostPort accepts host:port with a port from 1 to 65535.
func checkHostPort(h string) error {
	host, port, err := net.SplitHostPort(h)
	if err != nil || host == "" {
		return fmt.Errorf("expected host:port")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port %q: expected 1 to 65535", port)
	}
	return nil
}

// readPath reads /MASTER[/db] of a Sentinel URL; a Cluster URL has no path
// but may say /0, the only database a cluster has.
func (u *haURL) readPath(path string) error {
	parts := strings.Split(path, "/")
	if !u.sentinel() {
		if path != "" && path != "0" {
			return fmt.Errorf("path /%s: a Redis Cluster has database 0 only; expected no path", path)
		}
		return nil
	}
	if path == "" || len(parts) > 2 {
		return fmt.Errorf("expected the master's name after the sentinels, and optionally a database: …/MASTER[/db]")
	}
	u.master = parts[0]
	if len(parts) == 2 {
		db, err := strconv.Atoi(parts[1])
		if err != nil || db < 0 {
			return fmt.Errorf("database %q: expected a number from 0", parts[1])
		}
		u.db = db
	}
	return nil
}

// readQuery reads the sentinels' own credentials; other parameters are
// refused, so a misspelt one is not silently ignored.
func (u *haURL) readQuery(query string) error {
	if query == "" {
		return nil
	}
	v, err := url.ParseQuery(query)
	if err != nil {
		return fmt.Errorf("unreadable query")
	}
	for k := range v {
		switch {
		case k == "sentinel_password" && u.sentinel():
			u.sentinelPass = v.Get(k)
		case k == "sentinel_username" && u.sentinel():
			u.sentinelUser = v.Get(k)
		default:
			return fmt.Errorf("parameter %q: expected only sentinel_password or sentinel_username (on redis-sentinel://)", k)
		}
	}
	return nil
}

// connOpt returns asynq's connection options for u.
func (u *haURL) connOpt() asynq.RedisConnOpt {
	var tc *tls.Config
	if u.tls() {
		host, _, _ := net.SplitHostPort(u.hosts[0])
		tc = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	if u.sentinel() {
		return asynq.RedisFailoverClientOpt{
			MasterName: u.master, SentinelAddrs: u.hosts,
			SentinelUsername: u.sentinelUser, SentinelPassword: u.sentinelPass,
			Username: u.user, Password: u.pass, DB: u.db,
			DialTimeout: dialTimeout, TLSConfig: tc,
		}
	}
	return asynq.RedisClusterClientOpt{Addrs: u.hosts, Username: u.user, Password: u.pass,
		DialTimeout: dialTimeout, TLSConfig: tc}
}

// redacted is u written back without any password.
func (u *haURL) redacted() string {
	var b strings.Builder
	b.WriteString(u.scheme + "://")
	if u.user != "" || u.hasPass {
		b.WriteString(url.PathEscape(u.user))
		if u.hasPass {
			b.WriteString(":xxxxx")
		}
		b.WriteString("@")
	}
	b.WriteString(strings.Join(u.hosts, ","))
	if u.sentinel() {
		b.WriteString("/" + u.master + "/" + strconv.Itoa(u.db))
		if u.sentinelPass != "" {
			b.WriteString("?sentinel_password=xxxxx")
		}
	}
	return b.String()
}

// redactHA hides the passwords of a Sentinel or Cluster URL even when it
// does not parse.
func redactHA(raw string) string {
	if u, err := parseHAURL(raw); err == nil {
		return u.redacted()
	}
	return blindRedact(raw)
}

// blindRedact hides everything that may be a password in a URL it cannot
// parse: the user information and the query.
func blindRedact(raw string) string {
	scheme, rest, _ := strings.Cut(raw, "://")
	if i := strings.LastIndex(rest, "@"); i >= 0 {
		rest = "xxxxx@" + rest[i+1:]
	}
	if i := strings.Index(rest, "?"); i >= 0 {
		rest = rest[:i] + "?xxxxx"
	}
	return scheme + "://" + rest
}
