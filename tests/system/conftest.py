"""Shared pieces of the system tests: the installer run in dry-run mode against a fake root, and the tools. The slow
module is named here and marked `slow`, so `make test-fast` leaves it out; `make test` runs it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from companion.paths import ROOT
from tests.marks import mark_modules

HERE = Path(__file__).resolve().parent

#: Slow modules, with what they cost.
SLOW = {
    "test_docs_commands.py": (
        "every command of the docs in a fresh checkout with its own venv, the demos left to their UI tests and the "
        "benchmarks in quick mode: 179 s (102 s of processor) at a load of 2 to 3; about four minutes before"
    ),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_modules(items, HERE, SLOW, pytest.mark.slow)


INSTALLER = ROOT / "systemd" / "install-pi.sh"
UNIT = ROOT / "systemd" / "companion.service"


def run_installer(*args: str, root: Path | None = None, script: Path = INSTALLER) -> subprocess.CompletedProcess[str]:
    """Runs the installer; with `root`, every system file it reads or writes is under that directory."""
    env = dict(os.environ)
    env.pop("COMPANION_INSTALL_ROOT", None)
    if root is not None:
        env["COMPANION_INSTALL_ROOT"] = str(root)
    return subprocess.run(
        ["bash", str(script), *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def sections(output: str) -> dict[str, list[str]]:
    """The installer's output split by step ("==> title" lines)."""
    found: dict[str, list[str]] = {"": []}
    current = ""
    for line in output.splitlines():
        if line.startswith("==> "):
            current = line[4:]
            found[current] = []
        elif line.strip():
            found[current].append(line)
    return found


def make_fake_root(base: Path, *, dsi_mode: str | None = "800x480", mounts: str | None = None) -> Path:
    """A directory standing for / on a Raspberry Pi 5 with Bookworm, as the installer sees it."""
    root = base / "root"
    (root / "etc").mkdir(parents=True)
    (root / "etc" / "os-release").write_text(
        'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\n'
    )
    (root / "etc" / "systemd" / "system").mkdir(parents=True)
    (root / "proc" / "device-tree").mkdir(parents=True)
    (root / "proc" / "device-tree" / "model").write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    (root / "proc" / "mounts").write_text(
        mounts
        if mounts is not None
        else "/dev/mmcblk0p2 / ext4 rw,noatime 0 0\n/dev/mmcblk0p1 /boot/firmware vfat rw,relatime 0 0\n"
    )
    (root / "proc" / "cmdline").write_text("console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 rootwait\n")
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "cmdline.txt").write_text(
        "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 fsck.repair=yes rootwait\n"
    )
    drm = root / "sys" / "class" / "drm"
    drm.mkdir(parents=True)
    hdmi = drm / "card1-HDMI-A-1"
    hdmi.mkdir()
    (hdmi / "status").write_text("disconnected\n")
    (hdmi / "modes").write_text("")
    if dsi_mode is not None:
        dsi = drm / "card1-DSI-1"
        dsi.mkdir()
        (dsi / "status").write_text("connected\n")
        (dsi / "modes").write_text(f"{dsi_mode}\n")
    return root


def snapshot(directory: Path) -> dict[str, tuple[str, bytes, int, int]]:
    """Every entry under `directory` with its kind, content (or link target), mode and modification time."""
    found: dict[str, tuple[str, bytes, int, int]] = {}
    for path in sorted(directory.rglob("*")):
        info = path.lstat()
        if path.is_symlink():
            found[str(path.relative_to(directory))] = ("link", os.readlink(path).encode(), info.st_mode, 0)
        elif path.is_dir():
            found[str(path.relative_to(directory))] = ("dir", b"", info.st_mode, info.st_mtime_ns)
        else:
            found[str(path.relative_to(directory))] = ("file", path.read_bytes(), info.st_mode, info.st_mtime_ns)
    return found
