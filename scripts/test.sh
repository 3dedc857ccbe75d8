#!/usr/bin/env bash
# Runs formfill's whole test suite on a fresh machine: installs and starts what
# the tests use (Redis, the independent document readers, the MCP Inspector),
# then runs every Go test. Usage: bash scripts/test.sh [go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"

bash scripts/ensure-redis.sh
[[ -f .ci/install-readers ]] && bash .ci/install-readers
[[ -f .ci/install-inspector ]] && { bash .ci/install-inspector || echo "inspector: not installed; its test will skip"; }

go test -timeout 40m -count=1 "$@" ./...
