#!/usr/bin/env bash
# Runs formfill's whole test suite on a fresh machine: installs and starts what
# the tests use (Redis, an S3 server, the independent document readers, the PDF viewers, the
# official MCP clients), then runs every Go test. Usage: bash scripts/test.sh [go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"

bash scripts/ensure-redis.sh
# The Sentinel and Cluster tests (internal/redisha) start their own
# redis-server processes, from the binary ensure-redis.sh installed, on ports
# 6400-6411, 26400-26411 and 7400-7410 (FORMFILL_TEST_HA_BASE moves them).
# The object-storage tests (--blob-store s3://…) start their own s3rver on
# 127.0.0.1, from the copy ensure-s3.sh installs into .ci/s3rver.
bash scripts/ensure-s3.sh
[[ -f .ci/install-readers ]] && bash .ci/install-readers
[[ -f .ci/install-viewers ]] && bash .ci/install-viewers
[[ -f .ci/install-inspector ]] && { bash .ci/install-inspector || echo "inspector: not installed; its test will skip"; }

# Real documents the tests read in place (never copied into the repository)
# live beside the checkout: ../shared/forms and ../realdocs. A clone made
# elsewhere (CI clones into a temporary folder) looks beside the repository
# it was cloned from. Tests that need an absent document skip, saying so.
origin=$(git config --get remote.origin.url 2>/dev/null || true)
[[ -d $origin ]] || origin=""
for base in "$PWD/.." ${origin:+"$origin/.."}; do
  if [[ -z ${FORMFILL_SHARED_FORMS:-} && -d $base/shared/forms ]]; then
    export FORMFILL_SHARED_FORMS; FORMFILL_SHARED_FORMS=$(cd "$base/shared/forms" && pwd)
  fi
  if [[ -z ${FORMFILL_REAL_DOCS:-} && -d $base/realdocs ]]; then
    export FORMFILL_REAL_DOCS; FORMFILL_REAL_DOCS=$(cd "$base/realdocs" && pwd)
  fi
done
echo "real documents: shared forms in ${FORMFILL_SHARED_FORMS:-(none found)}, fetched ones in ${FORMFILL_REAL_DOCS:-(none found)}"

go test -timeout 40m -count=1 "$@" ./...
