#!/usr/bin/env bash
# The engine's ladder: today's full engine (master's style: the hard level without its
# blunders) against the hard of commit 5ee5e47 (the commit before
# the engine work), node-limited, so the same command gives the same games on any machine.
#
#   scripts/ladder-old-hard.sh [GAMES] [NODES] [OLD_NODES]      # defaults: 200 48000 40000
#   scripts/ladder-old-hard.sh speed                            # the old engine's speed, 1 s a position
#
# It checks 5ee5e47 out in a scratch worktree under /tmp (once; it is reused), builds
# src-tauri/games/ladder/old_hard_brain.rs (our adapter, kept in this repo) as a small crate
# against that commit's pastimes-games, and runs `examples/gomoku_engine.rs ladder engine-old`
# with it behind a pipe. The openings are the example's 100 balanced ones, each played with
# both colours; draws count half. NODES limits the new main search, OLD_NODES the old one;
# each side's threat searches keep their own budgets (see the example's figures). Set
# LADDER_LOG=1 to see every game's moves, LADDER_THREADS=N to play N games at once (the same
# games, faster on an idle machine). Figures only: nothing is asserted.
set -euo pipefail

OLD_COMMIT=5ee5e47
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${LADDER_SCRATCH:-/tmp/pastimes-ladder-$OLD_COMMIT}"
target="${CARGO_TARGET_DIR:-$repo/target}"

if [ ! -d "$scratch/old" ]; then
    git -C "$repo" worktree add --detach "$scratch/old" "$OLD_COMMIT"
fi

# The adapter as a crate of its own, outside both workspaces.
adapter="$scratch/adapter"
mkdir -p "$adapter/src"
cp "$repo/src-tauri/games/ladder/old_hard_brain.rs" "$adapter/src/main.rs"
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

(cd "$repo" && cargo build --release --quiet -p pastimes-games --example gomoku_engine)
engine="$target/release/examples/gomoku_engine"

if [ "${1:-}" = speed ]; then
    exec "$engine" speed-old "$old_engine"
fi
OLD_ENGINE="$old_engine" exec "$engine" ladder engine-old "${1:-200}" "${2:-48000}" "${3:-40000}"
