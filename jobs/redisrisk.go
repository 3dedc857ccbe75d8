package jobs

import (
	"net"
	"net/url"
	"strings"
)

// RedisWarnings says what an operator must fix before sharing the Redis
// behind url, and keyed says whether encryption at rest is on. Redis holds
// every document, answer and result formfill handles: a Redis without a
// password (or an ACL user) lets anyone who reaches it read and change
// them, and plain redis:// to another host sends them in clear. Servers
// log each warning at start-up; SECURITY.md explains each.
func RedisWarnings(raw string, keyed bool) []string {
	if isHAScheme(raw) {
		return haWarnings(raw, keyed)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	var out []string
	if _, hasPass := u.User.Password(); !hasPass {
		out = append(out, "Redis has no password: anyone who can reach it can read and change every document, answer and result; set requirepass or an ACL user and put it in the URL (SECURITY.md)")
	}
	local := isLoopback(u.Hostname())
	if u.Scheme == "redis" && !local {
		out = append(out, "Redis at "+u.Host+" is reached without TLS: documents and answers cross the network in clear; use rediss:// (SECURITY.md)")
	}
	if !keyed && !local {
		out = append(out, "encryption at rest is off: whoever can read this Redis reads the documents and answers; set "+KeyEnv+" or "+KeyFileEnv+" on every client and worker (SECURITY.md)")
	}
	return out
}

// isLoopback reports whether host names this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// haWarnings are RedisWarnings for a Sentinel or Cluster URL: the same
// risks, judged on every server it names.
func haWarnings(raw string, keyed bool) []string {
	u, err := parseHAURL(raw)
	if err != nil {
		return nil
	}
	var out []string
	if !u.hasPass {
		out = append(out, "Redis has no password: anyone who can reach it can read and change every document, answer and result; set requirepass or an ACL user and put it in the URL (SECURITY.md)")
	}
	local := true
	for _, h := range u.hosts {
		host, _, _ := net.SplitHostPort(h)
		local = local && isLoopback(host)
	}
	if !u.tls() && !local {
		out = append(out, "Redis at "+strings.Join(u.hosts, ",")+" is reached without TLS: documents and answers cross the network in clear; use "+strings.Replace(u.scheme, "redis-", "rediss-", 1)+":// (SECURITY.md)")
	}
	if !keyed && !local {
		out = append(out, "encryption at rest is off: whoever can read this Redis reads the documents and answers; set "+KeyEnv+" or "+KeyFileEnv+" on every client and worker (SECURITY.md)")
	}
	return out
}
