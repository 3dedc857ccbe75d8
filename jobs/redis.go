package jobs

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

const dialTimeout = 2 * time.Second

// ParseRedisURL reads a Redis URL: redis://[user:pass@]host:port[/db], or
// rediss:// for TLS; a Sentinel-watched master,
// redis-sentinel://[:pass@]host:port[,host:port…]/MASTER[/db]; or a Redis
// Cluster, redis-cluster://[:pass@]host:port[,host:port…] (see redisha.go).
func ParseRedisURL(raw string) (asynq.RedisConnOpt, error) {
	if isHAScheme(raw) {
		u, err := parseHAURL(raw)
		if err != nil {
			return nil, err
		}
		return u.connOpt(), nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%w: redis URL %q: expected redis://[user:pass@]host:port[/db] or rediss://…", ErrInvalidConfig, RedactURL(raw))
	}
	if u.Scheme != "redis" && u.Scheme != "rediss" {
		return nil, fmt.Errorf("%w: redis URL scheme %q: expected redis://, rediss:// (TLS), redis-sentinel:// or redis-cluster://", ErrInvalidConfig, u.Scheme)
	}
	opt, err := redis.ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: redis URL %s: %v", ErrInvalidConfig, RedactURL(raw), redactErr(err, raw))
	}
	return asynq.RedisClientOpt{
		Network:   opt.Network,
		Addr:      opt.Addr,
		Username:  opt.Username,
		Password:  opt.Password,
		DB:        opt.DB,
		TLSConfig: opt.TLSConfig,
		// Short dials: an unreachable Redis must give the user a clear
		// error in seconds, not a hang.
		DialTimeout: dialTimeout,
	}, nil
}

// RedactURL hides the password of a Redis URL so it can be logged.
func RedactURL(raw string) string {
	if isHAScheme(raw) {
		return redactHA(raw)
	}
	u, err := url.Parse(raw)
	if err != nil {
		if i := strings.LastIndex(raw, "@"); i >= 0 {
			return "redis://***@" + raw[i+1:]
		}
		return raw
	}
	return u.Redacted()
}

func redactErr(err error, raw string) string {
	msg := err.Error()
	if u, perr := url.Parse(raw); perr == nil && u.User != nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
	}
	return msg
}

// describeConn names a connection for error messages, never with its password.
func describeConn(conn asynq.RedisConnOpt) string {
	switch c := conn.(type) {
	case asynq.RedisClientOpt:
		return fmt.Sprintf("redis at %s db %d", c.Addr, c.DB)
	case *asynq.RedisClientOpt:
		return fmt.Sprintf("redis at %s db %d", c.Addr, c.DB)
	case asynq.RedisClusterClientOpt:
		return fmt.Sprintf("redis cluster at %s", strings.Join(c.Addrs, ","))
	case asynq.RedisFailoverClientOpt:
		return fmt.Sprintf("redis master %q of the sentinels at %s, db %d", c.MasterName, strings.Join(c.SentinelAddrs, ","), c.DB)
	}
	return "redis"
}
