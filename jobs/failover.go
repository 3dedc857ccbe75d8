package jobs

import "time"

// DefaultFailoverWait is how long a command to a highly available Redis
// (Sentinel or Cluster) waits through a failover before it fails. Sentinel
// declares a master down after down-after-milliseconds (SCALING.md
// suggests 5 s) and promotes a replica within a few seconds more.
const DefaultFailoverWait = 30 * time.Second

// WithFailoverWait sets how long a command to a Sentinel-watched or
// clustered Redis waits through a failover (default DefaultFailoverWait;
// 0 fails at once). A single Redis has no failover to wait for: its
// commands fail fast, whatever this says.
func WithFailoverWait(d time.Duration) ClientOption {
	return func(c *Client) { c.failoverWait = d }
}

// LongestFailoverWait is the longest time one of the client's commands
// waited through a failover of a highly available Redis, 0 if none did:
// the outage as the client saw it.
func (c *Client) LongestFailoverWait() time.Duration {
	if c.failover == nil {
		return 0
	}
	return c.failover.Longest()
}
