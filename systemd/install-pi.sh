#!/usr/bin/env bash
# Installs the table companion as a touchscreen kiosk on Raspberry Pi OS Bookworm (Pi 4 and Pi 5).
#
#   sudo systemd/install-pi.sh [options]
#
#   --dry-run            print every step ("would: ...") and change nothing; no root needed
#   --user NAME          the system user the app runs as (default: companion)
#   --prefix DIR         where the project and its virtual environment go (default: /opt/companion)
#   --state-dir DIR      the only writable directory of the app: games, backups, Kivy's files
#                        (default: /var/lib/companion; with an overlay root use a persistent partition,
#                        e.g. /srv/companion: see docs/raspberry-pi.md)
#   --display KIND       auto | dsi-800x480 | dsi2-720x1280 | hdmi (default: auto, read from /sys/class/drm)
#   --touch PROVIDER     mtdev | hidinput: how Kivy reads the DSI touchscreen (default: mtdev)
#   --print-unit         print the systemd unit as it would be installed, then stop
#   --print-kivy-config  print Kivy's config.ini as it would be installed, then stop
#
# Idempotent: every step looks before it acts ("ok: ..." when there is nothing to do), so running it again
# after an update only does what changed. The configuration file /etc/companion/config.toml is created once
# from config/companion.example.toml and never overwritten.
#
# COMPANION_INSTALL_ROOT (tests): a directory standing for / wherever the installer reads or writes system
# files (/etc, /boot, /proc, /sys, the prefix, the state directory). Allowed only with --dry-run or --print-*.
set -euo pipefail

readonly DEFAULT_PREFIX=/opt/companion
readonly DEFAULT_STATE_DIR=/var/lib/companion
readonly DEFAULT_USER=companion
readonly UNIT_NAME=companion.service
# Groups the service runs with (SupplementaryGroups= in the unit): they must exist or the unit fails to start.
readonly SERVICE_GROUPS=(video render input gpio dialout audio)
# python3-dev and gcc build RPi.GPIO (no wheel for 64-bit Pi OS); Kivy's wheel brings its own SDL2.
readonly PACKAGES=(python3-venv python3-dev gcc libgl1 libegl1 libgles2 libgbm1 libdrm2 libmtdev1
  fonts-dejavu-core rsync)
# Never copied to the prefix, never deleted there: local environments, build outputs and caches.
readonly COPY_EXCLUDES=(.git .venv __pycache__ '*.egg-info' '*.mo' .pytest_cache .hypothesis artifacts build dist)

dry_run=0
print_what=""
user_name=$DEFAULT_USER
prefix=$DEFAULT_PREFIX
state_dir=$DEFAULT_STATE_DIR
display_kind=auto
touch_provider=mtdev
project_changed=0
display=""
root=${COMPANION_INSTALL_ROOT:-}
source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)

