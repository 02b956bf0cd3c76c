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


#: The config file's `[general] state_dir`, set by the app once it has read its config (`use_state_dir`).
_configured_state_dir: Path | None = None


def use_state_dir(path: Path | None) -> None:
    """Takes the config file's state directory (None: the default); `COMPANION_STATE_DIR` still wins."""
    global _configured_state_dir
    _configured_state_dir = path


def state_dir() -> Path:
    """The writable directory for the game database and backups.

    `COMPANION_STATE_DIR` wins (the kiosk service points it at a path that survives a read-only root), then
    the config file's `[general] state_dir`, then the platform's state directory.
    """
    override = os.environ.get("COMPANION_STATE_DIR")
    if override:
        return Path(override)
    if _configured_state_dir is not None:
        return _configured_state_dir
    return Path(platformdirs.user_state_dir(APP_NAME))


def user_data_dir() -> Path:
    """The writable directory for the card overlay (corrections a café makes to card data)."""
    override = os.environ.get("COMPANION_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    override = os.environ.get("COMPANION_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))
