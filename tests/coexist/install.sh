#!/bin/sh
# The real ruff for tests/coexist (its WebAssembly build from npm, pinned by
# package-lock.json): no network is needed once installed.
set -e
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