say() { printf '%s\n' "$*"; }
step() { printf '\n==> %s\n' "$*"; }
ok() { printf 'ok: %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }
die() {
  printf 'install-pi: %s\n' "$*" >&2
  exit 1
}

usage() {
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
}

# Runs a command, or with --dry-run prints it. Every change the installer makes goes through here or write_file.
run() {
  local quoted="" arg
  for arg in "$@"; do
    if [[ $arg =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then quoted+="$arg "; else quoted+="$(printf '%q' "$arg") "; fi
  done
  if ((dry_run)); then
    say "would: ${quoted% }"
  else
    say "doing: ${quoted% }"
    "$@"
  fi
}

# write_file PATH MODE OWNER GROUP CONTENT: writes atomically (temporary file + rename) unless already identical.
write_file() {
  local path=$1 mode=$2 owner=$3 group=$4 content=$5 tmp
  if [ -f "$root$path" ] && [ "$(cat "$root$path")" = "$content" ]; then
    ok "$path is up to date"
    return 0
  fi
  if ((dry_run)); then
    say "would: write $path (mode $mode, owner $owner:$group)"
    return 0
  fi
  say "doing: write $path"
  tmp=$(mktemp "$(dirname "$root$path")/.companion.XXXXXX")
  printf '%s\n' "$content" >"$tmp"
  chown "$owner:$group" "$tmp"
  chmod "$mode" "$tmp"
  mv -f "$tmp" "$root$path"
}

parse_args() {
  while [ $# -gt 0 ]; do
    case $1 in
      --dry-run) dry_run=1 ;;
      --user) user_name=${2:?--user needs a name}; shift ;;
      --prefix) prefix=${2:?--prefix needs a directory}; shift ;;
      --state-dir) state_dir=${2:?--state-dir needs a directory}; shift ;;
      --display) display_kind=${2:?--display needs a kind}; shift ;;
      --touch) touch_provider=${2:?--touch needs a provider}; shift ;;
      --print-unit) print_what=unit ;;
      --print-kivy-config) print_what=kivy-config ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown option $1 (try --help)" ;;
    esac
    shift
  done
  prefix=$(strip_trailing_slashes "$prefix")
  state_dir=$(strip_trailing_slashes "$state_dir")
  check_path --prefix "$prefix"
  check_path --state-dir "$state_dir"
  [[ $user_name =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] || die "--user $user_name: use a lower-case system user name"
  case $display_kind in
    auto | dsi-800x480 | dsi2-720x1280 | hdmi) ;;
    *) die "--display $display_kind: expected auto, dsi-800x480, dsi2-720x1280 or hdmi" ;;
  esac
  case $touch_provider in
    mtdev | hidinput) ;;
    *) die "--touch $touch_provider: expected mtdev or hidinput" ;;
  esac
  if [ -n "$root" ] && ((!dry_run)) && [ -z "$print_what" ]; then
    die "COMPANION_INSTALL_ROOT is for tests: use it with --dry-run or --print-*"
  fi
}

join_by() {
  local separator=$1 first=$2
  shift 2
  printf '%s' "$first" "${@/#/$separator}"
}

strip_trailing_slashes() {
  local path=$1
  while [ "${#path}" -gt 1 ] && [ "${path%/}" != "$path" ]; do path=${path%/}; done
  printf '%s' "$path"
}

# Paths end up in the unit file through sed: keep them to characters that need no quoting anywhere.
check_path() {
  [[ $2 =~ ^/[A-Za-z0-9._/-]*[A-Za-z0-9._-]$ ]] || die "$1 $2: use an absolute path of letters, digits, '.', '_', '-', '/'"
  [ "$2" != / ] || die "$1 cannot be /"
}

# --- What gets installed -----------------------------------------------------------------------------------

# The display to configure: the flag, or the connected DSI panel's first mode from /sys/class/drm.
resolve_display() {
  if [ "$display_kind" != auto ]; then
    printf '%s' "$display_kind"
    return 0
  fi
  local status_file connector mode
  for status_file in "$root"/sys/class/drm/card*-DSI-*/status; do
    [ -r "$status_file" ] || continue
    [ "$(cat "$status_file")" = connected ] || continue
    connector=$(dirname "$status_file")
    mode=$(head -n 1 "$connector/modes" 2>/dev/null || true)
    case $mode in
      720x1280) printf 'dsi2-720x1280' ;;
      800x480) printf 'dsi-800x480' ;;
      *)
        warn "DSI panel ${connector##*/} reports mode '${mode}'; using the dsi-800x480 settings (choose with --display)"
        printf 'dsi-800x480'
        ;;
    esac
    return 0
  done
  printf 'hdmi'
}

