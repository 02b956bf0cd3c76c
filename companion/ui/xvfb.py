"""A private virtual screen (Xvfb) for running the real app without a display: the demo, the benchmarks and
the tests start it the same way."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

#: Big enough for every window size the app is checked at (800×480, 1280×800, 720×1280).
SCREEN = "1280x1280x24"
START_SECONDS = 20.0


class XvfbError(RuntimeError):
    """Xvfb is missing or did not start; the message says which."""


def start_xvfb(screen: str = SCREEN) -> tuple[subprocess.Popen[bytes], str]:
    """Starts Xvfb on a free display and returns it with its DISPLAY value (`-displayfd` tells the number)."""
    if shutil.which("Xvfb") is None:
        raise XvfbError("no Xvfb: install it (sudo apt-get install xvfb; make test does) or set DISPLAY")
    read_end, write_end = os.pipe()
    process = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp", "-noreset"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    number = b""
    while not number.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], START_SECONDS)
        chunk = os.read(read_end, 16) if ready else b""
        if not chunk:
            break
        number += chunk
    os.close(read_end)
    if not number.strip():
        process.kill()
        raise XvfbError("the virtual screen (Xvfb) did not start")
    return process, f":{number.decode().strip()}"


def stop_xvfb(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def virtual_screen(screen: str = SCREEN) -> Iterator[str]:
    """A virtual screen for the length of the block; yields its DISPLAY value."""
    process, display = start_xvfb(screen)
    try:
        yield display
    finally:
        stop_xvfb(process)
