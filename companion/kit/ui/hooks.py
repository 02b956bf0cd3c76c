"""A kit game's Kivy-side hooks: the pop-up after an action, which offers the hand-over step at once when the
action was a secret draw (a face-down card, a token from a secret bag), and Adjust from the menu."""

from __future__ import annotations

from typing import Any

from companion.kit import actions as act
from companion.locale import domain
from companion.ui.pack_ui import PackUi
from companion.ui.widgets.popups import PopupButton, show_popup

_, ngettext = domain("kit")


def secret_drawer(events: tuple[Any, ...]) -> int | None:
    """The seat that just drew something only they may see, or None."""
    for event in events:
        if isinstance(event, act.CardDrawn) and not event.face_up:
            return event.seat
        if isinstance(event, act.TokenDrawn) and event.secret:
            return event.seat
    return None


class KitUi(PackUi):
    def after_action(self, snapshot: Any) -> None:
        state = snapshot.state
        reveal = self.pack.reveal(snapshot.events, self.pack.public_view(state))
        if reveal is None:
            return
        seat = secret_drawer(snapshot.events)
        if seat is None:
            buttons = [PopupButton("reveal:ok", _("OK"), role="primary")]
        else:
            name = self.pack.seats(state)[seat]
            buttons = [
                PopupButton("reveal:ok", _("Later")),
                PopupButton(
                    "reveal:handover",
                    _("Hand the screen to {player}").format(player=name),
                    lambda: self.app.go("handover", seat=str(seat)),
                    role="primary",
                ),
            ]
        show_popup(reveal.title, list(reveal.lines), buttons, kind="reveal")
