#!/usr/bin/env bash
# Installs what building, running and testing Pastimes needs, skipping what is already there.
# Usage: scripts/install-deps.sh [--test] [--package]
#   --test adds the end-to-end test tools; --package the tools that build and check the packages.
set -euo pipefail

want_test=0
want_package=0
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    --package) want_package=1 ;;
    *) echo "usage: $0 [--test] [--package]" >&2; exit 2 ;;
  esac
done

packages=(libwebkit2gtk-4.1-dev librsvg2-dev build-essential pkg-config libssl-dev curl file)
# The tests' screenshots show the Chinese, Japanese and Korean catalogues: they need a CJK font
# (the app itself uses whatever fonts the player's system has). WenQuanYi Micro Hei, small beside
# Noto CJK, has every glyph they use: Simplified and Traditional Han, Kana and Hangul (the
# Vietnamese, Polish and Russian letters are DejaVu's). npm installs the axe-core engine.
# desktop-file-validate checks the desktop entry's template (tests/desktop_entry.rs); unshare
# (util-linux) puts the single-instance test's second launch in a network namespace of its own.
[ "$want_test" = 1 ] && packages+=(xvfb webkit2gtk-driver dbus xdotool imagemagick fonts-wqy-microhei desktop-file-utils util-linux)
[ "$want_test" = 1 ] && ! command -v npm >/dev/null 2>&1 && packages+=(npm)
# The Tauri CLI comes from npm; lintian, desktop-file-validate and appstreamcli check the result;
# rpm (rpmbuild, rpm2cpio) and cpio pack the .rpm again under the app ID's names.
[ "$want_package" = 1 ] && packages+=(lintian desktop-file-utils appstream python3 rpm cpio)
# appstreamcli checks the metainfo in the tests too (tests/metainfo.rs).
[ "$want_test" = 1 ] && packages+=(appstream)
[ "$want_package" = 1 ] && ! command -v npm >/dev/null 2>&1 && packages+=(npm)

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

# axe-core for the end-to-end accessibility audit, into the git-ignored .tools/ (pinned major).
if [ "$want_test" = 1 ] && [ ! -f "$(dirname "$0")/../.tools/node_modules/axe-core/axe.min.js" ]; then
  echo "Installing axe-core"
  npm install --prefix "$(dirname "$0")/../.tools" --no-audit --no-fund --silent axe-core@4
fi

# ESLint for the check of the page's JavaScript (eslint.config.mjs), into .tools/ beside axe-core.
if [ "$want_test" = 1 ] && [ ! -f "$(dirname "$0")/../.tools/node_modules/eslint/bin/eslint.js" ]; then
  echo "Installing ESLint"
  npm install --prefix "$(dirname "$0")/../.tools" --no-audit --no-fund --silent eslint@9 @eslint/js@9 globals@15
fi

if [ "$want_test" = 1 ] && ! command -v tauri-driver >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/tauri-driver" ]; then
  echo "Installing tauri-driver"
  cargo install tauri-driver --version '^2' --locked
fi
