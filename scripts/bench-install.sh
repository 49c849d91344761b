#!/usr/bin/env bash
# Prints the installed package's figures beside native references, in one run: .deb and
# installed size (against GNOME Mines, Swell Foop and KDE Bovo), start to an interactive board
# (median of 10, against GNOME Mines' start to a mapped window) and memory (PSS) with an Expert
# board open (against a blank Tauri 2 window built with the same release profile, and GNOME
# Mines). Figures only; nothing fails on a slow machine; not run by CI.
# It builds the .deb if needed (scripts/package.sh), installs it and GNOME Mines with apt,
# builds benches/blank-tauri, and runs scripts/bench-install.py under Xvfb.
# With --before, an earlier build's binary (a release build of another commit) is measured
# against this one in the same run, alternating: start and memory, and whether they stay within
# 5 %.
# Usage: scripts/bench-install.sh [--runs N] [--before BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scripts/install-deps.sh --test --package
export PATH="$HOME/.cargo/bin:$PATH"
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
apt_get() { DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get "$@"; }

version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' tauri.conf.json)
deb=$(ls target/release/bundle/deb/Pastimes_"${version}"_*.deb 2>/dev/null || true)
if [ -z "$deb" ] || [ -n "${REBUILD:-}" ]; then
  scripts/package.sh --bundles deb
  deb=$(ls target/release/bundle/deb/Pastimes_"${version}"_*.deb)
fi

# The package under test, installed from this build (and removed after, unless it was installed
# before); GNOME Mines as the native reference.
if ! dpkg-query -W -f='${Status}' pastimes 2>/dev/null | grep -q "install ok installed"; then
  trap 'apt_get remove -y -qq pastimes >/dev/null 2>&1 || true' EXIT
fi
apt_get install -y -qq --reinstall "./$deb"
dpkg-query -W -f='${Status}' gnome-mines 2>/dev/null | grep -q "install ok installed" \
  || apt_get install -y -qq --no-install-recommends gnome-mines

# The blank Tauri 2 window: its own workspace, the same Tauri CLI, the same locked versions
# (Pastimes' Cargo.lock) and the same release profile; it shares target/ so that the
# dependencies Pastimes' release build compiled are reused.
cp Cargo.lock benches/blank-tauri/Cargo.lock
(cd benches/blank-tauri && CARGO_TARGET_DIR="$root/target" "$root/.tools/node_modules/.bin/tauri" build --no-bundle)
blank="$root/target/release/blank-tauri"

args=(--deb "$deb" --blank "$blank" --scratch "$root/target/bench-install" "$@")
export NO_AT_BRIDGE=1
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- /usr/bin/python3 scripts/bench-install.py "${args[@]}"
else
  dbus-run-session -- /usr/bin/python3 scripts/bench-install.py "${args[@]}"
fi
