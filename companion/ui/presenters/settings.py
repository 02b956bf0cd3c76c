"""The Settings screen's view model: every choice with its label in the current language, which is on, and where
each value comes from (the players' choice, the config file or the default)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.locale import LANGUAGE_NAMES, _
from companion.ui.settings import LIGHTS_BACKENDS, UiSettings


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    selected: bool


@dataclass(frozen=True)
class SettingsView:
    title: str
    language_label: str
    #: Where each setting's value comes from, in a few words ("chosen here", "from the config file", "default").
    language_source: str
    languages: tuple[Choice, ...]
    lights_label: str
    lights: tuple[Choice, ...]
    lights_status: str
    #: Every problem of the config file, one per line ("" when it is fine).
    config_problems: str
    test_pattern_label: str
    keep_awake_label: str
    keep_awake_source: str
    keep_awake: Choice
    sounds_label: str
    sounds_source: str
    sounds: Choice


#: The lights choice that stores no choice: the config file's back-end (or COMPANION_LIGHTS') applies.
FROM_CONFIG = "config"


def lights_backend_name(key: str) -> str:
    return {
        FROM_CONFIG: _("As the config file says"),
        "mirror": _("On screen only"),
        "gpio": _("GPIO LEDs"),
        "shift595": _("Shift registers"),
        "serial": _("LED controller (USB)"),
    }.get(key, key)


def source_name(source: str) -> str:
    """Where a setting's value comes from (`UiSettings.source`), in a few words."""
    return {
        "chosen": _("the players' choice"),
        "file": _("from the config file"),
    }.get(source, _("the default"))


def on_off(value: bool) -> str:
    return _("On") if value else _("Off")


def present_settings(
    settings: UiSettings, lights_status: str = "", config_problems: tuple[str, ...] = ()
) -> SettingsView:
    """`lights_status` is the lights' own one-line report (the back-end in use and why); `config_problems` every
    problem of the config file. The lights choices start with "as the config file says" (no choice stored)."""
    chosen = settings.lights_backend or FROM_CONFIG
    return SettingsView(
        title=_("Settings"),
        language_label=_("Language"),
        language_source=source_name(settings.source("language")),
        languages=tuple(Choice(key, name, settings.language == key) for key, name in LANGUAGE_NAMES.items()),
        lights_label=_("Board lights"),
        lights=tuple(Choice(key, lights_backend_name(key), chosen == key) for key in (FROM_CONFIG, *LIGHTS_BACKENDS)),
        lights_status=lights_status,
        config_problems="\n".join(config_problems),
        test_pattern_label=_("Test pattern"),
        keep_awake_label=_("Keep the screen awake"),
        keep_awake_source=source_name(settings.source("keep_awake")),
        keep_awake=Choice("keep_awake", on_off(settings.keep_awake), settings.keep_awake),
        sounds_label=_("Sounds"),
        sounds_source=source_name(settings.source("sounds")),
        sounds=Choice("sounds", on_off(settings.sounds), settings.sounds),
    )
