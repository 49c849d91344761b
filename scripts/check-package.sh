#!/usr/bin/env bash
# Checks the installable package end to end, as a player's machine would get it:
#  1. builds the .deb and .rpm (scripts/package.sh);
#  2. checks what the .deb holds: lintian (no errors), desktop-file-validate, appstreamcli
#     (--pedantic), the desktop entry and the icon at every hicolor size named after the app ID,
#     pbrain-pastimes and its manual page, the copyright and changelog; and the .rpm's file list,
#     with the same names, and its requirements;
#  3. installs the .deb with apt on this machine; the installed pbrain-pastimes plays a move;
#  4. starts the INSTALLED /usr/bin/pastimes under Xvfb through the e2e WebDriver harness
#     (tests/installed/main.rs), with no data dir given, so that it uses its XDG default, and
#     plays one move of each game; checks pastimes.sqlite3 holds the three games;
#  5. removes the package with apt and checks the player's data is still there.
# Slow (a release build with LTO): .ci/run calls it after scripts/test.sh.
# The data dir used is $XDG_DATA_HOME/org.pastimes.Pastimes with XDG_DATA_HOME pointed at
# target/package-check/data-home, so the check never touches the real ~/.local/share.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --test --package
export PATH="$HOME/.cargo/bin:$PATH"
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
apt_get() { DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get "$@"; }

step() { echo; echo "== $*"; }
fail() { echo "check-package: FAILED: $*" >&2; exit 1; }

step "building the packages"
scripts/package.sh

version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' tauri.conf.json)
deb=$(ls target/release/bundle/deb/Pastimes_"${version}"_*.deb)
rpm=$(ls target/release/bundle/rpm/Pastimes-"${version}"-*.rpm)
work=target/package-check
rm -rf "$work"
mkdir -p "$work"

step "what the .deb holds ($deb)"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
dpkg-deb --contents "$deb" | awk '{print $6}' | tee "$work/deb-files.txt"
dpkg-deb --extract "$deb" "$work/root"
expect_file() { [ -f "$work/root$1" ] || fail "the .deb has no $1"; }
app_id=org.pastimes.Pastimes
expect_file /usr/bin/pastimes
expect_file /usr/bin/pbrain-pastimes
expect_file /usr/share/man/man6/pbrain-pastimes.6.gz
for size in 32 48 64 128 256 512; do
  icon=/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
  expect_file "$icon"
  actual=$(identify -format '%wx%h' "$work/root$icon")
  [ "$actual" = "${size}x${size}" ] || fail "$icon is $actual"
