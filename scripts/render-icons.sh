#!/usr/bin/env bash
# Renders the app icon from its SVG source at every size the bundles need (needs librsvg2-bin).
# The PNGs are committed, so building Pastimes does not need this script.
set -euo pipefail
cd "$(dirname "$0")/../src-tauri/icons"
for size in 32 48 64 128 256 512; do
  rsvg-convert -w "$size" -h "$size" icon.svg -o "${size}x${size}.png"
done
cp 512x512.png icon.png
