#!/usr/bin/env bash
# Renames, inside an .rpm that Tauri made, the desktop entry and the icons to the app ID, as
# scripts/deb-app-id.sh does for the .deb (which says why):
#   usr/share/applications/Pastimes.desktop        -> org.pastimes.Pastimes.desktop
#   usr/share/icons/hicolor/*/apps/pastimes.png    -> org.pastimes.Pastimes.png
# An .rpm's header lists its files, so the package is built again: unpacked (rpm2cpio), renamed,
# and packed by rpmbuild from a spec that carries the original header's name, version, release,
# summary, licence, URL, description and requirements. Tauri's package has no scriptlets; one
# that had would be refused here rather than lose them.
# Usage: scripts/rpm-app-id.sh PACKAGE.rpm
set -euo pipefail

source "$(dirname "$0")/app-id-names.sh"
package=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"
header() { rpm -qp --queryformat "$1" "$package"; }

if [ -n "$(rpm -qp --scripts "$package" 2>/dev/null)" ]; then
  echo "$package has scriptlets, which this script would lose" >&2
  exit 1
fi
# rpm2cpio exits with 1 on the payload Tauri's bundler writes though it writes it whole; what
# was unpacked is checked against the header's file list instead.
(cd "$root" && { rpm2cpio "$package" || true; } | cpio -idm --quiet)
listed=$(rpm -qlp "$package" | LC_ALL=C sort)
unpacked=$(cd "$root" && find . -type f -o -type l | sed 's/^\.//' | LC_ALL=C sort)
[ "$listed" = "$unpacked" ] || { echo "$package: unpacked files differ from its list" >&2; exit 1; }
rename_to_app_id "$root" "$package"

arch=$(header '%{ARCH}')
{
  echo "Name: $(header '%{NAME}')"
  echo "Version: $(header '%{VERSION}')"
  echo "Release: $(header '%{RELEASE}')"
  echo "Summary: $(header '%{SUMMARY}')"
  echo "License: $(header '%{LICENSE}')"
  [ "$(header '%{URL}')" = "(none)" ] || echo "URL: $(header '%{URL}')"
  # The requirements are the original's, not found again: rpmbuild's own finder would add
  # whatever this machine's libraries are called.
  echo "AutoReqProv: no"
  rpm -qp --requires "$package" | grep -v '^rpmlib(' | sed 's/^/Requires: /'
  echo '%define debug_package %{nil}'
  echo '%define _build_id_links none'
  # The files are packed as they are: already stripped, nothing to compile or compress.
  echo '%define __os_install_post %{nil}'
  echo '%description'
  header '%{DESCRIPTION}'
  echo
  echo '%install'
  echo "cp -a '$root/.' '%{buildroot}/'"
  echo '%files'
  echo '%defattr(-,root,root,-)'
  (cd "$root" && find . -type f -o -type l) | sed 's/^\.//' | LC_ALL=C sort
} > "$work/package.spec"
rpmbuild --quiet -bb --target "$arch" \
  --define "_topdir $work/top" --define "_rpmdir $work/out" "$work/package.spec" >/dev/null
built=$(ls "$work"/out/"$arch"/*.rpm)
mv "$built" "$package"
echo "$package: the desktop entry and $icons icons renamed to $app_id"