# Kivy's config.ini for the display. Complete, with config_version set to Kivy 2.3.1's (27): Kivy then reads it
# as is, instead of "upgrading" it from version 0, which would reset fullscreen to 0.
render_kivy_config() {
  local kind=$1 width height cursor desktop keyboard input_lines
  case $kind in
    dsi-800x480) width=800 height=480 ;;
    dsi2-720x1280) width=720 height=1280 ;;
    hdmi) width=1280 height=800 ;;
  esac
  if [ "$kind" = hdmi ]; then
    # A mouse, and a multi-touch USB panel if the screen has one (read by Kivy: the unit tells SDL not to
    # turn touches into mouse clicks, which would press every button twice).
    cursor=1 desktop=1 keyboard=""
    input_lines=$'mouse = mouse\nhid_%(name)s = probesysfs,provider=hidinput'
  else
    # The touchscreen only (the app may add Kivy's mouse provider for a maintenance mouse; SDL does not turn
    # touches into clicks, see the unit). The on-screen keyboard docks at the bottom for the card editor.
    cursor=0 desktop=0 keyboard=systemanddock
    if [ "$touch_provider" = mtdev ]; then
      input_lines='mtdev_%(name)s = probesysfs,provider=mtdev'
    else
      input_lines='hid_%(name)s = probesysfs,provider=hidinput'
    fi
  fi
  cat <<EOF
# Kivy's configuration for the companion kiosk (display: $kind), written by systemd/install-pi.sh.
# Rerun the installer with --display or --touch to change it; edits here are replaced by the next install.
[kivy]
keyboard_repeat_delay = 300
keyboard_repeat_rate = 30
log_dir = logs
log_enable = 0
log_level = info
log_name = kivy_%y-%m-%d_%_.txt
window_icon = 
keyboard_mode = $keyboard
keyboard_layout = qwerty
desktop = $desktop
exit_on_escape = 0
pause_on_minimize = 0
kivy_clock = default
default_font = ['Roboto', 'data/fonts/Roboto-Regular.ttf', 'data/fonts/Roboto-Italic.ttf', 'data/fonts/Roboto-Bold.ttf', 'data/fonts/Roboto-BoldItalic.ttf']
log_maxfiles = 100
window_shape = data/images/defaultshape.png
config_version = 27

[graphics]
display = -1
fullscreen = auto
height = $height
left = 0
maxfps = 60
multisamples = 0
position = auto
rotation = 0
show_cursor = $cursor
top = 0
width = $width
resizable = 0
borderless = 1
window_state = visible
minimum_width = 0
minimum_height = 0
min_state_time = .035
allow_screensaver = 0
shaped = 0
vsync = 
verify_gl_main_thread = 1
custom_titlebar = 0
custom_titlebar_border = 5
always_on_top = 0
show_taskbar_icon = 0

[input]
$input_lines

[postproc]
double_tap_distance = 20
double_tap_time = 250
ignore = []
jitter_distance = 0
jitter_ignore_devices = mouse,mactouch,
retain_distance = 50
retain_time = 0
triple_tap_distance = 20
triple_tap_time = 375

[widgets]
scroll_timeout = 250
scroll_distance = 20
scroll_friction = 1.
scroll_stoptime = 300
scroll_moves = 5

[modules]

[network]
useragent = curl
implementation = default
EOF
}

# The shipped unit with this install's paths, user and panel. A state directory outside /var/lib is not
# systemd's StateDirectory=: the installer creates it, and ReadWritePaths= plus RequiresMountsFor= cover it.
# A DSI panel's size goes to `companion run --size`, which sizes the touch targets by the panel's density.
render_unit() {
  local template=$source_dir/systemd/$UNIT_NAME
  [ -r "$template" ] || die "missing $template"
  local edits=()
  if [ "$state_dir" != "$DEFAULT_STATE_DIR" ]; then
    edits+=(-e '/^StateDirectory=/d' -e '/^StateDirectoryMode=/d')
  fi
  case $display in
    dsi-800x480) edits+=(-e 's/^\(ExecStart=.* run --fullscreen\)$/\1 --size 800x480/') ;;
    dsi2-720x1280) edits+=(-e 's/^\(ExecStart=.* run --fullscreen\)$/\1 --size 720x1280/') ;;
  esac
  sed -e "s|$DEFAULT_PREFIX|$prefix|g" \
    -e "s|$DEFAULT_STATE_DIR|$state_dir|g" \
    -e "s|^User=$DEFAULT_USER\$|User=$user_name|" \
    "${edits[@]}" "$template"
}

