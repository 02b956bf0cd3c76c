"""A USB LED controller played by the host-run firmware behind a pseudo-terminal.

The app opens a stable path (a symlink, as `/dev/serial/by-id/...` is); unplugging closes the pty, plugging
in again makes a new one and points the symlink at it, as udev does for a real device.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from .firmware import hostrun, lightctl, lightproto


class PtyController:
    def __init__(self, link: Path, leds: int = 40, name: str = "pico on a pty", version: int = 1) -> None:
        self.link = link
        self.leds = leds
        self.name = name
        self.version = version
        self.controller: lightctl.LedController | None = None
        #: Every packet received, as (kind, wire length in bytes), in order; -1/-2: refused ones.
        self.received: list[tuple[int, int]] = []
        self.corrupt_next = False
        self.mute = False
        self._cond = threading.Condition()
        self._fds: tuple[int, int] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def plug(self) -> None:
        master, slave, path = hostrun.open_pty()
        self._fds = (master, slave)
        self.controller = lightctl.LedController(self.leds, self.name, version=self.version)
        self._stop = threading.Event()
        temporary = self.link.with_name(self.link.name + ".new")
        os.symlink(path, temporary)
        os.replace(temporary, self.link)
        self._thread = threading.Thread(
            target=hostrun.serve,
            args=(master, self.controller, self._stop, self._notify, self._tamper),
            name="pty-controller",
            daemon=True,
        )
        self._thread.start()

    def unplug(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self._fds is not None:
            for fd in self._fds:
                os.close(fd)
        self._fds = None

    def say(self, data: bytes) -> None:
        """Bytes from the controller to the app, e.g. garbage on the line."""
        assert self._fds is not None
        os.write(self._fds[0], data)

    def wait_for(self, predicate: Callable[[lightctl.LedController], bool], timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self.controller is not None and predicate(self.controller), timeout)

    def looks(self) -> list[tuple[int, ...]]:
        assert self.controller is not None
        return [self.controller.look(i) for i in range(self.leds)]

    def _tamper(self, data: bytes) -> bytes:
        if self.mute:
            return b""
        if self.corrupt_next and len(data) > 4:
            self.corrupt_next = False
            data = flip_a_data_bit(data)
        for chunk in data.split(b"\x00")[:-1] if data.endswith(b"\x00") else []:
            if chunk:
                kind = lightproto.Decoder().feed(chunk + b"\x00")[0][0]
                self.received.append((kind, len(chunk) + 1))
        return data

    def _notify(self, controller: lightctl.LedController) -> None:
        with self._cond:
            self._cond.notify_all()


def flip_a_data_bit(wire: bytes) -> bytes:
    """Line noise the framing cannot see: one bit of the first packet's payload or checksum flipped, leaving
    COBS code bytes and delimiters alone, so the packet arrives whole and only its checksum tells."""
    end = wire.index(0)
    codes, i = set(), 0
    while i < end:
        codes.add(i)
        i += wire[i]
    target = max(j for j in range(end) if j not in codes)
    flipped = wire[target] ^ (0x01 if wire[target] != 0x01 else 0x02)
    return wire[:target] + bytes((flipped,)) + wire[target + 1 :]
