"""Loads the controller's MicroPython modules under CPython, as the host-run firmware."""

from __future__ import annotations

import sys

from companion.paths import ROOT

FIRMWARE_DIR = ROOT / "hardware" / "firmware"
if str(FIRMWARE_DIR) not in sys.path:
    sys.path.insert(0, str(FIRMWARE_DIR))

import hostrun  # noqa: E402 (importable only once the firmware folder is on sys.path)
import lightctl  # noqa: E402 (importable only once the firmware folder is on sys.path)
import lightproto  # noqa: E402 (importable only once the firmware folder is on sys.path)

__all__ = ["FIRMWARE_DIR", "hostrun", "lightctl", "lightproto"]
