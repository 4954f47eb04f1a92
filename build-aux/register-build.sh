#!/usr/bin/env bash
# register-build.sh [BUILD_DIR]
#
# Makes the Ramo built in BUILD_DIR (default _build) known to the desktop as the application
# io.github.ramo.Ramo, as an installation would: its .desktop file in
# $XDG_DATA_HOME/applications (~/.local/share/applications) and its D-Bus service in
# $XDG_DATA_HOME/dbus-1/services, both starting this build. `gapplication` then finds the
# application (`gapplication list-actions`, `launch`), and `gapplication action …` reaches the
# running Ramo or starts one. Run again after moving the build; `--remove` takes both away.
set -euo pipefail
cd "$(dirname "$0")/.."

app=io.github.ramo.Ramo
remove=0
if [ "${1:-}" = "--remove" ]; then
  remove=1
  shift
fi
build=$(cd "${1:-_build}" && pwd)
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
desktop="$data_home/applications/$app.desktop"
service="$data_home/dbus-1/services/$app.service"

if [ "$remove" = 1 ]; then
  rm -f "$desktop" "$service"
  exit 0
fi

ramo="$build/src/app/ramo"
exec_ramo=$ramo
case "$ramo" in
  *[[:space:]]*) exec_ramo="\"$ramo\"" ;;   # quoted, as the .desktop and D-Bus files want it
esac
[ -x "$ramo" ] || { echo "error: $ramo is not built" >&2; exit 1; }
[ -s "$build/data/$app.desktop" ] || { echo "error: $build/data/$app.desktop is not built" >&2; exit 1; }

mkdir -p "$(dirname "$desktop")" "$(dirname "$service")"

# the built .desktop file (translated), starting this build, by D-Bus activation as GNOME does
sed -e "s|^Exec=ramo |Exec=$exec_ramo |" -e '/^DBusActivatable=/d' "$build/data/$app.desktop" > "$desktop.tmp"
echo "DBusActivatable=true" >> "$desktop.tmp"
mv "$desktop.tmp" "$desktop"

cat > "$service.tmp" <<SERVICE
[D-BUS Service]
Name=$app
Exec=$exec_ramo --gapplication-service
SERVICE
mv "$service.tmp" "$service"

if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database -q "$(dirname "$desktop")" || true
fi
