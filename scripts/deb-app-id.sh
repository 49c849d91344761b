#!/usr/bin/env bash
# Renames, inside a .deb that Tauri made, the desktop entry and the icons to the app ID, as
# Flathub, AppStream's <launchable> and GNOME's and KDE's app matching expect:
#   usr/share/applications/Pastimes.desktop        -> org.pastimes.Pastimes.desktop
#   usr/share/icons/hicolor/*/apps/pastimes.png    -> org.pastimes.Pastimes.png
# Tauri's bundler names the entry after the product and the icons after the binary, with no
# setting to change either. The command stays /usr/bin/pastimes. The package is unpacked, renamed,
# its md5sums computed again, and packed in place (gzip, as Tauri packs it).
# Usage: scripts/deb-app-id.sh PACKAGE.deb
set -euo pipefail

source "$(dirname "$0")/app-id-names.sh"
deb=$1
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

dpkg-deb --raw-extract "$deb" "$root"
rename_to_app_id "$root" "$deb"
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zgzip --build "$root" "$deb" >/dev/null
echo "$deb: the desktop entry and $icons icons renamed to $app_id"
