#!/bin/sh
# test-install.sh BUILD_DIR
#
# `meson install --destdir` into a temporary folder must give a working Ramo: the programs, the
# .desktop file, the AppStream metainfo, both icons, the GSettings schema, the MIME type, the
# translations and the example session, each valid.
set -eu

build=$(cd "$1" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT INT TERM

fail() {
  echo "error: $*" >&2
  exit 1
}

meson install -C "$build" --no-rebuild --quiet --destdir "$stage" >"$stage.log" 2>&1 || {
  cat "$stage.log" >&2
  rm -f "$stage.log"
  fail "meson install failed"
}
rm -f "$stage.log"

prefix=$(meson introspect "$build" --buildoptions | python3 -c '
import json, sys
print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "prefix"))')
root="$stage$prefix"
share="$root/share"
app=io.github.ramo.Ramo

for f in \
  bin/ramo bin/ramo-session \
  share/applications/$app.desktop \
  share/metainfo/$app.metainfo.xml \
  share/icons/hicolor/scalable/apps/$app.svg \
  share/icons/hicolor/symbolic/apps/$app-symbolic.svg \
  share/glib-2.0/schemas/$app.gschema.xml \
  share/mime/packages/$app.xml \
  share/locale/it/LC_MESSAGES/ramo.mo \
  share/ramo/examples/example.jsonl \
  share/ramo/agent/ramo-extension.js
do
  [ -s "$root/$f" ] || fail "$f was not installed"
  echo "ok: $f"
done

[ -x "$root/bin/ramo" ] || fail "bin/ramo is not executable"

# each file is valid
desktop-file-validate "$share/applications/$app.desktop" || fail "invalid .desktop file"
grep -q '^MimeType=application/x-ramo-session;' "$share/applications/$app.desktop" || fail ".desktop lacks the MIME type"
grep -q '^Name\[it\]=' "$share/applications/$app.desktop" || grep -q '^Comment\[it\]=' "$share/applications/$app.desktop" ||
  fail ".desktop has no Italian translation"
if command -v appstreamcli >/dev/null 2>&1; then
  appstreamcli validate --no-net "$share/metainfo/$app.metainfo.xml" || fail "invalid metainfo"
fi
schemas="$stage/schemas"
mkdir -p "$schemas"
glib-compile-schemas --strict --targetdir="$schemas" "$share/glib-2.0/schemas" || fail "invalid schema"
GSETTINGS_SCHEMA_DIR="$schemas" GSETTINGS_BACKEND=memory gsettings get $app default-filter >/dev/null ||
  fail "the installed schema does not load"
if command -v xmllint >/dev/null 2>&1; then
  xmllint --noout "$share/mime/packages/$app.xml" || fail "invalid MIME type file"
fi
if command -v update-mime-database >/dev/null 2>&1; then
  update-mime-database "$share/mime" >/dev/null 2>&1 || fail "update-mime-database failed"
  grep -q 'application/x-ramo-session:\*\.jsonl' "$share/mime/globs" || fail "the MIME type does not claim *.jsonl"
fi
msgunfmt "$share/locale/it/LC_MESSAGES/ramo.mo" | grep -q 'msgstr "Sessioni"' || fail "the Italian translation is not the one built"

# the installed programs run
"$root/bin/ramo-session" info "$share/ramo/examples/example.jsonl" >/dev/null || fail "ramo-session does not run"
"$root/bin/ramo" --help >/dev/null || fail "ramo --help failed"

echo "installed and valid: $root"
