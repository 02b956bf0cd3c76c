"""One modal for every pop-up the app needs: a title, some lines, and buttons that each say what they do.

Card details, choosers (which pod to build), reveals (the disaster just drawn) and confirmations all use it, so
they look and behave alike, and the pilot finds their buttons by key like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.graphics import Callback, Rectangle
from kivy.properties import StringProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.ui.presenters.lines import TextLine
from companion.ui.widgets.cached import blend_off, blend_on
from companion.ui.widgets.occlusion import Occlusion
from companion.ui.widgets.text import NarrowTextMixin, TouchButton


@dataclass(frozen=True)
class PopupButton:
    key: str
    label: str
    on_press: Callable[[], None] | None = None
    role: str = "normal"
    closes: bool = True


PopupLine = TextLine


class PopupText(NarrowTextMixin, Label):
    """A wrapped paragraph whose style (good, bad, dim, title) shows in its colour and weight. A paragraph that
    fits on one line is rendered only as wide as it is (NarrowTextMixin: about 0.5 MB of textures along a game)."""

    style = StringProperty("normal")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fbind("width", self._trigger_texture)

    def texture_update(self, *largs: Any) -> None:
        """Wraps to the width only a text that does not fit on one line (measured without rendering it)."""
        core, width, text = self._label, self.width, self.text
        core.resolve_font_name()  # as rendering does first: a style just changed to bold measures in bold
        one_line = bool(text) and "\n" not in text and core.get_extents(text)[0] <= int(width)
        core.usersize = (None, None) if one_line else (width, None)
        self.text_box_width = int(width) if one_line else 0
        super().texture_update(*largs)
        if one_line and self.texture_size[0] > int(width):
            # Should the measure and the rendering ever disagree: wrapped after all, as Kivy would have.
            core.usersize = (width, None)
            self.text_box_width = 0
            super().texture_update(*largs)
        self._place_text()


class AppPopup(ModalView):
    title = StringProperty("")
    kind = StringProperty("info")  # info, reveal, chooser, card

    def __init__(
        self,
        title: str,
        lines: Sequence[PopupLine | str],
        buttons: Sequence[PopupButton],
        kind: str = "info",
        extra: Any = None,
        choices: Sequence[PopupButton] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self._texts: list[Any] = []
        self._choices: list[TouchButton] = []
        self._choice_grid: GridLayout | None = None
        self._buttons: list[TouchButton] = []
        self._occlusion: Occlusion | None = None
        self._content: tuple[Any, ...] | None = None
        _opaque_panel(self.children[0])
        self.fill(title, lines, buttons, kind, extra, choices)

    def on_open(self) -> None:
        """The app beneath is clipped to the dimmed margin around the opaque panel while the pop-up shows: the
        same pixels, without rasterising the screen under the panel (see widgets/occlusion.py). The window
        turned (or resized) while it shows, it lays out its content again for the new shape."""
        app = App.get_running_app()
        app.fbind("portrait", self._fill_again)
        app.fbind("target", self._fill_again)
        root = app.root
        if root is not None and OCCLUDE:
            self._occlusion = Occlusion(root, self.children[0])
            self._occlusion.start()

    def _fill_again(self, *_: Any) -> None:
        if self._content is not None:
            self.fill(*self._content)

    def on_dismiss(self) -> None:
        app = App.get_running_app()
        app.funbind("portrait", self._fill_again)
        app.funbind("target", self._fill_again)
        if self._occlusion is not None:
            self._occlusion.stop()
            self._occlusion = None

    def fill(
        self,
        title: str,
        lines: Sequence[PopupLine | str],
        buttons: Sequence[PopupButton],
        kind: str = "info",
        extra: Any = None,
        choices: Sequence[PopupButton] = (),
    ) -> None:
        """Shows this content, reusing the paragraphs and buttons the pop-up already made (making a Kivy
        widget costs far more than changing its text: a reused pop-up opens in a fraction of the time)."""
        self._content = (title, lines, buttons, kind, extra, choices)
        self.title = title
        self.kind = kind
        holder = self.ids.extra
        holder.clear_widgets()
        if extra is not None:
            holder.add_widget(extra)
        holder.height = extra.height if extra is not None else 0
        app = App.get_running_app()
        body = self.ids.lines
        body.clear_widgets()
        items = [line if isinstance(line, PopupLine) else PopupLine(line) for line in lines]
        for label, item in zip(_grown(self._texts, len(items), Factory.PopupText), items):
            label.text, label.style = item.text, item.style
            body.add_widget(label)
        if choices:
            grid = self._choices_grid(len(choices))
            for button, spec in zip(_grown(self._choices, len(choices), self._new_button), choices):
                button.text, button.role, button.action_key, button.spec = spec.label, spec.role, spec.key, spec
                grid.add_widget(button)
            body.add_widget(grid)
        row = self.ids.buttons
        row.clear_widgets()
        for button, spec in zip(_grown(self._buttons, len(buttons), self._new_button), buttons):
            button.text, button.role, button.action_key, button.spec = spec.label, spec.role, spec.key, spec
            row.add_widget(button)
        row.cols = 1 if app.portrait and len(buttons) > 2 else max(1, min(3, len(buttons)))
        body.parent.scroll_y = 1

    def _choices_grid(self, count: int) -> GridLayout:
        """The choices in a grid, two or three to a row when they are many: a menu of eight fits the 800x480 screen
        whole instead of cutting its last entries ("Leave the game") at a scroll's edge."""
        app = App.get_running_app()
        grid = self._choice_grid
        if grid is None:
            grid = GridLayout(size_hint_y=None, row_force_default=True)
            grid.bind(minimum_height=grid.setter("height"))
            self._choice_grid = grid
        grid.clear_widgets()
        if app.portrait:
            grid.cols = 1 if count <= CHOICES_IN_ONE_PORTRAIT_COLUMN else 2
        else:
            grid.cols = (
                1
                if count <= CHOICES_IN_ONE_COLUMN
                else 2
                if count <= CHOICES_IN_TWO_COLUMNS
                else 3
                if count <= CHOICES_IN_THREE_COLUMNS
                else 4
            )
        grid.spacing = app.gap * 0.5
        grid.row_default_height = app.target
        return grid

    def _new_button(self) -> TouchButton:
        button = TouchButton()
        button.bind(on_release=lambda b: self._pressed(b.spec))
        return button

    def _pressed(self, spec: PopupButton) -> None:
        if spec.closes:
            self.dismiss(animation=False)
        if spec.on_press is not None:
            spec.on_press()


