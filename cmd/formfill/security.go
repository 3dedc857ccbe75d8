package main

import (
	"log/slog"

	"github.com/formfill/formfill/jobs"
)

// keyringOf is the encryption-at-rest keyring the environment configures
// (jobs.KeyringFromEnv), or nil.
func keyringOf(e *env) (*jobs.Keyring, error) {
	k, err := jobs.KeyringFromEnv(e.getenv)
	if err != nil {
		return nil, &usageError{err}
	}
	return k, nil
}

// warnRedis logs, at start-up of a server (worker, mcp), what makes the
// configured Redis unsafe to share: no password, no TLS across hosts, no
// encryption at rest (jobs.RedisWarnings). The embedded Redis has a random
// password and listens on loopback only: nothing to say.
func warnRedis(log *slog.Logger, e *env, g *globals, keys *jobs.Keyring) {
	url := redisURL(e, g)
	if url == "" {
		return
	}
	for _, w := range jobs.RedisWarnings(url, keys != nil) {
		log.Warn(w, "redis", jobs.RedactURL(url))
	}
	if keys != nil {
		log.Info("encryption at rest on", "sealing_key", keys.SealingKey())
	}
}
