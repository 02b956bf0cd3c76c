"""New game, as every game's is drawn: a title, the game's set-up in rows (a label, a row of choices, a line of
text), the language, and "Start" (its words and whether it can be touched the game's) which deals with the seed
the demo or a test fixed, else a fresh one.

The shell's own New game (`screens/plain.py`) draws a game's declared options with it; a game whose set-up is
truly its own (characters chosen, races in seat order, a board's squares) subclasses `NewGameBase` and says only
what its rows hold: the frame, the rows' widgets (made once, then refilled: a touch changes texts, not widgets),
the choices' look, the language row and the start are here. Its kv rule (`kv/new_game.kv`) is loaded with this
module, once, so that a game's screen needs no kv file of its own.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.lang import Builder

from companion import locale
from companion.locale import LANGUAGE_NAMES, _
from companion.paths import ROOT
from companion.ui.presenters.lines import ButtonView, TextLine
from companion.ui.presenters.plain import default_choices, present_new_game
from companion.ui.screens.base import BaseScreen
from companion.ui.theme import colour
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton

KV = str(ROOT / "kv" / "new_game.kv")
if KV not in Builder.files:
    Builder.load_file(KV)


def choices(prefix: str, options: Iterable[Any]) -> tuple[ButtonView, ...]:
    """Buttons `prefix:<key>` for choices with `key`, `label`, `selected` (and `enabled`, when they have it)."""
    return tuple(
        ButtonView(
            f"{prefix}:{o.key}", o.label, "primary" if o.selected else "normal", bool(getattr(o, "enabled", True))
        )
        for o in options
    )


class NewGameBase(BaseScreen):
    """The frame and the rows; a game's New game fills them in `refresh` and says its set-up in `setup`."""

    #: The game's form as chosen so far (a frozen value: each touch makes a new one), part of what is shown.
    form: Any = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rows: dict[str, Any] = {}

    def render_key(self) -> object:
        return (super().render_key(), self.form)

    # --- what a game's New game says -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        """The set-up the game starts with (`Pack.setup_for`'s or the game's own form's)."""
        raise NotImplementedError

    def press(self, key: str) -> None:
        """A choice touched (its key); `language:<code>` is the shell's."""
        if key.startswith("language:"):
            self.app.change_settings(language=key.split(":", 1)[1])

    # --- the rows --------------------------------------------------------------------------------------------

    def row(self, key: str, make: Callable[[], Any]) -> Any:
        """The widget of the row `key`, made and added below the others on first use (a screen fills its rows in
        the same order every time, an empty one taking no height)."""
        widget = self._rows.get(key)
        if widget is None:
            widget = self._rows[key] = make()
            self.ids.body.add_widget(widget)
        return widget

    def line(self, key: str, text: str, bold: bool = True, small: bool = False, dim: bool = False) -> Any:
        """A one-line label (a row's heading when bold); no height when `text` is empty."""
        label = self.row(key, Factory.NewGameLine)
        label.text, label.bold = text, bold
        if small:
            label.base_font_size = self.app.font_small
        label.color = colour("text_dim" if dim else "text")
        return label

    def paragraphs(self, key: str, lines: Sequence[TextLine]) -> None:
        """Wrapped paragraphs, each in its style (dim, bad...)."""
        box = self.row(key, Factory.NewGameParagraphs)
        for label, line in zip(refill(box, len(lines), Factory.PopupText), lines):
            label.text, label.style = line.text, line.style

    def buttons(
        self,
        key: str,
        views: Sequence[ButtonView],
        cols: int = 0,
        height: float = 1.0,
        tick: bool = True,
        **style: Any,
    ) -> None:
        """A row of choices (a grid of `cols` columns when given), the chosen ones ("primary") ticked."""
        box = self.row(key, Factory.NewGameGrid if cols else Factory.NewGameRow)
        if cols:
            box.cols = cols
            box.row_default_height = self.app.target * height

        def make() -> TouchButton:
            button = TouchButton(**style)
            button.bind(on_release=lambda b: self.press(b.action_key))
            return button

        for button, view in zip(refill(box, len(views), make), views):
            ticked = tick and view.role == "primary"
            button.text = ("✓ " if ticked else "") + view.label
            button.role, button.action_key, button.disabled = view.role, view.key, not view.enabled

    def languages(self) -> None:
        """The language, changed live (ticked: the one the texts are in)."""
        shown = locale.language()
        self.line("language_label", _("Language"))
        self.buttons(
            "languages",
            tuple(
                ButtonView(f"language:{key}", name, "primary" if shown == key else "normal")
                for key, name in LANGUAGE_NAMES.items()
            ),
        )

    def frame(self, title: str, start: str, can_start: bool = True) -> None:
        self.ids.title.text = title
        self.ids.start.text = start
        self.ids.start.disabled = not can_start

    # --- starting --------------------------------------------------------------------------------------------

    def start(self) -> None:
        app = self.app
        seed = int(self.params.get("seed") or app.next_seed or secrets.randbits(62))
        app.next_seed = None
        app.start_game(self.setup(), seed)


class PlainNewGameScreen(NewGameBase):
    """New game for a game without its own: its title, players within its range, each declared set-up option."""

    players = 0
    chosen: dict[str, str] = {}

    def render_key(self) -> object:
        return (super().render_key(), self.app.pack.info.name, self.players, tuple(sorted(self.chosen.items())))

    def on_pre_enter(self, *args: Any) -> None:
        info = self.app.pack.info
        low, high = info.players
        if not low <= self.players <= high or set(self.chosen) != {o.key for o in info.options}:
            self.players = min(max(2, low), high)
            self.chosen = default_choices(info)
        super().on_pre_enter(*args)

    def refresh(self) -> None:
        view = present_new_game(self.app.pack.info, self.players, self.chosen)
        self.frame(_("{head}: {detail}").format(head=view.title, detail=view.game_title), view.start_label)
        self.line("players_label", view.players_label)
        self.buttons("players", choices("players", view.players))
        for option in view.options:
            self.line(f"option:{option.key}:label", option.label)
            self.buttons(f"option:{option.key}", choices(f"option:{option.key}", option.choices))
        self.languages()

    def press(self, key: str) -> None:
        head, _sep, value = key.partition(":")
        if head == "players":
            self.players = int(value)
        elif head == "option":
            option, _sep, value = value.partition(":")
            self.chosen = {**self.chosen, option: value}
        else:
            super().press(key)
            return
        self.refresh()

    def setup(self) -> dict[str, Any]:
        return dict(self.app.pack.setup_for(self.players, dict(self.chosen)))
