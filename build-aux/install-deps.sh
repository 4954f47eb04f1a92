#!/usr/bin/env bash
# Installs the Debian 12 packages Ramo needs to build, run and test, if any is missing.
# Idempotent: does nothing when everything is there. Needs root (uses sudo otherwise).
set -euo pipefail

packages=(
  # build
  meson ninja-build gcc pkg-config gettext
  libglib2.0-dev libgtk-4-dev libepoxy-dev libadwaita-1-dev libjson-glib-dev libsoup-3.0-dev libsecret-1-dev
  glib-networking
  # tests: a display, validators, AT-SPI, screenshots
  xvfb xauth xfonts-base dbus-x11 at-spi2-core python3-pyatspi
  desktop-file-utils appstream imagemagick
  # reliability checks in CI
  valgrind clang libclang-rt-14-dev time
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# the pi compatibility suite needs Node.js and npm (any recent Node works; pi needs >= 20)
if ! command -v node >/dev/null 2>&1; then
  missing+=(nodejs)
fi
if ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}"