# --- Facts about the machine --------------------------------------------------------------------------------

# The mount point holding PATH, from /proc/mounts (the longest mount point that is a prefix of PATH).
mount_point_of() {
  local path=$1
  [ -r "$root/proc/mounts" ] || { printf '/'; return 0; }
  awk -v path="$path" '
    { mp = $2
      if (mp == "/" || path == mp || index(path, mp "/") == 1) {
        if (length(mp) > length(best)) best = mp
      } }
    END { if (best == "") best = "/"; print best }' "$root/proc/mounts"
}

# The overlay root of raspi-config ("Overlay File System") is active now: / is an overlay, or the kernel was
# booted with boot=overlay. raspi-config's own test is the latter (`raspi-config nonint get_overlay_now`).
overlay_active_now() {
  { [ -r "$root/proc/mounts" ] && awk '$2 == "/" && $3 == "overlay" { found = 1 } END { exit !found }' "$root/proc/mounts"; } ||
    { [ -r "$root/proc/cmdline" ] && grep -qw 'boot=overlay' "$root/proc/cmdline"; }
}

boot_cmdline_file() {
  local candidate
  for candidate in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
    if [ -f "$root$candidate" ]; then
      printf '%s' "$candidate"
      return 0
    fi
  done
  return 1
}

overlay_enabled_next_boot() {
  local cmdline
  cmdline=$(boot_cmdline_file) || return 1
  grep -qw 'boot=overlay' "$root$cmdline"
}

user_exists() { getent passwd "$user_name" >/dev/null; }
group_exists() { getent group "$1" >/dev/null; }
user_in_group() { id -nG "$user_name" 2>/dev/null | tr ' ' '\n' | grep -qx "$1"; }
primary_group() { id -gn "$user_name" 2>/dev/null || printf '%s' "$user_name"; }
package_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
systemctl_offline() { systemctl --root="${root:-/}" "$@"; }

# --- The steps ------------------------------------------------------------------------------------------------

check_machine() {
  step "Checking the machine"
  if ((!dry_run)) && [ "$(id -u)" -ne 0 ]; then
    die "run it as root (sudo $0 ...), or with --dry-run to see what it would do"
  fi
  local codename="" model=""
  if [ -r "$root/etc/os-release" ]; then
    codename=$(sed -n 's/^VERSION_CODENAME=//p' "$root/etc/os-release" | tr -d '"')
  fi
  if [ "$codename" = bookworm ]; then ok "Debian/Raspberry Pi OS bookworm"; else warn "made for Raspberry Pi OS Bookworm; this is '${codename:-unknown}'"; fi
  if [ -r "$root/proc/device-tree/model" ]; then model=$(tr -d '\0' <"$root/proc/device-tree/model"); fi
  case $model in
    "Raspberry Pi 4"* | "Raspberry Pi 5"* | "Raspberry Pi Compute Module 4"*) ok "$model" ;;
    "Raspberry Pi"*) warn "$model: made for the Pi 4 and Pi 5; older boards may be too slow" ;;
    *) warn "not a Raspberry Pi (${model:-no device-tree model}): the lights fall back to the on-screen mirror" ;;
  esac
  case $(uname -m) in
    aarch64) ok "64-bit ARM" ;;
    *) warn "$(uname -m): Kivy's ready-made wheels need 64-bit Raspberry Pi OS (aarch64)" ;;
  esac

  local state_mount
  state_mount=$(mount_point_of "$state_dir")
  if overlay_active_now; then
    if ((dry_run)); then
      warn "the overlay file system is active: a real install would stop here, since everything it writes would vanish at the next reboot"
    else
      die "the overlay file system is active: everything this installer writes would vanish at the next reboot. Turn it off (sudo raspi-config: Performance Options, Overlay File System), reboot, install, and turn it on again"
    fi
  fi
  if overlay_active_now || overlay_enabled_next_boot; then
    if [ "$state_mount" = / ]; then
      warn "the overlay file system is on and $state_dir is on the root file system: every game would be lost at each reboot. Put the state directory on its own partition (e.g. --state-dir /srv/companion, see docs/raspberry-pi.md)"
    else
      ok "state directory $state_dir is on its own mount ($state_mount): it survives the overlay root"
    fi
  fi
}

