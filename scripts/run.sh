#!/usr/bin/env bash
# Builds and starts Pastimes, installing the system packages it needs first.
# Arguments are passed to the app, e.g. scripts/run.sh --data-dir /tmp/pastimes-data
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
export PATH="$HOME/.cargo/bin:$PATH"
exec cargo run --release -- "$@"
