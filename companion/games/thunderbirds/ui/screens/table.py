"""The Table: the main screen of a game. Tracks, decks, players and the legal actions as buttons."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.games.thunderbirds.ui.presenters.table import DisasterTile, present_table
from companion.locale import _
from companion.ui.presenters.lines import ButtonView
from companion.ui.screens.base import BaseScreen
from companion.ui.widgets import cached as _cached  # noqa: F401  (registers CachedGrid for its kv)
from companion.ui.widgets import game as _widgets  # noqa: F401  (registers the widgets its kv uses)
from companion.ui.widgets.game import DisasterTileButton
from companion.ui.widgets.popups import PopupButton, PopupLine, show_popup
from companion.ui.widgets.reuse import refill
from companion.ui.widgets.text import TouchButton


class TableScreen(BaseScreen):
    #: The (turn, active player) whose actions the list shows: a new one starts the list at its top.
    _turn_shown: tuple[str, str] | None = None

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        App.get_running_app().bind(portrait=self._place_hood)
        self._place_hood()

    def _place_hood(self, *_: Any) -> None:
        """Portrait screens are narrow: the Hood track gets its own row under the top bar."""
        from kivy.app import App

        hood = self.ids.hood
        target = self.ids.hood_row if App.get_running_app().portrait else self.ids.top_bar
        if hood.parent is target:
            return
        hood.parent.remove_widget(hood)
        if target is self.ids.top_bar:
            target.add_widget(hood, index=len(target.children) - 1)
        else:
            target.add_widget(hood)

    def refresh(self) -> None:
        app = self.app
        snapshot = app.controller.snapshot
        if snapshot is None:
            return
        defs = app.pack.defs_for(snapshot.state)
        view = present_table(snapshot.state, defs, snapshot.legal, app.pack.character_name, app.describe)
        ids = self.ids
        ids.hood.spaces = list(view.hood)
        ids.scheme.text = view.scheme_button
        ids.turn.text = f"{view.turn} · {view.active} · {view.actions_left}"
        ids.deck.text = f"{view.deck_text} · {view.fab_text}"
        ids.discards.text = view.discard_text
        ids.effects.text = " · ".join(view.effects)
        ids.effects.height = app.target * 0.7 if view.effects else 0
        ids.undo.disabled = not snapshot.can_undo
        self._fill_tiles(view.tiles)
        self._fill_players(view.players)
        self._fill_actions(view.actions, view.end_turn)
        self._end_turn_question = view.end_turn_question
        turn = (view.turn, view.active)
        if turn != self._turn_shown:
            self._turn_shown = turn
            self.ids.actions.parent.to_top()  # a new player's actions start at the top of the list

    def _fill_tiles(self, tiles: tuple[DisasterTile, ...]) -> None:
        grid = self.ids.tiles
        if len(grid.children) != len(tiles):
            grid.clear_widgets()
            for _tile in tiles:
                button = DisasterTileButton()
                button.bind(on_release=self._show_tile)
                grid.add_widget(button)
        for button, tile in zip(reversed(grid.children), tiles):
            button.tile = tile
            button.action_key = f"tile:{tile.slot}"

    def _fill_players(self, players: Any) -> None:
        for button, panel in zip(refill(self.ids.players, len(players), self._player_button), players):
            button.character = panel.character
            button.text = f"{'▶ ' if panel.is_active else ''}{panel.name}\n{panel.summary}"
            button.action_key = f"open:player:{panel.character}"
            button.role = "primary" if panel.is_active else "normal"

    def _player_button(self) -> Any:
        button = Factory.PlayerButton()
        button.bind(on_release=lambda b: self.app.go("fabs", player=b.character))
        return button

    def _fill_actions(self, actions: tuple[ButtonView, ...], end_turn: ButtonView | None) -> None:
        for button, spec in zip(refill(self.ids.actions, len(actions), self._action_button), actions):
            button.text, button.role, button.action_key = spec.label, spec.role, spec.key
            button.height = self.app.target
        end = self.ids.end_turn
        end.disabled = end_turn is None
        end.text = end_turn.label if end_turn else _("End turn: draw a disaster")
        end.action_key = end_turn.key if end_turn else "act:EndTurn"

    def end_turn(self) -> None:
        """End turn, after a pause when actions are left (they would be lost)."""
        key = self.ids.end_turn.action_key
        question = getattr(self, "_end_turn_question", "")
        if not question:
            self.app.perform(key)
            return
        show_popup(
            _("End the turn?"),
            [PopupLine(question, "title")],
            [
                PopupButton("popup:cancel", _("Keep playing")),
                PopupButton("endturn:confirm", _("End turn"), lambda: self.app.perform(key), role="danger"),
            ],
        )

    def _action_button(self) -> TouchButton:
        button = TouchButton(size_hint_y=None, height=self.app.target)
        button.bind(on_release=lambda b: self.app.perform(b.action_key))
        return button

    def _show_tile(self, button: DisasterTileButton) -> None:
        self._open_tile(button)

    def _open_tile(self, button: DisasterTileButton) -> None:
        tile = button.tile
        if tile is None or tile.card is None:
            return
        head = f"{tile.region} · {tile.type_label}"
        if tile.difficulty:
            head += f" · {_('Difficulty')} {tile.difficulty}"
        lines: list[PopupLine | str] = [PopupLine(head, "title")]
        if tile.note:
            lines.append(PopupLine(tile.note, "normal"))
        elif not tile.is_known:
            lines.append(PopupLine(_("This card is not fully known: read it from your box."), "dim"))
        for row in tile.bonuses:
            lines.append(PopupLine(("✓ " if row.applies else "✗ ") + row.text, "good" if row.applies else "dim"))
        lines += self.app.pack.card_lines(tile.card)
        buttons = [PopupButton("popup:close", _("Close"))]
        if not tile.is_known:
            key = f"open:complete:{tile.card}"
            buttons.append(PopupButton(key, _("Enter this card"), lambda: self.app.perform(key), role="primary"))
        show_popup(tile.name, lines, buttons, kind="card")


class PlayerButton(TouchButton):
    """A player's tokens and F.A.B. count; the peg colour runs down its left edge beside the name."""

    character = StringProperty("")
