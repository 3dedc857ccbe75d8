package bench

import (
	"fmt"

	"github.com/alicebob/miniredis/v2"
)

// redisFor returns the Redis URL to bench against: url when given, else a
// miniredis listening on a local port so spawned worker processes can reach
// it. (embedded.Start is not used here: it brings its own in-process worker,
// which would take jobs meant for the processes being measured.)
func redisFor(url string) (string, func(), error) {
	if url != "" {
		return url, func() {}, nil
	}
	m := miniredis.NewMiniRedis()
	if err := m.StartAddr("127.0.0.1:0"); err != nil {
		return "", nil, fmt.Errorf("embedded redis: %w", err)
	}
	return "redis://" + m.Addr() + "/0", m.Close, nil
}
