#!/usr/bin/env bash
# Installs s3rver (an S3-compatible server in Node, from npm) into .ci/s3rver,
# for the object-storage tests (--blob-store s3://…): they start their own
# s3rver on 127.0.0.1 from there. With --start PORT [DIR] it also starts one
# in the background on 127.0.0.1:PORT (bucket "formfill", keys S3RVER/S3RVER),
# for trying formfill by hand. Needs node and npm; without them the S3 tests
# skip (FORMFILL_REQUIRE_S3=1 makes them fail).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=.ci/s3rver
version=3.7.1
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "s3: node/npm not found; the object-storage tests will skip" >&2
  exit 0
fi
if [[ ! -f $dir/node_modules/s3rver/package.json ]] || ! grep -q "\"version\": \"$version\"" "$dir/node_modules/s3rver/package.json"; then
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --silent "s3rver@$version"
fi
echo "s3: s3rver $version in $dir"

if [[ ${1:-} == --start ]]; then
  port=${2:-4568}
  data=${3:-$(mktemp -d)}
  node "$dir/node_modules/s3rver/bin/s3rver.js" -d "$data" -a 127.0.0.1 -p "$port" --silent \
    --configure-bucket formfill >"$data.log" 2>&1 &
  echo "s3: s3rver on http://127.0.0.1:$port (pid $!, data $data); use"
  echo "  AWS_ENDPOINT_URL=http://127.0.0.1:$port AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER AWS_REGION=us-east-1 --blob-store s3://formfill/docs"
fi
