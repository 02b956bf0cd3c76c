#!/usr/bin/env bash
# Runs a command as on a machine without a screen or Xvfb: no DISPLAY or WAYLAND_DISPLAY, and a PATH holding every
# program of the current one except Xvfb and xvfb-run. The check that the fast loop needs neither:
#   tools/without-xvfb.sh make test-fast
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
IFS=: read -ra dirs <<< "$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for program in "$dir"/*; do
    name=${program##*/}
    case $name in
      Xvfb | xvfb-run) continue ;;
    esac
    if [ -x "$program" ] && [ ! -e "$bin/$name" ]; then
      ln -s "$program" "$bin/$name"
    fi
  done
done

if PATH=$bin command -v Xvfb >/dev/null 2>&1 || PATH=$bin command -v xvfb-run >/dev/null 2>&1; then
  echo "without-xvfb: Xvfb is still on PATH" >&2
  exit 1
fi
echo "without-xvfb: no DISPLAY, no Xvfb or xvfb-run on PATH" >&2
env -u DISPLAY -u WAYLAND_DISPLAY PATH="$bin" "$@"
