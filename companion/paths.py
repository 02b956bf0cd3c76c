"""Where things live: the shipped data beside the package, the user's state and overlay directories."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "companion"

#: The repository (or installed tree) root: `data/`, `kv/` and `hardware/` sit here beside `companion/`.
ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"
KV_DIR = ROOT / "kv"


def state_dir() -> Path:
    """The writable directory for the game database and backups.

    `COMPANION_STATE_DIR` wins (the kiosk service points it at a path that survives a read-only root).
    """
    override = os.environ.get("COMPANION_STATE_DIR")
    return Path(override) if override else Path(platformdirs.user_state_dir(APP_NAME))


def user_data_dir() -> Path:
    """The writable directory for the card overlay (corrections a café makes to card data)."""
    override = os.environ.get("COMPANION_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    override = os.environ.get("COMPANION_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))
