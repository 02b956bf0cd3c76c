"""The players' own choices made on the Settings screen (language, lights, screen awake, sounds).

They live in `config_dir()/ui-settings.json`, beside (and over) the installer's config file, which may be
read-only on a kiosk. Kivy-free: load and save run on the session worker, never in a frame.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from companion.files import write_atomically
from companion.paths import config_dir

log = logging.getLogger(__name__)

LIGHTS_BACKENDS: tuple[str, ...] = ("mirror", "gpio", "shift595", "serial")


@dataclass(frozen=True)
class UiSettings:
    language: str = "en"
    lights_backend: str = "mirror"
    keep_awake: bool = True
    sounds: bool = True

    def with_changes(self, **changes: Any) -> UiSettings:
        return replace(self, **changes)


def settings_path() -> Path:
    return config_dir() / "ui-settings.json"


def load_settings(defaults: UiSettings | None = None, path: Path | None = None) -> UiSettings:
    """The saved settings over `defaults`; a missing or unreadable file gives the defaults (and is logged)."""
    base = defaults or UiSettings()
    target = path or settings_path()
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return base
    except (OSError, ValueError) as error:
        log.warning("ignoring unreadable settings file %s: %s", target, error)
        return base
    known = {f.name: f.type for f in fields(UiSettings)}
    values = {k: v for k, v in data.items() if k in known and isinstance(v, type(getattr(base, k)))}
    settings = replace(base, **values)
    if settings.language not in ("en", "fr"):
        settings = replace(settings, language=base.language)
    if settings.lights_backend not in LIGHTS_BACKENDS:
        settings = replace(settings, lights_backend=base.lights_backend)
    return settings


def save_settings(settings: UiSettings, path: Path | None = None) -> None:
    """Written atomically, so a power cut leaves the old or the new file, never half, and two processes saving at
    once each install a whole file of theirs."""
    target = path or settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, json.dumps(asdict(settings), indent=2))
