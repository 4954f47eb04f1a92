#!/bin/sh
# check-translation.sh SOURCE_DIR LANG
#
# Fails unless po/LANG.po translates every message of the current sources: the messages are
# extracted afresh (as `ninja ramo-pot` does), merged into a copy of the translation, and
# msgfmt --check --statistics must report no fuzzy and no untranslated message. It also fails
# when a source file with translatable strings is missing from po/POTFILES.in.
set -eu

src=$1
lang=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$src"

status=0

# every file with marked strings must be listed
for f in src/app/*.c src/cli/*.c data/ui/*.ui; do
  case "$f" in
    src/app/main.c) continue ;;
  esac
  if grep -q -E '(^|[^A-Za-z0-9_])(_|N_|C_|NC_|g_dngettext|g_dpgettext2)[[:space:]]*\(|translatable="yes"' "$f" &&
     ! grep -q -x "$f" po/POTFILES.in; then
    echo "error: $f has translatable strings but is not listed in po/POTFILES.in" >&2
    status=1
  fi
done

# the arguments of meson's i18n.gettext(preset: 'glib')
xgettext --package-name=ramo --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format \
  --flag=g_markup_printf_escaped:1:c-format --flag=g_log:3:c-format \
  --flag=g_print:1:c-format --flag=g_printerr:1:c-format --flag=g_printf:1:c-format \
  --flag=g_fprintf:2:c-format --flag=g_sprintf:2:c-format --flag=g_snprintf:3:c-format \
  -D "$src" -f po/POTFILES.in -o "$tmp/ramo.pot"

msgmerge --quiet --no-fuzzy-matching "po/$lang.po" "$tmp/ramo.pot" -o "$tmp/$lang.po"

for file in "po/$lang.po" "$tmp/$lang.po"; do
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$file" 2>&1) || {
    echo "$stats" >&2
    echo "error: msgfmt --check failed on $file" >&2
    status=1
    continue
  }
  echo "$file: $stats"
  case "$stats" in
    *fuzzy*|*untranslated*)
      echo "error: po/$lang.po is not complete against the current sources:" >&2
      msgattrib --untranslated --only-fuzzy "$file" 2>/dev/null | grep '^msgid' >&2 || true
      msgattrib --untranslated "$file" 2>/dev/null | grep -A1 '^msgid' >&2 || true
      status=1
      ;;
  esac
done

exit $status