done
expect_file /usr/share/doc/pastimes/copyright
expect_file /usr/share/metainfo/org.pastimes.Pastimes.metainfo.xml
desktop=$(ls "$work"/root/usr/share/applications/*.desktop)
[ "$(echo "$desktop" | wc -l)" = 1 ] || fail "the .deb should have one .desktop entry: $desktop"
[ "$desktop" = "$work/root/usr/share/applications/$app_id.desktop" ] || fail "the desktop entry is not $app_id.desktop: $desktop"
if find "$work/root" -path '*/home/*' -o -path '*/.local/*' | grep -q .; then fail "the package ships files for a home"; fi
for script in postinst prerm postrm preinst; do
  if dpkg-deb --ctrl-tarfile "$deb" | tar -t | grep -qx "./$script"; then fail "the .deb has a $script script"; fi
done

step "desktop-file-validate ${desktop#"$work"/root}"
# desktop-file-validate 0.26 (Debian 12) knows neither the entry's Version 1.5 nor its
# SingleMainWindow key (0.27 does): those two reports are set aside, any other fails the check.
complaints=$(desktop-file-validate "$desktop" 2>&1 \
  | grep -vF -e 'error: value "1.5" for key "Version" in group "Desktop Entry" is not a known version' \
    -e 'error: file contains key "SingleMainWindow" in group "Desktop Entry", but keys extending the format should start with "X-"' \
  || true)
[ -z "$complaints" ] || fail "desktop-file-validate: $complaints"
grep -qx 'Categories=Game;BoardGame;LogicGame;' "$desktop" || fail "the desktop entry's categories"
grep -qx 'SingleMainWindow=true' "$desktop" || fail "the desktop entry has no SingleMainWindow=true"
for game in $(sed -n 's/^Actions=//p' "$desktop" | tr ';' ' '); do
  grep -qx "Exec=pastimes --game $game" "$desktop" || fail "the action $game does not run pastimes --game $game"
done
cat "$desktop"
echo "desktop-file-validate: no error"

step "appstreamcli validate"
appstreamcli validate --no-net --pedantic --explain "$work/root/usr/share/metainfo/$app_id.metainfo.xml"
launchable=$(sed -n 's:.*<launchable type="desktop-id">\(.*\)</launchable>.*:\1:p' "$work/root/usr/share/metainfo/$app_id.metainfo.xml")
[ -f "$work/root/usr/share/applications/$launchable" ] || fail "the metainfo's launchable $launchable is not in the .deb"

step "lintian (errors fail the check; warnings are listed)"
# --fail-on error: a warning or an info is reported but does not fail.
lintian --fail-on error --display-info "$deb" \
  | tee "$work/lintian.txt" || fail "lintian reports errors"
grep -q '^E:' "$work/lintian.txt" && fail "lintian reports errors"
echo "lintian: no error"

step "what the .rpm holds ($rpm)"
rpm -qip "$rpm" 2>/dev/null | sed -n '1,/^Description/p'
rpm -qlp "$rpm" 2>/dev/null | tee "$work/rpm-files.txt"
for path in /usr/bin/pastimes /usr/bin/pbrain-pastimes /usr/share/man/man6/pbrain-pastimes.6.gz \
  "/usr/share/applications/$app_id.desktop" "/usr/share/icons/hicolor/512x512/apps/$app_id.png" \
  "/usr/share/metainfo/$app_id.metainfo.xml"; do
  grep -qx "$path" "$work/rpm-files.txt" || fail "the .rpm has no $path"
done
if grep -qi -e '/Pastimes.desktop$' -e '/pastimes.png$' "$work/rpm-files.txt"; then
  fail "the .rpm still has Tauri's names for the entry or an icon"
fi
rpm -qp --requires "$rpm" | grep -q 'libwebkit2gtk-4.1.so.0' || fail "the .rpm lost its requirements"

step "installing the .deb with apt"
if dpkg-query -W -f='${Status}' pastimes 2>/dev/null | grep -q "install ok installed"; then
  echo "Pastimes was installed already: the check reinstalls it from this build and removes it after."
fi
installed=0
cleanup() { if [ "$installed" = 1 ]; then apt_get remove -y -qq pastimes >/dev/null 2>&1 || true; fi; }
trap cleanup EXIT
apt_get install -y -qq --reinstall "./$deb"
installed=1
binary=$(dpkg -L pastimes | grep -x '/usr/bin/pastimes') || fail "the installed package has no /usr/bin/pastimes"
dpkg -L pastimes | grep -q "^/usr/share/icons/hicolor/256x256/apps/$app_id.png\$" || fail "no icon installed"
exec_line=$(grep -m1 '^Exec=' "/usr/share/applications/$app_id.desktop")
command -v "${exec_line#Exec=}" >/dev/null || fail "the desktop entry's $exec_line is not on PATH"

step "the installed pbrain-pastimes answers a Gomocup manager"
answer=$(printf 'ABOUT\nSTART 15\nBEGIN\nEND\n' | timeout 60 pbrain-pastimes) || fail "pbrain-pastimes failed"
echo "$answer"
echo "$answer" | grep -q '^name="' || fail "pbrain-pastimes did not answer ABOUT"
echo "$answer" | grep -qx 'OK' || fail "pbrain-pastimes did not answer START 15"
echo "$answer" | grep -qE '^[0-9]+,[0-9]+$' || fail "pbrain-pastimes did not play a first move"
pbrain-pastimes --version | grep -q "^pbrain-pastimes $version\$" || fail "pbrain-pastimes --version"
man -w pbrain-pastimes >/dev/null 2>&1 || [ -f /usr/share/man/man6/pbrain-pastimes.6.gz ] || fail "no manual page"

step "playing the installed $binary under Xvfb (WebDriver)"
data_home="$PWD/$work/data-home"
mkdir -p "$data_home"
run_graphical() {
  if [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- "$@"
  else
    dbus-run-session -- "$@"
  fi
}
export NO_AT_BRIDGE=1 PASTIMES_INSTALLED_BIN="$binary" PASTIMES_CHECK_DATA_HOME="$data_home"
run_graphical cargo test -p pastimes --test installed -- --ignored --nocapture --test-threads=1
data_dir="$data_home/org.pastimes.Pastimes"
[ -f "$data_dir/pastimes.sqlite3" ] || fail "no $data_dir/pastimes.sqlite3 after playing"
ls -l "$data_dir"

step "removing the package with apt"
apt_get remove -y -qq pastimes
installed=0
dpkg-query -W -f='${Status}\n' pastimes 2>/dev/null | grep -q "install ok installed" && fail "pastimes is still installed"
[ ! -e "$binary" ] || fail "$binary is still there after removal"
[ ! -e /usr/bin/pbrain-pastimes ] || fail "/usr/bin/pbrain-pastimes is still there after removal"
[ ! -e "/usr/share/applications/$app_id.desktop" ] || fail "the desktop entry is still there after removal"
[ -f "$data_dir/pastimes.sqlite3" ] || fail "removing the package lost the player's data"
echo "the player's data is still in $data_dir:"
ls -l "$data_dir"
echo
echo "check-package: 1 passed, 0 failed"
