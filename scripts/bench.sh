#!/usr/bin/env bash
# Prints the performance figures: the engines (criterion) and the round trip from a click to
# the redrawn board in the real webview. Figures only; nothing here fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
export PATH="$HOME/.cargo/bin:$PATH" NO_AT_BRIDGE=1
cargo bench -p pastimes-games -- --warm-up-time 1 --measurement-time 3
# The players' strength at Bubble Breaker (the lab's: a measurement, not a speed benchmark).
cargo bench -p pastimes-lab --bench bubbles_strength
run() { if [ -z "${DISPLAY:-}" ]; then xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- "$@"; else "$@"; fi; }
run cargo test --release -p pastimes --test webview_bench -- --nocapture --test-threads=1
