# Sourced by scripts/deb-app-id.sh and scripts/rpm-app-id.sh: renames, in an unpacked package's
# tree, the one desktop entry and the hicolor icons to the app ID (the packages' scripts say why).
# Usage: rename_to_app_id ROOT PACKAGE   (PACKAGE only names it in errors); sets $icons.
app_id=org.pastimes.Pastimes

rename_to_app_id() {
  local root=$1 package=$2 entry icon
  entry=$(ls "$root"/usr/share/applications/*.desktop)
  [ "$(echo "$entry" | wc -l)" = 1 ] || { echo "$package: not one desktop entry: $entry" >&2; exit 1; }
  [ "$entry" = "$root/usr/share/applications/$app_id.desktop" ] || mv "$entry" "$root/usr/share/applications/$app_id.desktop"
  icons=0
  for icon in "$root"/usr/share/icons/hicolor/*/apps/*.png; do
    [ -e "$icon" ] || continue
    [ "${icon##*/}" = "$app_id.png" ] || mv "$icon" "${icon%/*}/$app_id.png"
    icons=$((icons + 1))
  done
  [ "$icons" -gt 0 ] || { echo "$package: no icon under usr/share/icons/hicolor" >&2; exit 1; }
}
