package bench

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"
)

// redisUsage is what a Redis server has done so far, from INFO: the
// server-wide totals, so per-job figures derived from them are upper bounds
// when others share the server.
type redisUsage struct {
	commands int64
	cpu      float64 // seconds of CPU, system and user; -1 when INFO has none (miniredis)
}

// readRedisUsage reads the command count and CPU time of the server.
func readRedisUsage(ctx context.Context, rdb redis.UniversalClient) (redisUsage, error) {
	info, err := rdb.Info(ctx, "stats", "cpu").Result()
	if err != nil {
		if info, err = rdb.Info(ctx, "stats").Result(); err != nil {
			return redisUsage{}, err
		}
	}
	return parseRedisUsage(info)
}

func parseRedisUsage(info string) (redisUsage, error) {
	u := redisUsage{commands: -1, cpu: -1}
	var sys, user float64
	var found int
	sc := bufio.NewScanner(strings.NewReader(info))
	for sc.Scan() {
		key, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), ":")
		if !ok {
			continue
		}
		var err error
		switch key {
		case "total_commands_processed":
			u.commands, err = strconv.ParseInt(value, 10, 64)
		case "used_cpu_sys":
			sys, err = strconv.ParseFloat(value, 64)
			found++
		case "used_cpu_user":
			user, err = strconv.ParseFloat(value, 64)
			found++
		}
		if err != nil {
			return redisUsage{}, fmt.Errorf("INFO %s: %w", key, err)
		}
	}
	if u.commands < 0 {
		return redisUsage{}, fmt.Errorf("INFO stats has no total_commands_processed")
	}
	if found == 2 {
		u.cpu = sys + user
	}
	return u, nil
}

// perJob divides the growth from before to u by jobs: commands per job and
// milliseconds of Redis CPU per job (0 when unknown).
func (u redisUsage) perJob(before redisUsage, jobs int) (commands, cpuMS float64) {
	if jobs == 0 {
		return 0, 0
	}
	commands = float64(u.commands-before.commands) / float64(jobs)
	if u.cpu >= 0 && before.cpu >= 0 {
		cpuMS = (u.cpu - before.cpu) * 1000 / float64(jobs)
	}
	return commands, cpuMS
}
