#!/usr/bin/env bash
# Runs a command as on a machine without a screen, Xvfb or the other Debian tools the tests call: no DISPLAY or
# WAYLAND_DISPLAY, and a PATH holding every program of the current one except Xvfb, xvfb-run, shellcheck and
# systemd-analyze. The check that the fast loop needs none of them (the `ui` and `tools` marks leave out the tests
# that do):
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
      Xvfb | xvfb-run | shellcheck | systemd-analyze) continue ;;
    esac
    if [ -x "$program" ] && [ ! -e "$bin/$name" ]; then
      ln -s "$program" "$bin/$name"
    fi
  done
done

for hidden in Xvfb xvfb-run shellcheck systemd-analyze; do
  if PATH=$bin command -v "$hidden" >/dev/null 2>&1; then
    echo "without-xvfb: $hidden is still on PATH" >&2
    exit 1
  fi
done
echo "without-xvfb: no DISPLAY, no Xvfb, xvfb-run, shellcheck or systemd-analyze on PATH" >&2
env -u DISPLAY -u WAYLAND_DISPLAY PATH="$bin" "$@"
