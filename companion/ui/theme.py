"""Sizes and colours of the interface, in physical units so the app reads the same on every official display.

Kivy-free on purpose: presenters and tests use these numbers too. The kv files read them through the App
(`app.theme`), and `Metrics` below is rebuilt when the window changes size.
"""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_INCH = 25.4

#: Physical dots per inch of the displays the app targets, by window size (width, height).
#: Official 7" display (800x480, 154x86 mm), Touch Display 2 (7", 720x1280 portrait), 10.1" 1280x800 panels.
KNOWN_DISPLAY_DPI: dict[tuple[int, int], float] = {
    (800, 480): 132.0,
    (480, 800): 132.0,
    (720, 1280): 210.0,
    (1280, 720): 210.0,
    (1280, 800): 149.0,
    (800, 1280): 149.0,
}
DEFAULT_DPI = 132.0

#: Smallest touch target (the issue's rule: at least 9 mm).
TOUCH_TARGET_MM = 9.0


def dpi_for_size(width: int, height: int) -> float:
    """The physical dpi of a known display size; otherwise the official 7" display's."""
    return KNOWN_DISPLAY_DPI.get((width, height), DEFAULT_DPI)


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


@dataclass(frozen=True)
class Metrics:
    """Pixel sizes for one window: fonts readable across a table, targets a finger can hit."""

    dpi: float
    width: int
    height: int

    @property
    def is_portrait(self) -> bool:
        return self.height > self.width

    @property
    def target(self) -> float:
        """Minimum height (and width) of anything tappable, in pixels; rounded up so 9 mm is never missed."""
        return float(int(mm_to_px(TOUCH_TARGET_MM, self.dpi)) + 1)

    @property
    def gap(self) -> float:
        return round(mm_to_px(1.2, self.dpi))

    # Font sizes: body text ~3.2 mm tall is readable at arm's length and across a small table; numbers that
    # matter (difficulty, slot, actions left) are bigger.
    @property
    def font_small(self) -> float:
        return round(mm_to_px(2.5, self.dpi))

    @property
    def font_body(self) -> float:
        return round(mm_to_px(3.0, self.dpi))

    @property
    def font_title(self) -> float:
        return round(mm_to_px(4.2, self.dpi))

    @property
    def font_big(self) -> float:
        return round(mm_to_px(6.0, self.dpi))


RGBA = tuple[float, float, float, float]


def _hex(value: str, alpha: float = 1.0) -> RGBA:
    value = value.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, alpha)


#: Palette: dark background for a bright room and a dim café alike; rescue types keep the card colours
#: (air is blue on the printed cards) and always come with an icon and a word.
COLOURS: dict[str, RGBA] = {
    "background": _hex("#101820"),
    "panel": _hex("#1d2a36"),
    "panel_light": _hex("#2c3e50"),
    "text": _hex("#f4f6f8"),
    "text_dim": _hex("#b8c4ce"),
    "accent": _hex("#f5a623"),
    "button": _hex("#2f5d8a"),
    "button_pressed": _hex("#1f3f60"),
    "button_disabled": _hex("#3a434c"),
    "danger": _hex("#c0392b"),
    "success": _hex("#27ae60"),
    "warning": _hex("#e67e22"),
    "hood": _hex("#8e44ad"),
    "skull": _hex("#000000"),
    "air": _hex("#2d7fd3"),
    "sea": _hex("#16a0a0"),
    "land": _hex("#9a6b2f"),
    "space": _hex("#5b4bb7"),
    "unknown": _hex("#666666"),
}

#: The characters' peg colours (game fact), used beside their names, never alone.
CHARACTER_COLOURS: dict[str, RGBA] = {
    "scott": _hex("#2e6fdc"),
    "virgil": _hex("#2f9e44"),
    "alan": _hex("#f08c00"),
    "gordon": _hex("#f2d024"),
    "john": _hex("#f0f0f0"),
    "lady-penelope": _hex("#f06595"),
    "jeff": _hex("#9aa5b1"),
}


def colour(name: str) -> RGBA:
    return COLOURS.get(name) or CHARACTER_COLOURS.get(name) or COLOURS["unknown"]


def readable_text_on(background: RGBA) -> RGBA:
    """Black or white text, whichever contrasts more with `background` (relative luminance)."""
    r, g, b, _ = background
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return (0.0, 0.0, 0.0, 1.0) if luminance > 0.55 else (1.0, 1.0, 1.0, 1.0)
