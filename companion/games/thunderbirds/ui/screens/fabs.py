"""Players: each player's tokens and F.A.B. cards; play a card now (also in another player's turn)."""

from __future__ import annotations

from companion.games.thunderbirds.ui.presenters.fabs import present_fabs
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets.popups import PopupText
from companion.ui.widgets.text import TouchButton


class FabsScreen(BaseScreen):
    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        view = present_fabs(
            snapshot.state,
            app.pack.defs_for(snapshot.state),
            snapshot.legal,
            app.describe,
            app.pack.character_name,
            self.params.get("player"),
        )
        self.ids.title.text = view.title
        box = self.ids.content
        box.clear_widgets()
        for player in view.players:
            box.add_widget(PopupText(text=player.name, style="title"))
            box.add_widget(PopupText(text=player.tokens))
            if player.empty:
                box.add_widget(PopupText(text=player.empty, style="dim"))
            for card in player.cards:
                box.add_widget(PopupText(text=f"F.A.B. · {card.name}", style="normal"))
                if card.text:
                    box.add_widget(PopupText(text=card.text, style="dim"))
                if card.note:
                    box.add_widget(PopupText(text=card.note, style="dim"))
                for play in card.plays:
                    button = TouchButton(
                        text=play.label, action_key=play.key, role="primary", size_hint_y=None, height=app.target
                    )
                    button.bind(on_release=lambda _b, k=play.key: app.perform(k))
                    box.add_widget(button)
