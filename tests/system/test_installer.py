"""The Pi installer: lint-clean, a dry run that changes nothing, steps that look before they act, and the
facts it reads from the machine (display, overlay root, boot command line)."""

from __future__ import annotations

import os
import pwd
import shlex
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.paths import ROOT
from tests.system.conftest import INSTALLER, make_fake_root, run_installer, sections, snapshot

#: Steps whose outcome depends on the machine running the tests (its Debian packages, users and groups).
HOST_DEPENDENT_STEPS = ("Debian packages", "User ")
#: A user name no test machine has.
NEW_USER = "cmp-kiosk-test"


def current_user() -> str:
    return pwd.getpwuid(os.getuid()).pw_name


def would_lines(output: str) -> dict[str, list[str]]:
    """The "would:" lines of each step, leaving out the steps that depend on the host."""
    return {
        title: [line for line in lines if line.startswith("would:")]
        for title, lines in sections(output).items()
        if not title.startswith(HOST_DEPENDENT_STEPS) and any(line.startswith("would:") for line in lines)
    }


def test_installer_passes_shellcheck(shellcheck: str) -> None:
    result = subprocess.run(
        [shellcheck, "--severity=style", "--shell=bash", str(INSTALLER)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_installer_is_executable_bash_in_strict_mode() -> None:
    text = INSTALLER.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text
    assert os.access(INSTALLER, os.X_OK)


def test_dry_run_on_a_fresh_pi_prints_every_step_and_changes_nothing(tmp_path: Path) -> None:
    root = make_fake_root(tmp_path)
    before = snapshot(root)
    host_unit = Path("/etc/systemd/system/companion.service")
    host_unit_before = host_unit.read_bytes() if host_unit.exists() else None

    result = run_installer("--dry-run", "--user", NEW_USER, root=root)

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert snapshot(root) == before
    assert (host_unit.read_bytes() if host_unit.exists() else None) == host_unit_before
    assert "Dry run finished: nothing was changed" in out
    expected = [
        "would: useradd --system --user-group --home-dir /var/lib/companion --no-create-home "
        f"--shell /usr/sbin/nologin {NEW_USER}",
        f"would: usermod -a -G video,render,input,gpio,dialout,audio {NEW_USER}",
        "would: rsync -a --delete --chown=root:root --chmod=go-w,a+rX",
        f"{root}/opt/companion/",
        "would: python3 -m venv /opt/companion/.venv",
        r"would: /opt/companion/.venv/bin/python -m pip install -q -e /opt/companion\[pi\]",
        "would: /opt/companion/.venv/bin/python -m companion.locale.build",
        "would: /opt/companion/.venv/bin/python -m compileall -q /opt/companion/companion",
        f"would: install -d -o {NEW_USER} -g {NEW_USER} -m 0750 {root}/var/lib/companion",
        "display: dsi-800x480",
        "would: write /var/lib/companion/kivy/config.ini",
        "would: write /etc/systemd/system/companion.service",
        f"would: systemctl --root={root} enable companion.service",
        "would: sed -i",
        f"{root}/boot/firmware/cmdline.txt",
    ]
    for fragment in expected:
        assert fragment in out, fragment
    # Debian packages: either all present already, or installed with apt-get.
    packages = sections(out)["Debian packages"]
    assert packages[0].startswith("ok: all installed") or any("apt-get install" in line for line in packages)
    # Nothing in the dry run ran for real: every action is a "would:" line.
    assert "doing:" not in out


def test_dry_run_copies_the_example_config_only_when_there_is_none(tmp_path: Path) -> None:
    root = make_fake_root(tmp_path)
    example = ROOT / "config" / "companion.example.toml"
    result = run_installer("--dry-run", root=root)
    config_step = sections(result.stdout)["Configuration file /etc/companion/config.toml"]
    if example.exists():
        assert config_step == [f"would: install -D -m 0644 {example} {root}/etc/companion/config.toml"]
    else:
        assert "config/companion.example.toml is missing" in result.stderr

    (root / "etc" / "companion").mkdir()
    (root / "etc" / "companion" / "config.toml").write_text("# the café's own settings\n")
    result = run_installer("--dry-run", root=root)
    config_step = sections(result.stdout)["Configuration file /etc/companion/config.toml"]
    assert config_step == ["ok: /etc/companion/config.toml exists: kept as it is"]


# --- Idempotence: an installed machine gives "ok" everywhere, and each change wakes exactly its step --------


def installed_machine(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """A small project with the real installer, and a fake root where it is fully installed already.

    Returns (fake root, the installer inside the project, the installer's arguments)."""
    project = tmp_path / "project"
    (project / "systemd").mkdir(parents=True)
    for name in ("install-pi.sh", "companion.service"):
        shutil.copy2(ROOT / "systemd" / name, project / "systemd" / name)
    shutil.copy2(ROOT / "pyproject.toml", project / "pyproject.toml")
    (project / "config").mkdir()
    (project / "config" / "companion.example.toml").write_text('[general]\nlanguage = "en"\n')
    (project / "companion").mkdir()
    (project / "companion" / "__init__.py").write_text('"""The package."""\n')
    script = project / "systemd" / "install-pi.sh"

    root = make_fake_root(tmp_path)
    user = current_user()
    args = ["--dry-run", "--user", user]

    prefix = root / "opt" / "companion"
    shutil.copytree(project, prefix)
    venv_python = prefix / ".venv" / "bin" / "python"
    venv_python.parent.mkdir(parents=True)
    venv_python.write_text("#!/bin/sh\n")
    venv_python.chmod(0o755)
    key = subprocess.run(
        ["cksum"], stdin=(project / "pyproject.toml").open("rb"), capture_output=True, text=True, check=True
    ).stdout.split()[0]
    (prefix / ".venv" / f".installed-{key}").touch()
    compiled = prefix / ".venv" / ".compiled"
    compiled.touch()
    later = (prefix / "companion" / "__init__.py").stat().st_mtime_ns + 10_000_000_000
    os.utime(compiled, ns=(later, later))

    state = root / "var" / "lib" / "companion"
    for sub in ("kivy", "data", "cache"):
        (state / sub).mkdir(parents=True, exist_ok=True)
    kivy_config = run_installer("--print-kivy-config", *args, root=root, script=script)
    (state / "kivy" / "config.ini").write_text(kivy_config.stdout)

    (root / "etc" / "companion").mkdir()
    (root / "etc" / "companion" / "config.toml").write_text("# the café's own settings\n")
    unit = run_installer("--print-unit", *args, root=root, script=script)
    (root / "etc" / "systemd" / "system" / "companion.service").write_text(unit.stdout)
    wants = root / "etc" / "systemd" / "system" / "multi-user.target.wants"
    wants.mkdir()
    (wants / "companion.service").symlink_to("/etc/systemd/system/companion.service")
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text(cmdline.read_text().rstrip("\n") + " consoleblank=0\n")
    return root, script, args


def test_second_run_on_an_installed_machine_has_nothing_to_do(tmp_path: Path) -> None:
    root, script, args = installed_machine(tmp_path)
    result = run_installer(*args, root=root, script=script)
    assert result.returncode == 0, result.stderr
    assert would_lines(result.stdout) == {}
    out = result.stdout
    for fragment in (
        "ok: /opt/companion matches",
        "ok: /opt/companion/.venv exists",
        "ok: dependencies installed for this pyproject.toml",
        "ok: translations and bytecode are compiled",
        "ok: /var/lib/companion/kivy/config.ini is up to date",
        "ok: /etc/companion/config.toml exists: kept as it is",
        "ok: /etc/systemd/system/companion.service is up to date",
        "ok: companion.service is enabled",
        "ok: no login prompt on tty1",
        "ok: /boot/firmware/cmdline.txt has consoleblank=0",
    ):
        assert fragment in out, fragment


def edit_unit(root: Path) -> None:
    unit = root / "etc" / "systemd" / "system" / "companion.service"
    unit.write_text(unit.read_text().replace("RestartSec=3", "RestartSec=30"))


def remove_kivy_config(root: Path) -> None:
    (root / "var" / "lib" / "companion" / "kivy" / "config.ini").unlink()


def change_project_file(root: Path) -> None:
    (root / "opt" / "companion" / "companion" / "__init__.py").write_text('"""An older version."""\n')


def touch_source_after_compiling(root: Path) -> None:
    source = root / "opt" / "companion" / "companion" / "__init__.py"
    later = (root / "opt" / "companion" / ".venv" / ".compiled").stat().st_mtime_ns + 10_000_000_000
    os.utime(source, ns=(later, later))


def forget_dependencies(root: Path) -> None:
    for stamp in (root / "opt" / "companion" / ".venv").glob(".installed-*"):
        stamp.unlink()


def disable_service(root: Path) -> None:
    (root / "etc" / "systemd" / "system" / "multi-user.target.wants" / "companion.service").unlink()


def enable_login_on_tty1(root: Path) -> None:
    system = root / "etc" / "systemd" / "system"
    (system / "getty@.service").write_text(
        "[Unit]\nDescription=Getty on %I\n[Service]\nExecStart=/sbin/agetty %I\n"
        "[Install]\nWantedBy=getty.target\nDefaultInstance=tty1\n"
    )
    (system / "getty.target.wants").mkdir()
    (system / "getty.target.wants" / "getty@tty1.service").symlink_to("/etc/systemd/system/getty@.service")


def blank_console_again(root: Path) -> None:
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text(cmdline.read_text().replace("consoleblank=0", "consoleblank=600"))


def remove_state_directory(root: Path) -> None:
    shutil.rmtree(root / "var" / "lib" / "companion" / "cache")


PROJECT_STEP = "Project files in /opt/companion"
PYTHON_STEP = "Python environment /opt/companion/.venv"
STATE_STEP = "State directory /var/lib/companion"
SERVICE_STEP = "Service companion.service"


@pytest.mark.parametrize(
    ("change", "actions"),
    [
        (edit_unit, {SERVICE_STEP: "would: write /etc/systemd/system/companion.service"}),
        (disable_service, {SERVICE_STEP: "enable companion.service"}),
        (enable_login_on_tty1, {SERVICE_STEP: "disable getty@tty1.service"}),
        (remove_kivy_config, {STATE_STEP: "would: write /var/lib/companion/kivy/config.ini"}),
        (remove_state_directory, {STATE_STEP: "/var/lib/companion/cache"}),
        # New code is copied, then compiled (the service cannot write bytecode itself).
        (change_project_file, {PROJECT_STEP: "would: rsync -a --delete", PYTHON_STEP: "compileall"}),
        (touch_source_after_compiling, {PYTHON_STEP: "compileall"}),
        (forget_dependencies, {PYTHON_STEP: "pip install -q -e"}),
        (blank_console_again, {"Boot options": "would: sed -i"}),
    ],
    ids=lambda value: value.__name__ if callable(value) else "",
)
def test_each_step_acts_only_on_what_changed(
    tmp_path: Path, change: Callable[[Path], None], actions: dict[str, str]
) -> None:
    root, script, args = installed_machine(tmp_path)
    change(root)
    result = run_installer(*args, root=root, script=script)
    assert result.returncode == 0, result.stderr
    acting = would_lines(result.stdout)
    assert sorted(acting) == sorted(actions), acting
    for step, action in actions.items():
        assert any(action in line for line in acting[step]), acting[step]


# --- What the installer reads from the machine --------------------------------------------------------------


@pytest.mark.parametrize(
    ("dsi_mode", "display", "size"),
    [("800x480", "dsi-800x480", ("800", "480")), ("720x1280", "dsi2-720x1280", ("720", "1280")), (None, "hdmi", None)],
)
def test_display_is_detected_from_sysfs(
    tmp_path: Path, dsi_mode: str | None, display: str, size: tuple[str, str] | None
) -> None:
    root = make_fake_root(tmp_path, dsi_mode=dsi_mode)
    result = run_installer("--print-kivy-config", root=root)
    assert result.returncode == 0, result.stderr
    assert f"(display: {display})" in result.stdout
    if size is not None:
        assert f"width = {size[0]}\n" in result.stdout and f"height = {size[1]}\n" in result.stdout


def test_a_disconnected_dsi_connector_is_not_the_display(tmp_path: Path) -> None:
    root = make_fake_root(tmp_path, dsi_mode="800x480")
    (root / "sys" / "class" / "drm" / "card1-DSI-1" / "status").write_text("disconnected\n")
    result = run_installer("--print-kivy-config", root=root)
    assert "(display: hdmi)" in result.stdout


def test_the_display_flag_wins_over_detection(tmp_path: Path) -> None:
    root = make_fake_root(tmp_path, dsi_mode="800x480")
    result = run_installer("--print-kivy-config", "--display", "dsi2-720x1280", root=root)
    assert "(display: dsi2-720x1280)" in result.stdout


def test_an_unknown_dsi_panel_gets_the_touchscreen_settings_and_a_warning(tmp_path: Path) -> None:
    root = make_fake_root(tmp_path, dsi_mode="1024x600")
    result = run_installer("--print-kivy-config", root=root)
    assert "(display: dsi-800x480)" in result.stdout
    assert "1024x600" in result.stderr


def test_overlay_root_is_detected_and_a_state_directory_on_it_is_warned_about(tmp_path: Path) -> None:
    root = make_fake_root(
        tmp_path,
        mounts="overlayroot / overlay rw,relatime,lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay 0 0\n"
        "/dev/mmcblk0p1 /boot/firmware vfat ro,relatime 0 0\n",
    )
    result = run_installer("--dry-run", root=root)
    assert result.returncode == 0, result.stderr
    assert "the overlay file system is active: a real install would stop here" in result.stderr
    assert "/var/lib/companion is on the root file system: every game would be lost" in result.stderr


def test_overlay_enabled_for_next_boot_with_state_on_its_own_partition_is_fine(tmp_path: Path) -> None:
    root = make_fake_root(
        tmp_path,
        mounts="/dev/mmcblk0p2 / ext4 rw 0 0\n/dev/mmcblk0p3 /srv/companion ext4 rw,noatime 0 0\n",
    )
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text("boot=overlay " + cmdline.read_text())
    result = run_installer("--dry-run", "--state-dir", "/srv/companion", root=root)
    assert "ok: state directory /srv/companion is on its own mount (/srv/companion)" in result.stdout
    assert "lost" not in result.stderr

    result = run_installer("--dry-run", root=root)
    assert "/var/lib/companion is on the root file system: every game would be lost" in result.stderr


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "console=tty1 root=PARTUUID=4e639091-02 rootwait\n",
            "console=tty1 root=PARTUUID=4e639091-02 rootwait consoleblank=0\n",
        ),
        ("console=tty1 consoleblank=600 rootwait  \n", "console=tty1 rootwait consoleblank=0\n"),
    ],
)
def test_the_boot_command_line_edit_keeps_one_line_with_consoleblank_0(
    tmp_path: Path, line: str, expected: str
) -> None:
    """Runs the very command the dry run prints on a copy of cmdline.txt."""
    root = make_fake_root(tmp_path)
    cmdline = root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text(line)
    result = run_installer("--dry-run", root=root)
    (command,) = [entry for entry in sections(result.stdout)["Boot options"] if entry.startswith("would: sed")]
    assert f"would: cp -p {cmdline} {cmdline}.before-companion" in result.stdout
    argv = shlex.split(command.removeprefix("would: "))
    assert argv[-1] == str(cmdline)
    subprocess.run(argv, check=True, timeout=30)
    assert cmdline.read_text() == expected


