"""The players' own choices made on the Settings screen (language, lights, screen awake, sounds).

They live in `config_dir()/ui-settings.json`, beside (and over) the installer's config file, which may be
read-only on a kiosk. Kivy-free: load and save run on the session worker, never in a frame.

The lights back-end is stored only when the players chose one (`lights_backend` None otherwise): the config
file's `[lights] backend` then applies. Files written before that (no `"version"`) stored the old default,
`"mirror"`, whenever anything at all was saved, so an old file's `"mirror"` is read as no choice; any other back-end
in an old file was a player's tap, since the default was the mirror, and is kept.
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
#: The file's format: 2 stores "no choice" for the lights as null.
FORMAT_VERSION = 2


@dataclass(frozen=True)
class UiSettings:
    language: str = "en"
    #: The back-end the players chose on the Settings screen; None: the config file's (or COMPANION_LIGHTS).
    lights_backend: str | None = None
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
    if not isinstance(data, dict):
        log.warning("ignoring settings file %s: not a JSON object", target)
        return base
    known = {f.name for f in fields(UiSettings)} - {"lights_backend"}
    values = {k: v for k, v in data.items() if k in known and isinstance(v, type(getattr(base, k)))}
    settings = replace(base, **values)
    if settings.language not in ("en", "fr"):
        settings = replace(settings, language=base.language)
    chosen = data.get("lights_backend")
    if "version" not in data and chosen == "mirror":
        chosen = None  # an old file's default, written whatever the players chose (see the module's docstring)
    return replace(settings, lights_backend=chosen if chosen in LIGHTS_BACKENDS else None)


def save_settings(settings: UiSettings, path: Path | None = None) -> None:
    """Written atomically, so a power cut leaves the old or the new file, never half, and two processes saving at
    once each install a whole file of theirs."""
    target = path or settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(target, json.dumps({"version": FORMAT_VERSION, **asdict(settings)}, indent=2))


def read_settings() -> UiSettings:
    """The Settings screen's choices over the config file's [general] section (both optional); the state
    directory the file names is used from now on. Run on the worker at start."""
    from companion import paths
    from companion.config import load_general_or_default

    general = load_general_or_default()  # a problem in the file is reported by the lights' full load
    paths.use_state_dir(general.state_dir)
    return load_settings(UiSettings(language=general.language, keep_awake=general.keep_awake, sounds=general.sounds))
