"""Federation's Kivy-side hooks (`companion.ui.pack_ui.PackUi`): the pop-up after a roll with its dice drawn (the
exploration's three, one per table), the pop-up before a roll (modifiers and odds) or a build, the question before
a system leaves the list, and the `open:` keys of the pack's screens."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.graphics import Color, InstructionGroup, RoundedRectangle, SmoothEllipse, SmoothLine
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.games.federation.ui.presenters.reveal import DieShown, dice_shown
from companion.games.federation.ui.presenters.rolls import present_build, present_diplomacy, present_enigma
from companion.locale import domain
from companion.ui.action_keys import act
from companion.ui.pack_ui import PackUi
from companion.ui.theme import colour
from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup
from companion.ui.widgets.text import FitLabel

_, ngettext = domain("federation")

#: Where the pips of each face sit, as fractions of the die's side.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.72), (0.72, 0.28)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.28, 0.28), (0.28, 0.72), (0.72, 0.28), (0.72, 0.72)),
    5: ((0.26, 0.26), (0.26, 0.74), (0.5, 0.5), (0.74, 0.26), (0.74, 0.74)),
    6: ((0.28, 0.24), (0.28, 0.5), (0.28, 0.76), (0.72, 0.24), (0.72, 0.5), (0.72, 0.76)),
}
#: Screens opened by `open:<name>` (the system and the fleet take the system as their argument).
SCREENS = ("turn", "revenue", "victory", "readings", "costs")


class FedDie(Widget):
    """A six-sided die showing `value` with its pips (its number is written under it too)."""

    value = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._face = InstructionGroup()
        self.canvas.add(self._face)
        self.bind(pos=self._draw, size=self._draw, value=self._draw)

    def _draw(self, *_: Any) -> None:
        side = min(self.width, self.height) * 0.92
        face = self._face
        face.clear()
        if side <= 2:
            return
        x0, y0 = self.x + (self.width - side) / 2, self.y + (self.height - side) / 2
        face.add(Color(0.96, 0.96, 0.94, 1))
        face.add(RoundedRectangle(pos=(x0, y0), size=(side, side), radius=[side * 0.14]))
        face.add(Color(*colour("text_dim")))
        face.add(SmoothLine(rounded_rectangle=(x0, y0, side, side, side * 0.14), width=2))
        face.add(Color(0.08, 0.08, 0.1, 1))
        radius = side * 0.09
        for px, py in PIPS.get(int(self.value), ()):
            face.add(
                SmoothEllipse(pos=(x0 + px * side - radius, y0 + py * side - radius), size=(2 * radius, 2 * radius))
            )


def dice_row(shown: tuple[DieShown, ...]) -> BoxLayout:
    """The dice of a roll side by side, each with its table and what it gave written under it."""
    app = App.get_running_app()
    row = BoxLayout(size_hint_y=None, height=app.target * 2.4, spacing=app.gap)
    for die in shown:
        column = BoxLayout(orientation="vertical", spacing=app.gap * 0.3)
        column.add_widget(FedDie(value=die.value))
        caption = FitLabel(
            text=_("{table}: {value}").format(table=die.table, value=die.value) + f"\n{die.result}",
            base_font_size=app.font_small,
            halign="center",
            size_hint_y=None,
            height=app.target * 0.9,
        )
        column.add_widget(caption)
        row.add_widget(column)
    return row


class FederationUi(PackUi):
    def after_action(self, snapshot: Any) -> None:
        pack = self.pack
        state = pack.public_view(snapshot.state)
        reveal = pack.reveal(snapshot.events, state)
        if reveal is None:
            return
        shown = dice_shown(snapshot.events, pack.definitions)
        extra = dice_row(shown[:6]) if shown else None
        show_popup(
            reveal.title,
            list(reveal.lines),
            [PopupButton("reveal:ok", _("OK"), role="primary")],
            kind="reveal",
            extra=extra,
        )

    def perform(self, what: str, argument: str | None) -> bool:
        app = self.app
        if what == "system" and argument:
            app.go("system", system=argument)
        elif what == "enter":
            app.go("enter", system=argument or "")
        elif what in SCREENS:
            app.go(what)
        else:
            return False
        return True

    def show_roll(self, kind: str, system: str, argument: str) -> None:
        """Before a roll (or a build): the modifiers one by one and the odds; "Roll" sends the legal action."""
        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        state, defs = snapshot.state, self.pack.definitions
        if kind == "enigma":
            view = present_enigma(state, defs, system, argument)
        elif kind == "diplomacy":
            view = present_diplomacy(state, defs, system, argument)
        else:
            view = present_build(state, defs, system, argument)
        if view is None or view.action not in snapshot.legal:
            app.show_notice(_("That is no longer possible."))
            return
        key = act(view.action)
        buttons = [PopupButton("roll:confirm", view.confirm_label, lambda: app.perform(key), role="primary")]
        if kind == "build":
            buttons.append(PopupButton("open:costs", _("Costs"), lambda: app.go("costs")))
        elif view.reading:
            buttons.append(PopupButton("open:readings", _("Readings"), lambda: app.go("readings")))
        buttons.append(PopupButton("popup:cancel", _("Cancel")))
        lines = [PopupLine(line.text, line.style) for line in view.lines]
        show_popup(view.title, lines, buttons, kind="chooser")

    def confirm_remove(self, system: str, action: object) -> None:
        """A system leaves the list only once asked (undo brings it back, but its record is out of sight)."""
        from companion.games.federation import names

        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        label = names.system(snapshot.state, self.pack.definitions, system)

        def remove() -> None:
            app.send_action(action)

        show_popup(
            _("Remove {system} from the list?").format(system=label),
            [_("Remove it only if your map has no such system. Undo brings it back with its record.")],
            [
                PopupButton("remove:keep", _("Keep it")),
                PopupButton("remove:confirm", _("Remove"), remove, role="danger"),
            ],
        )
