"""The app's font: DejaVu Sans Condensed when the system has it (narrow, so long French names fit at 800x480,
and it carries the symbols the app draws: check marks, arrows, the skull), else Kivy's Roboto."""

from __future__ import annotations

from pathlib import Path

DEJAVU_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


def find_dejavu() -> tuple[Path, Path] | None:
    for directory in DEJAVU_DIRS:
        regular = directory / "DejaVuSansCondensed.ttf"
        bold = directory / "DejaVuSansCondensed-Bold.ttf"
        if regular.exists() and bold.exists():
            return regular, bold
    return None


def register_fonts() -> str:
    """Makes the default font DejaVu Sans Condensed if present; returns the name of the font in use."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    found = find_dejavu()
    if found is None:
        return "Roboto"
    regular, bold = found
    LabelBase.register(DEFAULT_FONT, fn_regular=str(regular), fn_bold=str(bold))
    return "DejaVu Sans Condensed"
