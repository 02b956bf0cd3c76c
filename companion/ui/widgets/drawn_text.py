"""Text drawn straight on a widget's canvas, fitted like FitLabel (largest size on the ladder that fits, whole
words only), for widgets that show many short texts: a Kivy Label widget costs ~100 kB, a texture very little.

Widgets that draw text this way list what did not fit in `text_problems()`, which the layout check reads.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Rectangle

from companion.ui.fonts import font_for
from companion.ui.widgets.text import broken_word_in, font_ladder

#: Fitted texts kept for reuse. A texture costs a software renderer about 40 kB however small it is, and a cached
#: one that no canvas shows any more is kept for nothing: the cache holds what the drawn widgets show at once
#: (the Table's tiles and Hood track and the Board's regions: about 110 texts) with some room to spare.
CACHE_SIZE = 160


@dataclass(frozen=True)
class FittedText:
    texture: Any
    fitted: bool
    text: str
    #: The lines as Kivy laid them out (what the texture shows).
    lines: tuple[str, ...] = ()


def _lines(core: CoreLabel) -> tuple[str, ...]:
    return tuple("".join(str(word.text) for word in line.words) for line in core._cached_lines)


_CACHE: OrderedDict[tuple[Any, ...], FittedText] = OrderedDict()


def _render(
    text: str, width: float, size: float, bold: bool, halign: str, max_lines: int = 0, height: float | None = None
) -> CoreLabel:
    core = CoreLabel(
        text=text,
        font_name=font_for(text),
        font_size=size,
        bold=bold,
        halign=halign,
        valign="middle",
        text_size=(max(1.0, width), height),
        max_lines=max_lines,
        shorten=max_lines == 1,
    )
    core.refresh()
    return core


def _fits(core: CoreLabel, text: str, width: float, height: float) -> bool:
    """Fits the box with every word whole, judged on the lines Kivy laid out (it rounds the width down to
    whole pixels, so a word measured against the exact width could still be broken)."""
    tw, th = core.texture.size
    if tw > width + 0.5 or th > height + 0.5:
        return False
    return not broken_word_in(text, core._cached_lines, bool(getattr(core, "is_shortened", False)))


def fit_text(
    text: str, width: float, height: float, base: float, floor: float, bold: bool = False, halign: str = "left"
) -> FittedText | None:
    """The texture of `text` at the largest ladder size that fits the box, or cut to whole lines at the floor."""
    if not text or width <= 2 or height <= 2:
        return None
    key = (text, round(width), round(height), round(base, 1), round(floor, 1), bold, halign)
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    result = None
    ladder = font_ladder(base, floor)
    for size in ladder:
        core = _render(text, width, size, bold, halign)
        if _fits(core, text, width, height):
            result = FittedText(core.texture, True, text, _lines(core))
            break
    if result is None:
        size = ladder[-1]
        lines = max(1, int(height // (size * 1.25)))
        core = _render(text, width, size, bold, halign, lines, height)
        result = FittedText(core.texture, False, text, _lines(core))
    _CACHE[key] = result
    if len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return result


def draw_text(
    fitted: FittedText | None,
    x: float,
    y: float,
    width: float,
    height: float,
    colour: Any,
    halign: str = "left",
    valign: str = "middle",
) -> None:
    """Adds the fitted texture to the current canvas, aligned in the box (x, y, width, height)."""
    if fitted is None:
        return
    tw, th = fitted.texture.size
    if halign == "center":
        left = x + (width - tw) / 2
    elif halign == "right":
        left = x + width - tw
    else:
        left = x
    if valign == "top":
        bottom = y + height - th
    elif valign == "bottom":
        bottom = y
    else:
        bottom = y + (height - th) / 2
    Color(*colour)
    Rectangle(texture=fitted.texture, pos=(round(left), round(bottom)), size=(tw, th))