#: Choices a landscape pop-up lists in one column; more go two to a row, and more than ten three to a row (twelve
#: cards to choose from fit the 800x480 screen whole).
CHOICES_IN_ONE_COLUMN = 4
CHOICES_IN_TWO_COLUMNS = 10
#: More than fifteen go four to a row (the card editor's 22 pieces fit the 800x480 screen whole).
CHOICES_IN_THREE_COLUMNS = 15
#: A portrait pop-up (720x1280) lists up to ten in one column, more two to a row (thirteen regions to pick from).
CHOICES_IN_ONE_PORTRAIT_COLUMN = 10


def _opaque_panel(panel: Any) -> None:
    """The pop-up's panel is an opaque fill over most of the window: drawn without blending (the same pixels,
    its colour being opaque), so a software renderer writes it instead of mixing it with the table beneath."""
    before = panel.canvas.before
    fills = [i for i in before.children if isinstance(i, Rectangle)]
    if not fills:
        return
    before.insert(before.children.index(fills[0]) + 1, Callback(blend_on))
    before.insert(0, Callback(blend_off))


def _grown(made: list[Any], count: int, make: Any) -> list[Any]:
    """The first `count` of `made`, making more (and keeping them) when it has fewer."""
    while len(made) < count:
        made.append(make())
    return made[:count]


#: Whether pop-ups clip what they hide (a switch for the tests that compare the pixels with and without).
OCCLUDE = True

#: One pop-up kept for the next one to reuse, as long as it is not showing.
_spare: list[AppPopup] = []


#: What the pop-up made ahead holds, so a card's first pop-up finds its paragraphs and button already made.
PREPARED_LINES, PREPARED_BUTTONS = 6, 1


def prepare_popup() -> None:
    """Makes the pop-up that the next `show_popup` fills, ahead of the first one (in an idle frame)."""
    if not _spare:
        _spare.append(AppPopup("", [""] * PREPARED_LINES, [PopupButton("", "")] * PREPARED_BUTTONS))


def show_popup(
    title: str,
    lines: Sequence[PopupLine | str],
    buttons: Sequence[PopupButton],
    kind: str = "info",
    extra: Any = None,
    choices: Sequence[PopupButton] = (),
) -> AppPopup:
    if _spare and _spare[0].parent is None:
        popup = _spare[0]
        popup.fill(title, lines, buttons, kind=kind, extra=extra, choices=choices)
    else:
        popup = AppPopup(title, lines, buttons, kind=kind, extra=extra, choices=choices)
        if not _spare:
            _spare.append(popup)
    popup.open(animation=False)
    return popup


def close_popups() -> None:
    from kivy.core.window import Window

    for child in list(Window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
