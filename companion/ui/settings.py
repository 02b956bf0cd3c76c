"""The players' own choices made on the Settings screen (language, lights, screen awake, sounds).

They live in `config_dir()/ui-settings.json`, beside (and over) the installer's config file, which may be
read-only on a kiosk. Kivy-free: load and save run on the session worker, never in a frame.

Only what the players chose is stored: until they choose a setting in Settings, the config file's `[general]`
value (or the default) applies, and a later edit of the config file still counts. `UiSettings.chosen` names the
settings they chose; the lights back-end is None when nobody chose one (the config file's `[lights] backend` then
applies). Older files stored every setting whenever anything was saved:

- format 2 stored every setting as it stood: a value that is the default's or the config file's is read as no
  choice (it could have been written by a change of another setting), any other was a player's tap; the file is
  then written again in today's format, so that what was read as no choice stays so;
- files with no `"version"` also stored the lights' old default, `"mirror"`, which is read as no choice; any
  other back-end in an old file was a player's tap, since the default was the mirror, and is kept.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.files import write_atomically
from companion.paths import config_dir

log = logging.getLogger(__name__)

LIGHTS_BACKENDS: tuple[str, ...] = ("mirror", "gpio", "shift595", "serial")
#: The file's format: 2 stores "no choice" for the lights as null; 3 stores only the settings the players chose.
FORMAT_VERSION = 3
#: The settings a player chooses or leaves to the config file (the lights back-end has its own None).
CHOOSABLE: tuple[str, ...] = ("language", "keep_awake", "sounds")


@dataclass(frozen=True)
class UiSettings:
    """The settings in effect, and which of them the players chose (`chosen`) or the config file set
    (`configured`). Written out by hand (`chosen` left None), the values that differ from the defaults are the
    players' choices."""

    language: str = "en"
    #: The back-end the players chose on the Settings screen; None: the config file's (or COMPANION_LIGHTS).
    lights_backend: str | None = None
    keep_awake: bool = True
    sounds: bool = True
    chosen: frozenset[str] | None = None
    #: The settings the config file's `[general]` section sets (the others are the defaults).
    configured: frozenset[str] = field(default=frozenset())

    def __post_init__(self) -> None:
        if self.chosen is None:
            made = UiSettings(chosen=frozenset())
            differing = frozenset(key for key in CHOOSABLE if getattr(self, key) != getattr(made, key))
            object.__setattr__(self, "chosen", differing)

    def with_changes(self, **changes: Any) -> UiSettings:
        """The players' choices in Settings: each setting changed is theirs from now on."""
        chosen = (self.chosen or frozenset()) | (set(changes) & set(CHOOSABLE))
        return replace(self, **changes, chosen=frozenset(chosen))

    def for_this_run(self, **values: Any) -> UiSettings:
        """Values in effect until the app stops (`companion run --lang`), not the players' choice: never saved."""
        return replace(self, **values)

    def source(self, key: str) -> str:
        """Where a setting's value comes from: "chosen" (Settings), "file" (the config file) or "default"."""
        if key in (self.chosen or ()):
            return "chosen"
        return "file" if key in self.configured else "default"


def settings_path() -> Path:
    return config_dir() / "ui-settings.json"


def load_settings(defaults: UiSettings | None = None, path: Path | None = None) -> UiSettings:
    """The saved choices over `defaults` (the config file's values, nothing chosen); a missing or unreadable file
    gives the defaults (and is logged)."""
    base = replace(defaults or UiSettings(), chosen=frozenset())
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
    values = {k: v for k, v in data.items() if k in CHOOSABLE and isinstance(v, type(getattr(base, k)))}
    if values.get("language", "en") not in ("en", "fr"):
        del values["language"]
    version = data.get("version")
    if version != FORMAT_VERSION:  # every setting was written: only one no default or config file gives is a tap
        made = UiSettings(chosen=frozenset())
        values = {k: v for k, v in values.items() if v != getattr(made, k) and v != getattr(base, k)}
    chosen = data.get("lights_backend")
    if version is None and chosen == "mirror":
        chosen = None  # an old file's default, written whatever the players chose (see the module's docstring)
    settings = replace(
        base, **values, lights_backend=chosen if chosen in LIGHTS_BACKENDS else None, chosen=frozenset(values)
    )
    if version != FORMAT_VERSION:  # read once as above, then kept so: a later edit of the config file counts
        try:
            save_settings(settings, target)
        except OSError as error:
            log.warning("settings file %s not rewritten: %s", target, error)
    return settings


def save_settings(settings: UiSettings, path: Path | None = None) -> None:
    """Only what the players chose (and the lights' choice, null when none). Written atomically, so a power cut
    leaves the old or the new file, never half, and two processes saving at once each install a whole file of
    theirs."""
    target = path or settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    chosen = {key: getattr(settings, key) for key in CHOOSABLE if key in (settings.chosen or ())}
    document = {"version": FORMAT_VERSION, **chosen, "lights_backend": settings.lights_backend}
    write_atomically(target, json.dumps(document, indent=2))


def read_settings() -> UiSettings:
    """The Settings screen's choices over the config file's [general] section (both optional); the state
    directory the file names is used from now on. Run on the worker at start."""
    from companion import paths
    from companion.config import load_general_or_default

    general = load_general_or_default()  # a problem in the file is reported by the lights' full load
    paths.use_state_dir(general.state_dir)
    return load_settings(
        UiSettings(
            language=general.language,
            keep_awake=general.keep_awake,
            sounds=general.sounds,
            chosen=frozenset(),
            configured=general.given,
        )
    )
