#!/usr/bin/env bash
# Makes the README's screenshots again: docs/screenshots/{minesweeper,bubble-breaker,gomoku,
# gomoku-study-board,hall-of-fame}.png, each the app's window in the middle of a game dealt from a
# fixed seed (the study board on a set position). The end-to-end test tests/e2e/readme_shots.rs
# plays them in the real app (ignored by the normal suite); without a display it runs under Xvfb,
# as scripts/test.sh does. Installs what is missing first. PASTIMES_SHOTS_DIR=DIR writes them elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --test
export PATH="$HOME/.cargo/bin:$PATH"

shots_dir=${PASTIMES_SHOTS_DIR:-docs/screenshots}
mkdir -p "$shots_dir"
PASTIMES_SHOTS_DIR=$(cd "$shots_dir" && pwd)
export PASTIMES_SHOTS_DIR

# A display and a session bus for the app; private ones when there is no display.
run_graphical() {
  if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- "$@"
  else
    dbus-run-session -- "$@"
  fi
}

export NO_AT_BRIDGE=1
run_graphical cargo test -p pastimes --features test-game --test e2e readme_shots -- --ignored --test-threads=1

# Small files for the repository: no metadata, the best compression; a picture still over 150 KB
# (the Gomoku board's wood) gets fewer colours, 128 then 64, as long as it is over.
limit=$((150 * 1024))
for png in "$PASTIMES_SHOTS_DIR"/{minesweeper,bubble-breaker,gomoku,hall-of-fame}.png; do
  convert "$png" -strip -define png:compression-level=9 "$png"
  for colours in 128 64; do
    [ "$(stat -c %s "$png")" -le "$limit" ] && break
    convert "$png" -strip -colors "$colours" -define png:compression-level=9 "$png"
  done
  echo "$png: $(identify -format '%wx%h' "$png"), $(stat -c %s "$png") bytes"
done
