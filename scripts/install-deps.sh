#!/usr/bin/env bash
# Installs what building, running and testing Pastimes needs, skipping what is already there.
# Usage: scripts/install-deps.sh [--test]   (--test adds the end-to-end test tools)
set -euo pipefail

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

packages=(libwebkit2gtk-4.1-dev librsvg2-dev build-essential pkg-config libssl-dev curl file)
[ "$want_test" = 1 ] && packages+=(xvfb webkit2gtk-driver dbus xdotool imagemagick)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=()
  [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  echo "Installing system packages: ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "cargo is missing: install Rust with rustup (https://rustup.rs) and run this again." >&2
  exit 1
fi

if [ "$want_test" = 1 ] && ! command -v tauri-driver >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/tauri-driver" ]; then
  echo "Installing tauri-driver"
  cargo install tauri-driver --version '^2' --locked
fi
