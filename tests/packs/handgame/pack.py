"""High Card as the shell sees it: the shell's screens, secrets behind the hand-over step."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.engine.pack import BasicPack, PackInfo, SavedGameLine, SecretView

from .rules import RULES, SEATS, HandState, value


class HandPack(BasicPack):
    def public_view(self, state: HandState) -> HandState:
        """Each hand is replaced by as many face-down cards; the deck's order goes too."""
        return replace(state, hands=tuple(("?",) * len(hand) for hand in state.hands), deck=())

    def seats(self, state: HandState) -> tuple[str, ...]:
        return SEATS[: state.players]

    def secret_view(self, state: HandState, seat: int) -> SecretView | None:
        hand = state.hands[seat]
        if not hand:
            return None
        mine = state.turn % state.players == seat
        choices = (
            tuple((f"Play {value(card)}", action) for action in self.legal_actions(state) for card in [action.card])
            if mine
            else ()
        )
        return SecretView(
            seat=seat,
            seat_name=SEATS[seat],
            title=f"{SEATS[seat]}'s hand",
            lines=tuple(f"Card {value(card)}" for card in hand),
            choices=choices,
        )

    def table_lines(self, view: HandState) -> tuple[str, ...]:
        seat = view.turn % view.players
        lines = [f"{SEATS[seat]} to play" if any(view.hands) else "All cards played"]
        for i in range(view.players):
            lines.append(f"{SEATS[i]}: {view.scores[i]} points, {len(view.hands[i])} cards in hand")
        if view.played:
            lines.append("Played: " + ", ".join(str(value(card)) for card in view.played))
        return tuple(lines)

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        scores = ", ".join(str(s) for s in summary.get("scores", ()))
        over = summary.get("status") == "over"
        status = f"Won by {summary.get('winner')}" if over else f"In progress, turn {summary.get('turn')}"
        return SavedGameLine(f"{summary.get('players')} players", f"scores {scores}", status, over)


def make_pack(info: PackInfo) -> HandPack:
    return HandPack(info, RULES)
