"""Text that fits its box: the font shrinks (down to a floor) before any line is cut, so nothing is clipped."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.ui.recently_used import RecentlyUsed


class NarrowTextMixin:
    """For Label subclasses: a text that fits on one line is rendered only as wide as it is. Kivy makes a wrapped
    label's texture as wide as the label (a button's "Settings" was 700x25 pixels, 70 kB in a software renderer's
    memory, for a word), about 2 MB in all along a game. The narrow texture is drawn where the line stood in the
    full-width one (`text_box_width` and `text_shift`, which the kv rules of FitLabel, TouchButton and PopupText
    use), so every pixel shown is the same. The subclass decides when a text is one line and renders it with
    `text_size` (None, None) and `text_box_width` set; `_place_text` then works out the shift."""

    #: The width Kivy would have given the texture (the label's, in whole pixels) when the text is rendered only as
    #: wide as its one line, else 0 (the texture is that wide itself).
    text_box_width = NumericProperty(0)
    #: Pixels from where that full-width texture would start to where the narrow one does.
    text_shift = NumericProperty(0)

    if TYPE_CHECKING:  # what the Label this is mixed into has (Kivy ships no type information)
        _label: Any
        text: Any
        size: Any
        padding: Any
        font_size: Any
        font_name: Any
        bold: Any
        markup: Any
        halign: Any
        texture_size: Any
        text_size: Any
        max_lines: Any
        shorten: Any

        def fbind(self, name: str, callback: Callable[..., Any]) -> Any: ...

        def texture_update(self, *largs: Any) -> None: ...

        def _trigger_texture(self) -> None: ...

    def _place_text(self) -> None:
        """`text_shift` for a text rendered only as wide as its line: where Kivy's render_lines put that line in
        a texture `text_box_width` wide, less where it put it in the narrow one."""
        core = self._label
        lines = getattr(core, "_cached_lines", None)
        if not self.text_box_width or not lines or len(lines) != 1:
            self.text_shift = 0
            return
        padding = core.options["padding"]
        line_width = lines[0].w
        halign = str(self.halign)
        full = _line_left(self.text_box_width, line_width, padding[0], padding[2], halign)
        narrow = _line_left(self.texture_size[0], line_width, padding[0], padding[2], halign)
        self.text_shift = full - narrow


class FitTextMixin(NarrowTextMixin):
    """For Label subclasses: wraps text to the width and picks the largest font size (<= `base_font_size`)
    whose texture fits; below `min_font_size` it cuts whole lines instead (max_lines). A fitted text on one line
    is rendered only as wide as it is (NarrowTextMixin)."""

    base_font_size = NumericProperty(0)
    min_font_size = NumericProperty(0)
    fitted = BooleanProperty(True)
    #: Textures kept for a return to a recent text or colour (1: only the one shown, as Kivy does). Worth more
    #: only for labels that go back and forth (each kept texture costs a software renderer about 50 kB).
    kept_textures = 1

    def __init__(self, **kwargs: Any) -> None:
        self._fit_trigger = Clock.create_trigger(self._fit, -1)
        #: The last textures made, by everything they were rendered from (see texture_update).
        self._textures: RecentlyUsed[tuple[Any, ...], tuple[Any, list[int], bool, Any, bool]] = RecentlyUsed()
        self._searching = False
        self._texture_waiting = False
        super().__init__(**kwargs)
        for name in ("text", "size", "base_font_size", "min_font_size", "padding", "markup", "bold"):
            self.fbind(name, self._fit_trigger)
        self._fit_trigger()

    def fit_now(self) -> None:
        self._fit()

    def texture_update(self, *largs: Any) -> None:
        """Kivy's texture_update, keeping the last few textures it made: a label that goes back to a text or a
        colour it showed a moment ago (a Thunderbird's button picked and unpicked, the Board's hint, a pressed
        button) shows that texture again instead of rendering the text anew (a new texture each time, so a kept
        one is never drawn over)."""
        if self._fit_trigger.is_triggered:
            # The text or the box changed and the fit has not run yet: it will pick the size and wrapping, then
            # ask for the texture. Rendering now would render a text at the size of the one before, for nothing.
            self._texture_waiting = True
            return
        self._render(*largs)
        if not self._searching:
            self._place_text()

    def _render(self, *largs: Any) -> None:
        core = self._label
        if self.kept_textures <= 1:
            super().texture_update(*largs)
            return
        if self._searching or self.markup:
            core.texture = None
            super().texture_update(*largs)
            return
        key = (core.text, _frozen(core.usersize), _frozen(core.options))
        found = self._textures.take(key)
        if found is not None:
            texture, size, shortened, lines, core_shortened = found
            core._cached_lines, core.is_shortened = lines, core_shortened
            self.texture = texture
            self.texture_size = list(size)
            self.is_shortened = shortened
            return
        core.texture = None
        super().texture_update(*largs)
        made = (
            self.texture,
            list(self.texture_size),
            self.is_shortened,
            getattr(core, "_cached_lines", []),
            getattr(core, "is_shortened", False),
        )
        self._textures.keep(key, made, self.kept_textures)

    def _fits(self, width: float, height: float) -> bool:
        self.texture_update()
        tw, th = self.texture_size
        if tw > width + 0.5 or th > height + 0.5:
            return False
        # Judged on the lines Kivy actually laid out: its line width is rounded down to whole pixels, so a word
        # measured against the unrounded width can still be broken in two ("Historiqu e").
        return not broken_word(self)

    def _fit(self, *_: Any) -> None:
        if _layout_pending_above(self):
            # A layout above is about to give this label another size (a screen's first layout goes through
            # boxes 22 px wide): fit once it has, in this same frame, rather than for a size never shown (each
            # fit renders the text, and each size it tries opens a font Kivy keeps, about 160 kB).
            self._fit_trigger()
            return
        try:
            self._fit_box()
        finally:
            if self._texture_waiting:
                self._texture_waiting = False
                self._trigger_texture()

    def _fit_box(self) -> None:
        width, height = self.size
        if width <= 2 or height <= 2:
            return
        pad_x, pad_y = _padding(self.padding)
        base = self.base_font_size or self.font_size
        floor = min(self.min_font_size or base * 0.6, base)
        text, bold, font = str(self.text), bool(self.bold), str(self.font_name)
        key = (text, round(width), round(height), round(base, 1), round(floor, 1), bold, pad_x, pad_y, font)
        known = _FITS.take(key)
        if known is None:
            known = self._search(width, height, pad_x, pad_y, base, floor)
            _FITS.keep(key, known, FIT_CACHE_SIZE)
        size, lines, text_height, one_line = known
        self.font_size = size
        self.max_lines = lines
        self.shorten = lines == 1
        # Shortening (the last resort) keeps the start of the text and cuts between words where it can.
        self.split_str = " "
        self.shorten_from = "right"
        self.fitted = lines == 0
        if one_line and not self.markup and self.halign in NARROW_ALIGNS:
            # One line at full width is one line unwrapped: rendered only as wide as it is, placed as it was.
            self.text_box_width = int(width)
            self.text_size = (None, None)
            return
        self.text_box_width = 0
        # Kivy's text_size includes the padding: the text itself gets text_size minus the padding.
        self.text_size = (width, text_height)

    def _search(
        self, width: float, height: float, pad_x: float, pad_y: float, base: float, floor: float
    ) -> tuple[float, int, float | None, bool]:
        """The largest size on the ladder that fits (few distinct sizes: Kivy keeps a font object per size)."""
        self._searching = True  # trial renders are not kept
        try:
            size, lines, text_height = self._search_ladder(width, height, pad_x, pad_y, base, floor)
            laid_out = getattr(self._label, "_cached_lines", None)
            one_line = lines == 0 and laid_out is not None and len(laid_out) == 1
            return size, lines, text_height, one_line
        finally:
            self._searching = False

    def _search_ladder(
        self, width: float, height: float, pad_x: float, pad_y: float, base: float, floor: float
    ) -> tuple[float, int, float | None]:
        self.max_lines = 0
        self.shorten = False
        self.text_size = (width, None)
        ladder = font_ladder(base, floor)
        cannot_fit: Any = None
        for size in ladder:
            if cannot_fit is not None and cannot_fit(size):
                continue
            self.font_size = size
            if self._fits(width, height):
                return size, 0, None
            if cannot_fit is None and not self.markup:
                cannot_fit = _sure_misfits(
                    self._label,
                    str(self.text),
                    size,
                    width - pad_x,
                    height - pad_y,
                )
        # Even the smallest size does not fit: keep it and cut whole lines, with an ellipsis. A word too wide
        # for a line even at that size is never broken in two: the text is shortened on one line instead.
        size = font_ladder(base, floor)[-1]
        self.font_size = size
        self.texture_update()
        if broken_word(self):
            return size, 1, height
        lines = max(1, int((height - pad_y) // (size * 1.25)))
        return size, lines, height


#: Ancestors looked at for a layout still to run (a screen's widgets are a dozen levels deep at most).
LAYOUT_DEPTH = 40


def _layout_pending_above(widget: Any) -> bool:
    """Whether a layout holding `widget` has a layout pass scheduled (Kivy's Layout._trigger_layout)."""
    parent = getattr(widget, "parent", None)
    for _level in range(LAYOUT_DEPTH):
        if parent is None:
            return False
        trigger = getattr(parent, "_trigger_layout", None)
        if trigger is not None and getattr(trigger, "is_triggered", False):
            return True
        following = getattr(parent, "parent", None)
        if following is parent:
            return False
        parent = following
    return False


#: How far a text's size measured at one font size may be off at another (glyphs are hinted to whole pixels at
#: each size): a size is skipped only when the text would not fit even this much more room.
MEASURE_SLACK = 1.3


def _sure_misfits(core: Any, text: str, measured_at: float, width: float, height: float) -> Any:
    """A test of the ladder's smaller sizes that says which certainly do not fit (width x height, the room for the
    text), from the text measured at `measured_at` scaled down: those are not tried, so no font is opened for
    them (each font size Kivy opens costs about 160 kB, and a label laid out in a box not yet at its final size
    went down the whole ladder). The sizes it lets through are tried as before, so the size chosen is the same."""
    extents = core.get_extents
    widest_word = max((extents(word)[0] for word in _kivy_words(text)), default=0)
    paragraphs = [extents(paragraph)[0] for paragraph in text.split("\n")]
    line_height = extents("Ag")[1]
    room = max(1.0, width) * MEASURE_SLACK

    def cannot_fit(size: float) -> bool:
        ratio = size / measured_at
        if widest_word * ratio > room:
            return True
        lines = sum(max(1, math.ceil(w * ratio / room)) for w in paragraphs)
        return lines * line_height * ratio / MEASURE_SLACK > height + 0.5

    return cannot_fit


#: Alignments whose one-line texts are rendered only as wide as they are ("justify" stretches lines to the width).
NARROW_ALIGNS = ("left", "center", "right", "auto")


def _line_left(texture_width: float, line_width: float, left: float, right: float, halign: str) -> float:
    """Where Kivy's LabelBase.render_lines puts a line of `line_width` in a texture `texture_width` wide
    (left-to-right text: "auto" is "left")."""
    if halign == "center":
        return min(
            int(texture_width - line_width), max(int(left), int((texture_width - line_width + left - right) / 2.0))
        )
    if halign == "right":
        return max(0, int(texture_width - line_width - right))
    return left


def _frozen(value: Any) -> Any:
    """`value` as something hashable (Kivy keeps a label's options in dicts and lists)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


#: Text sizes tried, as fractions of a label's base size.
LADDER = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)
FIT_CACHE_SIZE = 4096
#: The fit found for each text and box: font size, lines kept (0: all), the text's height when cut, one line.
_FITS: RecentlyUsed[tuple[Any, ...], tuple[float, int, float | None, bool]] = RecentlyUsed()


def font_ladder(base: float, floor: float) -> tuple[float, ...]:
    sizes = sorted(
        {float(round(base * f)) for f in LADDER if base * f >= floor - 0.5} | {float(round(floor))}, reverse=True
    )
    return tuple(s for s in sizes if s >= round(floor))


def broken_word(label: Any) -> str:
    """The first word of `label` that Kivy broke across two lines when it last laid the text out, or ""."""
    core = getattr(label, "_label", None)
    lines = getattr(core, "_cached_lines", None)
    if not lines:
        return ""
    return broken_word_in(str(label.text), lines, bool(getattr(core, "is_shortened", False)))


def broken_word_in(text: str, lines: Any, shortened: bool = False) -> str:
    """The first word of `text` that the laid-out `lines` (Kivy's LayoutLine list) show in pieces, or "".

    A text shortened with an ellipsis may end on a cut word: that is shortening, not a broken word."""
    expected = _kivy_words(text)
    shown = [token for line in lines for word in line.words for token in _kivy_words(str(word.text))]
    for index, token in enumerate(shown):
        if index >= len(expected):
            return token
        if token != expected[index]:
            if shortened and index == len(shown) - 1:
                return ""
            return expected[index]
    return ""


def _kivy_words(text: str) -> list[str]:
    """The words Kivy may wrap between: it breaks lines at plain spaces and newlines only (a no-break space
    keeps "Intel. 2" together)."""
    return [word for word in re.split(r"[ \t\r\n]+", text) if word]


def _padding(padding: Any) -> tuple[float, float]:
    values = list(padding) if isinstance(padding, (list, tuple)) else [padding]
    if len(values) == 1:
        return 2 * values[0], 2 * values[0]
    if len(values) == 2:
        return 2 * values[0], 2 * values[1]
    return values[0] + values[2], values[1] + values[3]


class FitLabel(FitTextMixin, Label):
    """A label whose text always fits: see FitTextMixin."""


class TouchButton(FitTextMixin, Button):
    """A button at least 9 mm in both directions (styled in kv/widgets/basics.kv) whose text always fits.

    `role` picks the colour ("normal", "primary", "danger", "success"); the text always says what it does.
    """

    role = StringProperty("normal")
    #: A stable name for the thing this button does (e.g. "action:rescue:0"), so tests and the demo find it.
    action_key = StringProperty("")


class VerticalList:
    """For ScrollViews that hold a list (ListScroll, and ListRecycle in widgets/recycled.py): vertical only, a list
    that fits stays put, and `to_top()` starts a new list from its first row."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("do_scroll_x", False)
        # Kivy lets a short list be dragged and springs it back (always_overscroll): a list that fits stays put,
        # at the top, under the finger that only meant to tap one of its rows.
        kwargs.setdefault("always_overscroll", False)
        super().__init__(**kwargs)

    def to_top(self) -> None:
        """Back to the top at once (a list that starts over), with Kivy's scroll effect told too, so no spring or
        fling still under way moves it back."""
        view: Any = self
        view.scroll_y = 1
        if view.effect_y is not None:
            view.effect_y.velocity = 0
            view.effect_y.value = view.effect_y.max  # Kivy keeps value = max * scroll_y


class ListScroll(VerticalList, ScrollView):
    """A vertical scroll area for lists that are rebuilt: a list that became shorter than the area goes back to
    the top instead of sitting at the bottom of an old scroll position."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(size=self._keep_top)

    def add_widget(self, widget: Any, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._keep_top)

    def _keep_top(self, *_: Any) -> None:
        if self.children and self.children[0].height <= self.height:
            self.scroll_y = 1