install_packages() {
  step "Debian packages"
  local missing=() package
  for package in "${PACKAGES[@]}"; do
    package_installed "$package" || missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    ok "all installed: ${PACKAGES[*]}"
    return 0
  fi
  run env DEBIAN_FRONTEND=noninteractive apt-get update -q
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

create_user() {
  step "User $user_name and its groups"
  local group missing_groups=()
  for group in "${SERVICE_GROUPS[@]}"; do
    if group_exists "$group"; then ok "group $group exists"; else run groupadd --system "$group"; fi
  done
  if user_exists; then
    ok "user $user_name exists"
  else
    run useradd --system --user-group --home-dir "$state_dir" --no-create-home --shell /usr/sbin/nologin "$user_name"
  fi
  for group in "${SERVICE_GROUPS[@]}"; do
    user_in_group "$group" || missing_groups+=("$group")
  done
  if [ ${#missing_groups[@]} -eq 0 ]; then
    ok "$user_name is in ${SERVICE_GROUPS[*]}"
  else
    run usermod -a -G "$(join_by , "${missing_groups[@]}")" "$user_name"
  fi
}

copy_project() {
  step "Project files in $prefix"
  local dest=$root$prefix exclude diff_excludes=() rsync_excludes=()
  if [ -d "$dest" ] && [ "$(cd "$dest" && pwd -P)" = "$source_dir" ]; then
    ok "installing in place: the project already is $prefix"
    return 0
  fi
  for exclude in "${COPY_EXCLUDES[@]}"; do
    diff_excludes+=(-x "$exclude")
    rsync_excludes+=(--exclude "$exclude")
  done
  if [ -d "$dest" ] && diff -rq "${diff_excludes[@]}" "$source_dir" "$dest" >/dev/null 2>&1; then
    ok "$prefix matches $source_dir"
    return 0
  fi
  project_changed=1
  run mkdir -p "$dest"
  # Owned by root and read-only to the service: the app cannot rewrite its own code.
  run rsync -a --delete --chown=root:root --chmod=go-w,a+rX "${rsync_excludes[@]}" "$source_dir/" "$dest/"
}

install_python_environment() {
  step "Python environment $prefix/.venv"
  local venv=$prefix/.venv key stamp
  if [ -x "$root$venv/bin/python" ]; then
    ok "$venv exists"
  else
    run python3 -m venv "$venv"
  fi
  # Reinstall when pyproject.toml changes (like the Makefile); the install is editable, so code updates need none.
  key=$(cksum <"$source_dir/pyproject.toml" | cut -d' ' -f1)
  stamp=$venv/.installed-$key
  if [ -e "$root$stamp" ]; then
    ok "dependencies installed for this pyproject.toml"
  else
    run "$venv/bin/python" -m pip install -q --upgrade pip
    run "$venv/bin/python" -m pip install -q -e "${prefix}[pi]"
    run find "$venv" -maxdepth 1 -name '.installed-*' -delete
    run touch "$stamp"
  fi

  # The service cannot write to the prefix: compile the translations and the bytecode now.
  stamp=$venv/.compiled
  if ((!project_changed)) && [ -e "$root$stamp" ] && [ -z "$(find "$root$prefix/companion" \( -name '*.py' -o -name '*.po' \) -newer "$root$stamp" -print -quit 2>/dev/null)" ]; then
    ok "translations and bytecode are compiled"
  else
    run "$venv/bin/python" -m companion.locale.build
    run "$venv/bin/python" -m compileall -q "$prefix/companion"
    run touch "$stamp"
  fi
}

prepare_state_dir() {
  step "State directory $state_dir"
  local group dir owner
  group=$(primary_group)
  for dir in "$state_dir" "$state_dir/kivy" "$state_dir/data" "$state_dir/cache"; do
    if [ -d "$root$dir" ]; then
      owner=$(stat -c %U "$root$dir")
      if [ "$owner" = "$user_name" ]; then ok "$dir"; else run chown "$user_name:$group" "$root$dir"; fi
    else
      run install -d -o "$user_name" -g "$group" -m 0750 "$root$dir"
    fi
  done
  say "display: $display"
  write_file "$state_dir/kivy/config.ini" 0644 "$user_name" "$group" "$(render_kivy_config "$display")"
}

install_config_file() {
  step "Configuration file /etc/companion/config.toml"
  local example=$source_dir/config/companion.example.toml
  if [ -e "$root/etc/companion/config.toml" ]; then
    ok "/etc/companion/config.toml exists: kept as it is"
  elif [ -r "$example" ]; then
    run install -D -m 0644 "$example" "$root/etc/companion/config.toml"
  else
    warn "$example is missing: the app runs on its defaults until /etc/companion/config.toml exists"
  fi
}

install_service() {
  step "Service $UNIT_NAME"
  local unit_path=/etc/systemd/system/$UNIT_NAME before=""
  [ -f "$root$unit_path" ] && before=$(cat "$root$unit_path")
  write_file "$unit_path" 0644 root root "$(render_unit)"
  if [ "$before" != "$(render_unit)" ] && [ -z "$root" ] && [ -d /run/systemd/system ]; then
    run systemctl daemon-reload
  fi
  if systemctl_offline is-enabled --quiet "$UNIT_NAME" 2>/dev/null; then
    ok "$UNIT_NAME is enabled"
  else
    run systemctl --root="${root:-/}" enable "$UNIT_NAME"
  fi
  # The app takes tty1 at boot; the login prompt there would only fight it for the screen (SSH and the other
  # consoles, Ctrl+Alt+F2, still log in).
  if systemctl_offline is-enabled --quiet getty@tty1.service 2>/dev/null; then
    run systemctl --root="${root:-/}" disable getty@tty1.service
  else
    ok "no login prompt on tty1"
  fi
}

configure_boot() {
  step "Boot options"
  local cmdline
  if ! cmdline=$(boot_cmdline_file); then
    warn "no /boot/firmware/cmdline.txt: add consoleblank=0 to the kernel command line by hand"
    return 0
  fi
  if grep -qw 'consoleblank=0' "$root$cmdline"; then
    ok "$cmdline has consoleblank=0 (the console never blanks)"
    return 0
  fi
  if [ ! -e "$root$cmdline.before-companion" ]; then
    run cp -p "$root$cmdline" "$root$cmdline.before-companion"
  fi
  # cmdline.txt is a single line: drop any other consoleblank= and append ours to that line.
  run sed -i -e '1s/[[:space:]]*consoleblank=[0-9]*//g' -e '1s/[[:space:]]*$/ consoleblank=0/' "$root$cmdline"
}

main() {
  parse_args "$@"
  display=$(resolve_display)
  case $print_what in
    unit) render_unit; return 0 ;;
    kivy-config) render_kivy_config "$display"; return 0 ;;
  esac
  ((dry_run)) && say "Dry run: nothing is changed; each step says what it would do."
  say "Installing the table companion from $source_dir"
  say "  user $user_name, prefix $prefix, state directory $state_dir"
  check_machine
  install_packages
  create_user
  copy_project
  install_python_environment
  prepare_state_dir
  install_config_file
  install_service
  configure_boot
  if ((dry_run)); then
    step "Dry run finished: nothing was changed"
  else
    step "Installed. Reboot to start the kiosk (or: sudo systemctl start $UNIT_NAME)"
  fi
}

main "$@"
