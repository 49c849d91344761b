#!/usr/bin/env bash
# Builds the release packages with the Tauri CLI:
#   target/release/bundle/deb/Pastimes_<version>_amd64.deb
#   target/release/bundle/rpm/Pastimes-<version>-1.x86_64.rpm
# The CLI (npm's @tauri-apps/cli, whose binary ships in the package) is installed once into
# .tools/ (git-ignored), at the version pinned here; nothing else is downloaded while building.
# Usage: scripts/package.sh [--bundles deb|rpm|deb,rpm]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."

TAURI_CLI_VERSION=2.12.5
scripts/install-deps.sh --package
export PATH="$HOME/.cargo/bin:$PATH"

cli=.tools/node_modules/.bin/tauri
if [ "$("$cli" --version 2>/dev/null)" != "tauri-cli $TAURI_CLI_VERSION" ]; then
  echo "Installing @tauri-apps/cli@$TAURI_CLI_VERSION into .tools/"
  npm install --prefix .tools --no-save --no-audit --no-fund --loglevel=error "@tauri-apps/cli@$TAURI_CLI_VERSION"
fi

bundles=deb,rpm
case "${1:-}" in
  --bundles | -b) bundles=$2 ;;
  "") ;;
  *) echo "usage: $0 [--bundles deb|rpm|deb,rpm]" >&2; exit 2 ;;
esac

# The packages' compressed docs, from their sources (gzip -n: the same bytes every time, so the
# committed .gz files only change with their sources).
for doc in packaging/changelog packaging/pastimes.6 packaging/pbrain-pastimes.6; do gzip -9n -c "$doc" > "$doc.gz"; done

# Smaller than a plain `cargo build --release` (the profile is in Cargo.toml, SQLite's options in
# .cargo/config.toml), measured on this program (scripts/bench-install.sh, docs/PERFORMANCE.md):
# - no unwind tables: with panic = "abort" nothing unwinds, so .eh_frame is dead weight
#   (Rust code and the bundled SQLite); panics still print their message;
# - packed relative relocations (DT_RELR) where the C library knows them (glibc 2.36+, Debian 12,
#   Ubuntu 24.04): the table of pointers to fix at load time shrinks ~100 times. On an older
#   glibc the binary is linked without them, to run there.
# These flags give the package build its own compiled dependencies in target/ (cargo keys them
# by RUSTFLAGS), so other release builds are not rebuilt by it, nor it by them.
export RUSTFLAGS="${RUSTFLAGS:-} -C force-unwind-tables=no"
export CFLAGS="${CFLAGS:-} -fno-asynchronous-unwind-tables -fno-unwind-tables"
glibc=$(getconf GNU_LIBC_VERSION | awk '{print $2}')
rpm_requires=''  # Tauri adds libgtk-3.so.0 and libwebkit2gtk-4.1.so.0
if dpkg --compare-versions "$glibc" ge 2.36; then
  RUSTFLAGS="$RUSTFLAGS -C link-arg=-Wl,-z,pack-relative-relocs"
  rpm_requires='"libc.so.6(GLIBC_ABI_DT_RELR)(64bit)"'
fi
"$cli" build --no-bundle
# pbrain-pastimes, the Gomoku engine for Gomocup managers, goes into /usr/bin beside the app
# (tauri.conf.json's files), built with the same flags.
cargo build --release --locked -p pastimes-games --bin pbrain-pastimes

# The .deb's Depends, computed from the binary as Debian's own packages do (dpkg-shlibdeps), so
# that it names every shared library the program links and the versions it needs.
binary=target/release/pastimes
brain=target/release/pbrain-pastimes
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: pastimes\n\nPackage: pastimes\nArchitecture: any\n' > "$scratch/debian/control"
depends=$(cd "$scratch" && dpkg-shlibdeps -O --warnings=0 -e "$OLDPWD/$binary" -e "$OLDPWD/$brain" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dpkg-shlibdeps found no dependency for $binary" >&2; exit 1; }
# DT_RELR needs glibc 2.36 (its GLIBC_ABI_DT_RELR version), which dpkg-shlibdeps, counting only
# symbols, does not see.
if readelf -d "$binary" | grep -q '(RELR)'; then
  libc=$(printf '%s' "$depends" | sed -nE 's/.*libc6 \(>= ([0-9.]+)\).*/\1/p')
  if dpkg --compare-versions "${libc:-0}" lt 2.36; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6( \(>= [0-9.]+\))?/libc6 (>= 2.36)/')
  fi
fi
echo "Depends: $depends"
depends_json=$(printf '%s' "$depends" | sed 's/, /\n/g' | sed 's/.*/"&"/' | paste -sd, -)
"$cli" bundle --bundles "$bundles" \
  --config "{\"bundle\":{\"linux\":{\"deb\":{\"depends\":[$depends_json]},\"rpm\":{\"depends\":[$rpm_requires]}}}}"

version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' tauri.conf.json)
# The packages' desktop entry and icons take the app ID's name (org.pastimes.Pastimes.desktop and
# .png), which Tauri cannot be told: each package is packed again with them.
for file in target/release/bundle/deb/Pastimes_"${version}"_*.deb; do
  [ -e "$file" ] && scripts/deb-app-id.sh "$file"
done
for file in target/release/bundle/rpm/Pastimes-"${version}"-*.rpm; do
  [ -e "$file" ] && scripts/rpm-app-id.sh "$file"
done
for file in target/release/bundle/deb/Pastimes_"${version}"_*.deb target/release/bundle/rpm/Pastimes-"${version}"-*.rpm; do
  [ -e "$file" ] && printf '%8d KiB  %s\n' "$(( $(stat -c %s "$file") / 1024 ))" "$file"
done
exit 0
