#!/usr/bin/env bash
# Makes sure the Debian packages the companion needs are present.
#   tools/system-deps.sh run    what the app itself needs (OpenGL for Kivy's window)
#   tools/system-deps.sh test   plus a virtual screen, fonts, OCR, the linters and the browser the tests call
# As root, missing packages are installed with apt-get. Otherwise the exact command is printed and we stop.
set -euo pipefail
mode="${1:-run}"

packages=(libgl1 libegl1 libgl1-mesa-dri)
if [ "$mode" = test ]; then
  packages+=(xvfb xauth fonts-dejavu-core shellcheck systemd tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra)
  packages+=(chromium)  # the web views' browser tests (Playwright drives this one; it never downloads a browser)
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "system-deps: not a Debian system; make sure these are installed: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  missing+=(python3-venv)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "system-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "system-deps: missing Debian packages. Run this, then try again:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
