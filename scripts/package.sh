#!/usr/bin/env bash
# Builds the release packages with the Tauri CLI:
#   target/release/bundle/deb/Pastimes_<version>_amd64.deb
#   target/release/bundle/rpm/Pastimes-<version>-1.x86_64.rpm
# The CLI (npm's @tauri-apps/cli, whose binary ships in the package) is installed once into
# .tools/ (git-ignored), at the version pinned here; nothing else is downloaded while building.
# Extra arguments go to `tauri build`, e.g. scripts/package.sh --bundles deb
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

# The packages' compressed docs, from their sources (gzip -n: the same bytes every time, so the
# committed .gz files only change with their sources).
for doc in packaging/changelog packaging/pastimes.6; do gzip -9n -c "$doc" > "$doc.gz"; done

bundles=(--bundles deb,rpm)
for arg in "$@"; do [ "$arg" = --bundles ] || [ "$arg" = -b ] && bundles=(); done
"$cli" build "${bundles[@]}" "$@"

version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' tauri.conf.json)
for file in target/release/bundle/deb/Pastimes_"${version}"_*.deb target/release/bundle/rpm/Pastimes-"${version}"-*.rpm; do
  [ -e "$file" ] && printf '%8d KiB  %s\n' "$(( $(stat -c %s "$file") / 1024 ))" "$file"
done
exit 0