def test_dry_run_as_a_test_root_is_required(tmp_path: Path) -> None:
    """With a fake root, only the dry run and the print modes run: nothing can touch the real system."""
    root = make_fake_root(tmp_path)
    before = snapshot(root)
    result = run_installer("--user", NEW_USER, root=root)
    assert result.returncode == 1
    assert "COMPANION_INSTALL_ROOT is for tests" in result.stderr
    assert snapshot(root) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--display", "vga"), "--display vga: expected auto, dsi-800x480, dsi2-720x1280 or hdmi"),
        (("--touch", "wacom"), "--touch wacom: expected mtdev or hidinput"),
        (("--prefix", "opt/companion"), "--prefix opt/companion: use an absolute path"),
        (("--state-dir", "/srv/my games"), "--state-dir /srv/my games: use an absolute path"),
        (("--user", "Root Admin"), "--user Root Admin: use a lower-case system user name"),
        (("--frobnicate",), "unknown option --frobnicate"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(args: tuple[str, ...], message: str) -> None:
    result = run_installer("--dry-run", *args)
    assert result.returncode == 1
    assert message in result.stderr


def test_help_describes_every_option() -> None:
    result = run_installer("--help")
    assert result.returncode == 0
    for option in ("--dry-run", "--user", "--prefix", "--state-dir", "--display", "--touch", "--print-unit"):
        assert option in result.stdout
