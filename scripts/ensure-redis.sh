#!/usr/bin/env bash
# Makes sure a Redis answers on 127.0.0.1:6379 (or $FORMFILL_TEST_REDIS's
# host:port): uses the one running, else installs redis-server from Debian's
# packages and starts it. The integration tests need a real Redis.
set -euo pipefail

addr=${FORMFILL_TEST_REDIS:-127.0.0.1:6379}
addr=${addr#redis://}
host=${addr%%:*}
port=${addr##*:}
port=${port%%/*}

ping() {
  # No redis-cli needed: speak RESP over bash's /dev/tcp.
  exec 3<>"/dev/tcp/$host/$port" 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local line=""
  read -r -t 2 line <&3 || true
  exec 3<&- 3>&-
  [[ $line == +PONG* ]]
}

if ping; then
  echo "redis: answering on $host:$port"
  exit 0
fi
if [[ $host != 127.0.0.1 && $host != localhost ]]; then
  echo "redis: nothing answers on $host:$port and it is not local; start it or unset FORMFILL_TEST_REDIS" >&2
  exit 1
fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "redis: installing redis-server"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi
mkdir -p /var/lib/redis /var/log/redis
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
  --dir /var/lib/redis --logfile /var/log/redis/formfill-ci.log
for _ in $(seq 1 50); do
  ping && { echo "redis: started on $host:$port"; exit 0; }
  sleep 0.2
done
echo "redis: started redis-server but nothing answers on $host:$port; see /var/log/redis/formfill-ci.log" >&2
exit 1
