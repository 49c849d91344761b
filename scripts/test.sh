#!/usr/bin/env bash
# Runs every Pastimes test: formatting, lints, the API docs, unit and property tests, IPC tests on
# Tauri's mock runtime, and the end-to-end suite in the real app's WebKitGTK webview over WebDriver.
# Installs what is missing first. Without a display it runs under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --test
export PATH="$HOME/.cargo/bin:$PATH"

echo "== cargo fmt --check"
cargo fmt --all --check
# The page's JavaScript: ESLint's recommended rules and a few of ours (eslint.config.mjs).
echo "== eslint (the page's JavaScript)"
node .tools/node_modules/eslint/bin/eslint.js --max-warnings 0 ui/js tests/lights/ui/js
# The tests build in Lights Out, the fourth game that exists only to prove a game is one plug-in
# (feature test-game: pastimes_games::lights, tests/lights/); the package never has it. Clippy
# reads both the shipped build and the test build.
FEATURES=(--features test-game)
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy --workspace --all-targets "${FEATURES[@]}" -- -D warnings
# The API docs build without a warning (a broken intra-doc link among them), in both builds.
# They are the maintainers' and include private items, so a public item's doc may link one.
echo "== cargo doc"
DOC=(doc --workspace --no-deps --document-private-items)
RUSTDOCFLAGS="-D warnings -A rustdoc::private-intra-doc-links" cargo "${DOC[@]}"
RUSTDOCFLAGS="-D warnings -A rustdoc::private-intra-doc-links" cargo "${DOC[@]}" "${FEATURES[@]}"

# Tests that open windows need a display and a session bus; give them private ones when absent.
run_graphical() {
  if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- "$@"
  else
    dbus-run-session -- "$@"
  fi
}

echo "== unit, property and IPC tests"
cargo test --workspace --exclude pastimes --all-targets --features pastimes-games/test-game
# Every integration test in tests/ but the two that open the app many times: the end-to-end suite
# (below) and the crash soak (.ci/run). Listed from the folder, so a new test file is never left out.
INTEGRATION=()
for file in tests/*.rs; do
  name=$(basename "$file" .rs)
  [ "$name" = soak ] || INTEGRATION+=(--test "$name")
done
cargo test -p pastimes "${FEATURES[@]}" --lib "${INTEGRATION[@]}"
echo "== end-to-end tests (real app, WebKitWebDriver)"
export NO_AT_BRIDGE=1
run_graphical cargo test -p pastimes "${FEATURES[@]}" --test e2e -- --test-threads=1
