//go:build testcontainers

package redistest

import (
	"context"
	"fmt"
	"strings"

	tcredis "github.com/testcontainers/testcontainers-go/modules/redis"
)

// With -tags testcontainers, a machine with a Docker engine and no Redis on
// 127.0.0.1:6379 gets a throw-away redis:7-alpine for the test run. Without
// an engine Run fails fast and the tests skip as usual.
func init() {
	startContainer = func(ctx context.Context) (string, error) {
		c, err := tcredis.Run(ctx, "redis:7-alpine")
		if err != nil {
			return "", fmt.Errorf("start redis container: %w", err)
		}
		uri, err := c.ConnectionString(ctx)
		if err != nil {
			return "", fmt.Errorf("redis container address: %w", err)
		}
		// The container outlives the tests of this process on purpose:
		// Ryuk, testcontainers' reaper, removes it when the process ends.
		return strings.TrimPrefix(uri, "redis://"), nil
	}
}
