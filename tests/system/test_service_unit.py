"""The kiosk's systemd unit: valid for systemd itself, sandboxed, and rendered right for each install."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.system.conftest import UNIT, run_installer


def render_unit(*args: str) -> str:
    """The unit as the installer renders it; for an HDMI screen unless the arguments name a display."""
    display = () if "--display" in args else ("--display", "hdmi")
    result = run_installer("--print-unit", *display, *args)
    assert result.returncode == 0, result.stderr
    return result.stdout


def directives(unit_text: str) -> dict[str, list[str]]:
    """Every `Key=value` of the unit, values in order (systemd keys repeat: Environment=, DeviceAllow=...)."""
    found: dict[str, list[str]] = {}
    for line in unit_text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        found.setdefault(key, []).append(value)
    return found


def environment(unit_text: str) -> dict[str, str]:
    variables: dict[str, str] = {}
    for value in directives(unit_text).get("Environment", []):
        for assignment in value.split():
            name, _, setting = assignment.partition("=")
            variables[name] = setting
    return variables


def installed_unit(tmp_path: Path, *args: str) -> Path:
    """The unit as the installer would write it for a prefix under `tmp_path`, with a stand-in interpreter so
    systemd can check that ExecStart= points at an executable."""
    prefix = tmp_path / "opt" / "companion"
    python = prefix / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\nexit 0\n")
    python.chmod(0o755)
    unit = tmp_path / "companion.service"
    unit.write_text(render_unit("--prefix", str(prefix), *args))
    return unit


@pytest.mark.parametrize(
    "state_args",
    [
        pytest.param((), id="state-in-var-lib"),
        pytest.param(("--state-dir", "/srv/companion"), id="state-on-own-partition"),
        pytest.param(("--display", "dsi2-720x1280"), id="touch-display-2"),
    ],
)
def test_systemd_analyze_verify_accepts_the_unit_without_a_warning(
    tmp_path: Path, state_args: tuple[str, ...], systemd_analyze: str
) -> None:
    unit = installed_unit(tmp_path, *state_args)
    result = subprocess.run(
        [systemd_analyze, "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Unknown or misspelt keys are only warnings to systemd: any output at all is a defect here.
    assert (result.stdout + result.stderr).strip() == ""


def test_systemd_analyze_verify_catches_a_broken_unit(tmp_path: Path, systemd_analyze: str) -> None:
    """The verify test above would notice a mistake: a misspelt key is reported."""
    unit = installed_unit(tmp_path)
    unit.write_text(unit.read_text().replace("NoNewPrivileges=yes", "NoNewPrivilege=yes"))
    result = subprocess.run(
        [systemd_analyze, "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )
    assert "NoNewPrivilege" in result.stdout + result.stderr


def test_security_review_lists_the_hardening_and_reports_the_exposure(tmp_path: Path, systemd_analyze: str) -> None:
    unit = installed_unit(tmp_path)
    review = subprocess.run(
        [systemd_analyze, "security", "--offline=yes", "--json=short", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    passed = {check["name"] for check in json.loads(review.stdout) if check["set"]}
    for setting in (
        "NoNewPrivileges=",
        "User=/DynamicUser=",
        "ProtectSystem=",
        "ProtectHome=",
        "PrivateTmp=",
        "ProtectKernelTunables=",
        "ProtectKernelModules=",
        "ProtectKernelLogs=",
        "ProtectControlGroups=",
        "RestrictRealtime=",
        "LockPersonality=",
        "SystemCallArchitectures=",
        "RestrictNamespaces=~user",
        "RestrictAddressFamilies=~AF_(INET|INET6)",
        "CapabilityBoundingSet=~CAP_SYS_ADMIN",
        "SystemCallFilter=~@privileged",
    ):
        assert setting in passed, f"systemd-analyze security: {setting} is not in force"

    summary = subprocess.run(
        [systemd_analyze, "security", "--offline=yes", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    exposure = re.search(r"Overall exposure level for \S+: ([0-9.]+) (\w+)", summary)
    assert exposure is not None, summary
    print(f"systemd-analyze security exposure: {exposure.group(1)} {exposure.group(2)}")


def test_unit_runs_the_app_full_screen_on_the_console_as_an_unprivileged_user() -> None:
    unit = directives(UNIT.read_text())
    assert unit["Type"] == ["simple"]
    assert unit["User"] == ["companion"]
    assert set(unit["SupplementaryGroups"][0].split()) >= {"video", "render", "input", "gpio", "dialout"}
    assert unit["ExecStart"] == ["/opt/companion/.venv/bin/python -m companion run --fullscreen"]
    assert unit["Restart"] == ["on-failure"]
    assert unit["StartLimitBurst"] and unit["StartLimitIntervalSec"] and unit["RestartSec"]
    assert unit["TTYPath"] == ["/dev/tty1"]
    assert "getty@tty1.service" in unit["Conflicts"][0].split()
    assert unit["StandardOutput"] == ["journal"]
    # Blanking off: failure of the pre-start command (no setterm) must not stop the kiosk.
    assert any(line.startswith("-") and "setterm" in line and "--blank 0" in line for line in unit["ExecStartPre"])
    env = environment(UNIT.read_text())
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KIVY_WINDOW"] == "sdl2" and env["KIVY_GL_BACKEND"] == "sdl2"
    # Kivy reads the touchscreen; a mouse click made up by SDL from the same touch would press buttons twice.
    assert env["SDL_TOUCH_MOUSE_EVENTS"] == "0"
    allowed = " ".join(unit["DeviceAllow"])
    for device in ("char-drm", "char-input", "char-gpiochip", "char-ttyACM", "char-ttyUSB", "/dev/vchiq", "/dev/tty1"):
        assert device in allowed
    # Mesa's JIT needs writable+executable memory: turning this on would break rendering on some Pis.
    assert "MemoryDenyWriteExecute" not in unit


def test_unit_can_write_only_to_the_state_directory_and_usb_sticks() -> None:
    text = UNIT.read_text()
    unit = directives(text)
    assert unit["ProtectSystem"] == ["strict"]
    assert unit["StateDirectory"] == ["companion"]
    # The state directory, and removable drives (optional: "-") for Home's export of a game.
    assert unit["ReadWritePaths"] == ["/var/lib/companion", "-/media -/mnt"]
    env = environment(text)
    assert env["COMPANION_STATE_DIR"] == "/var/lib/companion"
    # Everything the app or Kivy writes lands inside the state directory.
    for name in ("COMPANION_DATA_DIR", "KIVY_HOME", "HOME", "XDG_CACHE_HOME"):
        assert env[name].startswith("/var/lib/companion"), name


def test_rendering_substitutes_prefix_user_and_a_state_directory_on_its_own_partition() -> None:
    text = render_unit("--prefix", "/srv/app", "--user", "kiosk", "--state-dir", "/srv/companion")
    unit = directives(text)
    assert "/opt/companion" not in text and "/var/lib/companion" not in text
    assert unit["User"] == ["kiosk"]
    assert unit["ExecStart"] == ["/srv/app/.venv/bin/python -m companion run --fullscreen"]
    assert unit["WorkingDirectory"] == ["/srv/app"]
    # Outside /var/lib the directory is not systemd's StateDirectory=: writable by ReadWritePaths=, and the
    # service waits for its partition to be mounted.
    assert "StateDirectory" not in unit
    assert unit["ReadWritePaths"] == ["/srv/companion", "-/media -/mnt"]
    assert unit["RequiresMountsFor"] == ["/srv/companion"]
    assert environment(text)["COMPANION_STATE_DIR"] == "/srv/companion"


def test_rendering_with_the_defaults_is_the_shipped_unit() -> None:
    assert render_unit() == UNIT.read_text()


@pytest.mark.parametrize(("display", "size"), [("dsi-800x480", "800x480"), ("dsi2-720x1280", "720x1280")])
def test_a_dsi_panel_gives_the_app_its_size(display: str, size: str) -> None:
    """`companion run --size` sizes touch targets by the panel's pixel density."""
    unit = directives(render_unit("--display", display))
    assert unit["ExecStart"] == [f"/opt/companion/.venv/bin/python -m companion run --fullscreen --size {size}"]
