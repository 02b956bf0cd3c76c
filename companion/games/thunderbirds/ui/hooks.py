"""Thunderbirds' Kivy-side hooks (`companion.ui.pack_ui.PackUi`): the pop-up after a card or a roll (with the
disaster tile drawn), the choosers (build, exchange, change), the discard pile, and its screens' `open:` keys."""

from __future__ import annotations

from functools import partial
from typing import Any

from companion.locale import _
from companion.ui.pack_ui import PackUi
from companion.ui.widgets.popups import PopupButton, show_popup


class ThunderbirdsUi(PackUi):
    def after_action(self, snapshot: Any) -> None:
        from companion.games.thunderbirds.ui.presenters.reveal import present_reveal
        from companion.games.thunderbirds.ui.presenters.table import disaster_tile

        pack = self.pack
        defs = pack.defs_for(snapshot.state)
        view = present_reveal(snapshot.events, defs, snapshot.state, pack.character_name)
        if view is None:
            return
        extra = None
        if view.placed_card is not None and view.placed_slot is not None:
            from companion.ui.widgets.game import DisasterTileButton

            extra = DisasterTileButton(
                size_hint_y=None,
                height=self.app.target * 3.2,
                tile=disaster_tile(snapshot.state, defs, view.placed_slot, view.placed_card),
            )
            extra.action_key = f"reveal:tile:{view.placed_slot}"
        buttons = [PopupButton("reveal:ok", _("OK"), role="normal" if view.complete_card else "primary")]
        if view.complete_card:
            key = f"open:complete:{view.complete_card}"
            buttons.insert(0, PopupButton(key, _("Enter this card"), partial(self.app.perform, key), role="primary"))
        show_popup(view.title, view.lines, buttons, kind="reveal", extra=extra)

    def perform(self, what: str, argument: str | None) -> bool:
        app = self.app
        if what == "rescue":
            app.go("rescue", disaster=argument)
        elif what in ("board", "scheme", "adjust"):
            app.go(what)
        elif what in ("fabs", "player"):
            app.go("fabs", player=argument)
        elif what in ("build", "exchange", "change"):
            self.show_chooser(what)
        elif what == "discards":
            self.show_discards()
        elif what == "complete" and argument:
            app.go("card_editor", card=argument)  # a card the players complete where it matters
        else:
            return False
        return True

    def show_chooser(self, what: str) -> None:
        from companion.games.thunderbirds.ui.presenters.choosers import present_chooser

        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        view = present_chooser(
            what, snapshot.state, self.pack.defs_for(snapshot.state), snapshot.legal, self.pack.character_name
        )
        show_popup(
            view.title,
            view.lines,
            [PopupButton("popup:cancel", _("Cancel"))],
            kind="chooser",
            choices=[PopupButton(c.key, c.label, partial(app.perform, c.key), c.role) for c in view.choices],
        )

    def show_discards(self) -> None:
        from companion.games.thunderbirds.ui.presenters.discards import present_discards

        app = self.app
        snapshot = app.controller.snapshot if app.controller else None
        if snapshot is None:
            return
        view = present_discards(snapshot.state, self.pack.defs_for(snapshot.state))
        show_popup(view.title, view.lines, [PopupButton("popup:close", _("Close"))], kind="card")
