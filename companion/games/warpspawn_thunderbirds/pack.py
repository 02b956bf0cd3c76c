"""The pack as the shell hosts it (`companion.engine.pack.Pack`): rules, data, views, lights, commands.

Its screens come later: `screens` is empty until the grid screen, the hand-over step and the data editor land.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.pack import DataStatus, LightsSpec, PackInfo, Reveal, SavedGameLine, ScreenSpec, SecretView
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds import grid
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.describe import describe
from companion.games.warpspawn_thunderbirds.legal import legal_actions
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_definitions,
    default_overlay_problems,
)
from companion.games.warpspawn_thunderbirds.plural import ngettext
from companion.games.warpspawn_thunderbirds.rules import RULES
from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.state import GameState
from companion.games.warpspawn_thunderbirds.views import PublicView, public_view, secret_view
from companion.locale import _

COMMANDS: Mapping[str, str] = {
    "simulate": "companion.games.warpspawn_thunderbirds.simulate_cli:main",
    "scenario": "companion.games.warpspawn_thunderbirds.scenario_cli:main",
    "check-data": "companion.games.warpspawn_thunderbirds.check_data:main",
}


class WarpspawnPack:
    """Warpspawn Thunderbirds for the shell."""

    def __init__(self, info: PackInfo) -> None:
        self.info = info
        self.rules = RULES
        self.screens: Mapping[str, ScreenSpec] = {}
        self.kept_screens: frozenset[str] = frozenset()
        self.built_ahead: tuple[str, ...] = ()
        self.lights = LightsSpec("companion.games.warpspawn_thunderbirds.lights:lights")
        self.buttons: Mapping[str, tuple[str, ...]] = {
            "end_turn": ("end-phase",),
            "roll": ("roll-for-order",),
            "confirm": ("allow", "next-phase"),
        }
        self.commands = COMMANDS
        self.editor_screen: str | None = None
        self.problems: tuple[str, ...] = ()

    def load(self) -> None:
        clear_definitions_cache()
        default_definitions()
        self.problems = tuple(str(problem) for problem in default_overlay_problems())

    def warm(self) -> None:
        for size in default_definitions().sizes:
            grid.rays(size)
            grid.knight(size)

    def data_status(self) -> DataStatus:
        defs = default_definitions()
        unknown = [card for card in defs.emergencies.values() if card.solution is None]
        missing = tuple(_("{card}: solution unknown").format(card=card.names.text()) for card in unknown)
        total = len(defs.emergencies) + len(defs.responder)
        return DataStatus(total - len(unknown), total, missing)

    def setup_for(self, players: int, options: Mapping[str, str]) -> dict[str, Any]:
        size = options.get("size", self.info.option("size").default)
        return {"players": players, "size": int(size)}

    def legal_actions(self, state: GameState) -> tuple[object, ...]:
        return legal_actions(state, definitions_for(state.setup))

    def describe(self, action: object, state: GameState) -> str:
        return describe(action, state, definitions_for(state.setup))

    def public_view(self, state: GameState) -> PublicView:
        return public_view(state)

    def secret_view(self, state: GameState, seat: int) -> SecretView | None:
        return secret_view(state, seat, definitions_for(state.setup))

    def screen_for(self, state: GameState) -> str:
        return "over" if state.outcome is not None else "grid"

    def first_screen(self) -> str:
        return "setup-guide"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        defs = default_definitions()
        scores = ", ".join(
            f"{nm.colour(defs, colour)} {count}"
            for colour, count in zip(summary.get("players", ()), summary.get("rescues", ()))
        )
        if summary.get("status") == "over":
            winners = [nm.colour(defs, c) for c in summary.get("winners", ())]
            if len(winners) > 1:
                text = _("Over, a tie between {players}: {scores}").format(players=", ".join(winners), scores=scores)
            else:
                text = _("Over, {player} won: {scores}").format(player=", ".join(winners), scores=scores)
            return SavedGameLine(text, is_over=True)
        return SavedGameLine(_("Turn {turn}: {scores}").format(turn=summary.get("turn", 1), scores=scores))

    def sounds(self, events: tuple[Any, ...]) -> tuple[str, ...]:
        found: list[str] = []
        for event in events:
            if isinstance(event, (ev.AlertRolled, ev.OrderRolled)) and "dice" not in found:
                found.append("dice")
            elif isinstance(event, ev.EmergencyPlaced) and "disaster" not in found:
                found.append("disaster")
            elif isinstance(event, ev.Rescued) and "success" not in found:
                found.append("success")
            elif isinstance(event, ev.EmergencyExpired) and "failure" not in found:
                found.append("failure")
        return tuple(found)

    def reveal(self, events: tuple[Any, ...], state: GameState) -> Reveal | None:
        return reveal(events, definitions_for(state.setup))


def reveal(events: tuple[Any, ...], defs: Definitions) -> Reveal | None:
    """A pop-up for the public news of an action: new emergencies, the move order, rescues, the end."""
    lines: list[str] = []
    title = ""
    for event in events:
        if isinstance(event, ev.AlertRolled):
            title = ngettext(
                "Alert: {face} rolled, {count} new emergency",
                "Alert: {face} rolled, {count} new emergencies",
                event.new_emergencies,
            ).format(face=event.face, count=event.new_emergencies)
            if not event.new_emergencies:
                lines.append(_("No new emergency this turn."))
        elif isinstance(event, ev.EmergencyPlaced):
            lines.append(
                ngettext(
                    "{card} at {square}: {solution}, {count} time counter",
                    "{card} at {square}: {solution}, {count} time counters",
                    event.counters,
                ).format(
                    card=nm.card(defs, event.emergency),
                    square=nm.square(event.square),
                    solution=nm.solution(defs.emergencies[event.emergency].solution),
                    count=event.counters,
                )
            )
        elif isinstance(event, ev.PawnSentToBase):
            lines.append(
                _("{player}'s {pawn} goes back to base.").format(
                    player=nm.colour(defs, event.player), pawn=nm.pawn(event.pawn)
                )
            )
        elif isinstance(event, ev.OrderRolled):
            title = title or _("Move order")
            lines.append(", ".join(nm.colour(defs, c) for c in event.order))
        elif isinstance(event, ev.Rescued):
            title = title or _("Rescue!")
            lines.append(
                _("{player} rescues {card}.").format(
                    player=nm.colour(defs, event.player), card=nm.card(defs, event.emergency)
                )
            )
        elif isinstance(event, ev.CardDelayed):
            title = title or _("Delay")
            lines.append(
                _("{by} cancels {player}'s {card}.").format(
                    by=nm.colour(defs, event.by), player=nm.colour(defs, event.player), card=nm.card(defs, event.card)
                )
            )
        elif isinstance(event, ev.GameOver):
            title = _("Game over")
            names = ", ".join(nm.colour(defs, c) for c in event.winners)
            if len(event.winners) > 1:
                lines.append(_("A tie: {players}.").format(players=names))
            else:
                lines.append(_("{player} wins.").format(player=names))
    if not lines:
        return None
    return Reveal(title or _("News"), tuple(lines))


def make_pack(info: PackInfo) -> WarpspawnPack:
    return WarpspawnPack(info)
