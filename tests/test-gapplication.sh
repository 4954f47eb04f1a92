#!/bin/sh
# test-gapplication.sh SOURCE_DIR BUILD_DIR
#
# The README's `gapplication action …` examples, run as written after what the README's run
# command does (build-aux/run-ramo.sh: register the build with build-aux/register-build.sh,
# open a fresh copy of the example at ~/.cache/ramo/example.jsonl), in a home folder and on a
# session bus of their own: each must succeed and do what it says. Then, with no Ramo running,
# an action must start one through the D-Bus service the registration installs.
#
# Exits 77 (skipped) without a display or without gapplication, gdbus and dbus-run-session.
set -eu

src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
app=io.github.ramo.Ramo

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "no display: skipping (run it under xvfb-run)"
  exit 77
fi
for tool in gapplication gdbus dbus-run-session; do
  command -v "$tool" >/dev/null 2>&1 || { echo "no $tool: skipping"; exit 77; }
done

fail() {
  echo "not ok - $*" >&2
  exit 1
}

# A home and a session bus of our own: the bus reads the D-Bus services of this home, and
# whatever it starts gets this environment.
if [ -z "${RAMO_GAPPLICATION_INNER:-}" ]; then
  home=$(mktemp -d)
  trap 'rm -rf "$home"' EXIT INT TERM
  status=0
  env HOME="$home" XDG_DATA_HOME="$home/.local/share" XDG_CONFIG_HOME="$home/.config" \
      XDG_CACHE_HOME="$home/.cache" XDG_DATA_DIRS="${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
      GSETTINGS_BACKEND=keyfile RAMO_GAPPLICATION_INNER=1 \
      dbus-run-session -- sh "$0" "$@" || status=$?
  exit $status
fi

session="$HOME/.cache/ramo/example.jsonl"
folder=$(dirname "$session")
pids=""

bus_owner_pid() {
  gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.GetConnectionUnixProcessID "$app" 2>/dev/null |
    sed -n 's/^(uint32 \([0-9]*\),)$/\1/p'
}

wait_for() {   # wait_for WHAT COMMAND…: polls COMMAND for 20 s
  what=$1
  shift
  i=0
  until "$@"; do
    i=$((i + 1))
    [ $i -lt 200 ] || fail "timed out waiting for $what"
    sleep 0.1
  done
}

running() { [ -n "$(bus_owner_pid)" ]; }
stopped() { [ -z "$(bus_owner_pid)" ]; }
has_line() { grep -q -F "$1" "$session"; }

cleanup() {
  pid=$(bus_owner_pid)
  for p in $pids $pid; do
    kill "$p" 2>/dev/null || true
  done
}
trap cleanup EXIT INT TERM

quit() {
  gapplication action "$app" quit || fail "gapplication action quit"
  wait_for "Ramo to quit" stopped
}

# what build-aux/run-ramo.sh does after building
"$src/build-aux/register-build.sh" "$build" || fail "register-build.sh"
[ -s "$HOME/.local/share/applications/$app.desktop" ] || fail "no .desktop file registered"
[ -s "$HOME/.local/share/dbus-1/services/$app.service" ] || fail "no D-Bus service registered"
mkdir -p "$folder"
cp "$src/data/examples/example.jsonl" "$session"
"$build/src/app/ramo" "$session" >/dev/null 2>&1 &
pids=$!
wait_for "Ramo on the session bus" running

# the application is known by its id
gapplication list-actions "$app" >/dev/null || fail "gapplication does not find $app's .desktop file"
gapplication list-apps | grep -q -x "$app" || fail "gapplication list-apps does not list $app"

# the README's examples, as written
examples=$(sed -n '/^## Scripting a running Ramo/,/^## /p' "$src/README.md" | grep '^gapplication action ')
[ "$(printf '%s\n' "$examples" | wc -l)" -ge 5 ] || fail "the README's examples were not found"
printf '%s\n' "$examples" > "$HOME/examples.sh"
while IFS= read -r line; do
  echo "# $line"
  sh -c "$line" || fail "exit status $? from: $line"
done < "$HOME/examples.sh"

wait_for "the label in the file" has_line '"targetId":"a1000006","label":"good idea"'
branched=$(ls "$folder" | grep -v -x 'example.jsonl' | head -n 1)
[ -n "$branched" ] || fail "the branch example made no session file in $folder"
head -n 1 "$folder/$branched" | grep -q -F "\"parentSession\":\"$session\"" ||
  fail "the branched session does not name the example as its parent"
echo "ok: label written, branched to $branched"

# the same without gapplication (the gdbus example joins its two lines)
gdbus_example=$(sed -n '/^## Scripting a running Ramo/,/^## /p' "$src/README.md" |
  sed -n '/^gdbus call/,/"{}"$/p' | sed 's/\\$//' | tr '\n' ' ')
[ -n "$gdbus_example" ] || fail "the README's gdbus example was not found"
sh -c "$gdbus_example" >/dev/null || fail "exit status $? from: $gdbus_example"
wait_for "the gdbus label in the file" has_line '"targetId":"a1000006","label":"done"'
echo "ok: the gdbus example"

# no Ramo running: an action starts one through the registered D-Bus service
quit
wait "$pids" 2>/dev/null || true
pids=""
gapplication action "$app" set-label "('$session', 'a1000002', 'activated')" ||
  fail "gapplication action with no Ramo running"
wait_for "the activated Ramo's label" has_line '"targetId":"a1000002","label":"activated"'
echo "ok: started by D-Bus activation"
quit

"$src/build-aux/register-build.sh" --remove "$build"
[ ! -e "$HOME/.local/share/applications/$app.desktop" ] || fail "--remove left the .desktop file"
echo "ok - the README's gapplication examples work as written"
