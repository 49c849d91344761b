#!/usr/bin/env bash
# The engine's ladder: today's full engine (master's style: the hard level without its
# blunders) against the hard of an older commit, node-limited, so the same command gives the
# same games on any machine; or, with `time`, today's Gomocup brain against the old commit's,
# on time in the protocol.
#
#   scripts/ladder-old-hard.sh [GAMES] [NODES] [OLD_NODES]      # defaults: 200 48000 40000
#   scripts/ladder-old-hard.sh speed                            # the old engine's speed, 1 s a position
#   scripts/ladder-old-hard.sh time [GAMES] [TURN_MS]           # brains on time: 200 games, 1000 ms
#
# OLD_COMMIT chooses the old engine: b1f588b (the default: the hard before its time management,
# issue #30's "today's hard", adapter lab/ladder/hard_b1f588b.rs) or 5ee5e47 (the
# hard before the engine was rewritten, adapter lab/ladder/old_hard_brain.rs).
# It checks the commit out in a scratch worktree under /tmp (once; it is reused), builds the
# adapter (kept in this repo) as a small crate against that commit's pastimes-games, and runs
# `lab/examples/gomoku_engine.rs ladder engine-old` with it behind a pipe. The openings are the
# example's 100 balanced ones, each played with both colours; draws count half. NODES limits
# the new main search, OLD_NODES the old one; each side's threat searches keep their own
# budgets (see the example's figures). Set LADDER_LOG=1 to see every game's moves,
# LADDER_THREADS=N to play N games at once (the same games; one a processor by default in the
# node-limited ladder, one in `time`), LADDER_SPRT=0,10 to stop the ladder by the sequential
# probability ratio test (H0 0 Elo, H1 10 Elo, alpha = beta = 0.05; GAMES the most it plays).
# `time` builds both commits' pbrain-pastimes and runs `lab/examples/brain_match.rs ladder` (each
# game is printed as it ends). Figures only: nothing is asserted.
set -euo pipefail

OLD_COMMIT="${OLD_COMMIT:-b1f588b}"
case "$OLD_COMMIT" in
    5ee5e47) adapter_source=old_hard_brain.rs ;;
    b1f588b) adapter_source=hard_b1f588b.rs ;;
    *) echo "no adapter for commit $OLD_COMMIT (known: b1f588b, 5ee5e47)" >&2; exit 2 ;;
esac
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${LADDER_SCRATCH:-/tmp/pastimes-ladder-$OLD_COMMIT}"
target="${CARGO_TARGET_DIR:-$repo/target}"

if [ ! -d "$scratch/old" ]; then
    git -C "$repo" worktree add --detach "$scratch/old" "$OLD_COMMIT"
fi

if [ "${1:-}" = time ]; then
    cargo build --release --quiet --manifest-path "$scratch/old/Cargo.toml" -p pastimes-games \
        --bin pbrain-pastimes --target-dir "$scratch/target"
    (cd "$repo" && cargo build --release --quiet -p pastimes-games --bin pbrain-pastimes -p pastimes-lab --example brain_match)
    exec "$target/release/examples/brain_match" ladder "$target/release/pbrain-pastimes" \
        "$scratch/target/release/pbrain-pastimes" "${2:-200}" "${3:-1000}"
fi

# The adapter as a crate of its own, outside both workspaces.
adapter="$scratch/adapter"
mkdir -p "$adapter/src"
cp "$repo/lab/ladder/$adapter_source" "$adapter/src/main.rs"
cp "$scratch/old/Cargo.lock" "$adapter/Cargo.lock"
cat > "$adapter/Cargo.toml" <<TOML
[package]
name = "old-hard-brain"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
pastimes-games = { path = "$scratch/old/src-tauri/games" }

# The app's release profile (the root Cargo.toml), so both engines are built alike.
[profile.release]
lto = true
opt-level = "z"
codegen-units = 1
panic = "abort"

[profile.release.package.pastimes-games]
opt-level = 3

[workspace]
TOML
cargo build --release --quiet --manifest-path "$adapter/Cargo.toml" --target-dir "$scratch/target"
old_engine="$scratch/target/release/old-hard-brain"

(cd "$repo" && cargo build --release --quiet -p pastimes-lab --example gomoku_engine)
engine="$target/release/examples/gomoku_engine"

if [ "${1:-}" = speed ]; then
    exec "$engine" speed-old "$old_engine"
fi
OLD_ENGINE="$old_engine" exec "$engine" ladder engine-old "${1:-200}" "${2:-48000}" "${3:-40000}"
