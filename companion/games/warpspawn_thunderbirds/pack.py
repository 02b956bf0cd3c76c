"""The pack as the shell hosts it (`companion.engine.pack.Pack`): rules, data, views, screens, lights, commands.

The shared screen, the history, the lights and the logs read `public_view` only; a hand reaches the screen only
through the shell's hand-over step (`secret_view`). Its choices are the reactions the seat may play now and, for
the moving player, the cards of the hand: one that needs no target is played from there (SOS, a discard); one that
needs a pawn or a square is chosen there (`open:card:<kind>`) and played on the shared grid, face up.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.engine.pack import (
    BasicPack,
    DataStatus,
    LightsSpec,
    PackInfo,
    Reveal,
    SavedGameLine,
    ScreenSpec,
    SecretView,
)
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds import grid
from companion.games.warpspawn_thunderbirds import names as nm
from companion.games.warpspawn_thunderbirds.definitions import Definitions
from companion.games.warpspawn_thunderbirds.loader import (
    clear_definitions_cache,
    default_definitions,
    default_overlay_problems,
)
from companion.games.warpspawn_thunderbirds.rules import RULES
from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.state import GameState
from companion.games.warpspawn_thunderbirds.views import PublicView, public_view, secret_view
from companion.locale import domain

_, ngettext = domain("warpspawn_thunderbirds")

NAME = "warpspawn_thunderbirds"
UI = "companion.games.warpspawn_thunderbirds.ui"
KV = "kv/warpspawn_thunderbirds"

COMMANDS: Mapping[str, str] = {
    "simulate": "companion.games.warpspawn_thunderbirds.simulate_cli:main",
    "scenario": "companion.games.warpspawn_thunderbirds.scenario_cli:main",
    "check-data": "companion.games.warpspawn_thunderbirds.check_data:main",
    "demo": "companion.games.warpspawn_thunderbirds.ui.demo:main",
}

SCREENS: Mapping[str, ScreenSpec] = {
    "grid": ScreenSpec(f"{UI}.screens.grid:WarpspawnGridScreen", f"{KV}/grid.kv"),
    "setup-guide": ScreenSpec(f"{UI}.screens.guide:WarpspawnGuideScreen", f"{KV}/guide.kv"),
    "over": ScreenSpec(f"{UI}.screens.over:WarpspawnOverScreen", f"{KV}/over.kv"),
    "new_game": ScreenSpec(f"{UI}.screens.new_game:WarpspawnNewGameScreen"),  # drawn by the shell's rows
    "squares": ScreenSpec(f"{UI}.screens.squares:WarpspawnSquaresScreen", f"{KV}/squares.kv"),
    "editor": ScreenSpec(f"{UI}.screens.squares:WarpspawnEditorScreen", f"{KV}/squares.kv"),
}


class WarpspawnPack(BasicPack):
    """Warpspawn Thunderbirds for the shell."""

    screens = SCREENS
    kept_screens = frozenset({"grid"})
    built_ahead: tuple[str, ...] = ()
    table_screen = "grid"
    game_over_screen = "over"
    new_game_screen = "new_game"
    editor_screen = "editor"
    ui = f"{UI}.hooks:WarpspawnUi"
    lights = LightsSpec("companion.games.warpspawn_thunderbirds.light_scene:make_scene")
    #: A table button presses the screen's button of the same meaning: the upkeep's "Next", the end of a move
    #: phase, the reveal's OK, "go ahead" while a card waits for Delay.
    buttons: Mapping[str, tuple[str, ...]] = {
        "end_turn": ("act:EndPhase",),
        "roll": ("next-phase",),
        "confirm": ("reveal:ok", "next-phase", "act:Allow"),
        "undo": ("undo",),
    }
    commands = COMMANDS
    scenario = "companion.games.warpspawn_thunderbirds.scenario:SCENARIOS"

    def __init__(self, info: PackInfo) -> None:
        super().__init__(info, RULES)
        self.problems: tuple[str, ...] = ()
        self.problems_notice = ""

    def load(self) -> None:
        """The shipped data and the user's overlay, read again (after the data editor saved)."""
        clear_definitions_cache()
        default_definitions()
        self.problems = tuple(str(problem) for problem in default_overlay_problems())
        self.problems_notice = (
            ngettext(
                "{count} correction in the data overlay was skipped: see Home.",
                "{count} corrections in the data overlay were skipped: see Home.",
                len(self.problems),
            ).format(count=len(self.problems))
            if self.problems
            else ""
        )

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
        """New game's choices: the players, the board size, and the bases and starting squares when changed
        (`bases`, `starts`: what `setup.parse_setup` reads)."""
        size = options.get("size", self.info.option("size").default)
        setup: dict[str, Any] = {"players": players, "size": int(size)}
        for key in ("bases", "starts"):
            if options.get(key):
                setup[key] = options[key]
        return setup

    def public_view(self, state: GameState | PublicView) -> PublicView:
        return state if isinstance(state, PublicView) else public_view(state)

    def seats(self, state: GameState | PublicView) -> tuple[str, ...]:
        defs = default_definitions() if isinstance(state, PublicView) else definitions_for(state.setup)
        return tuple(nm.colour(defs, seat.colour) for seat in state.seats)

    def secret_view(self, state: GameState, seat: int) -> SecretView | None:
        return secret_view(state, seat, definitions_for(state.setup))

    def table_lines(self, view: PublicView) -> tuple[str, ...]:
        defs = default_definitions()
        return (_("Turn {turn}").format(turn=view.turn), *(nm.seat_score(defs, seat) for seat in view.seats))

    def screen_for(self, state: GameState) -> str:
        return "over" if state.outcome is not None else "grid"

    def first_screen(self) -> str:
        return "setup-guide"

    def saved_game_line(self, summary: Mapping[str, Any]) -> SavedGameLine:
        return saved_game_line(summary, default_definitions())

    def sounds(self, events: tuple[Any, ...]) -> tuple[Any, ...]:
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

    def reveal(self, events: tuple[Any, ...], state: GameState | PublicView) -> Reveal | None:
        defs = default_definitions() if isinstance(state, PublicView) else definitions_for(state.setup)
        return reveal(events, defs)

    def help(self) -> tuple[str, ...]:
        return (
            _(
                "The companion keeps the Emergency and Responder decks, rolls every die and checks every move; you "
                "move the paper pawns on your printed grid as the screen shows."
            ),
            _(
                "Each turn: the upkeep phases (countdown, alert, organization, the roll for the move order) run with "
                "one tap each, and a pop-up shows what they brought. Then each player's move phase."
            ),
            _(
                "Hands are secret: to look at yours, or to play a card from it, tap your hand's button and give the "
                "screen to its owner. The cover comes back before the screen goes back to the table."
            ),
            _(
                "To play a move card: choose it in your hand, then tap one of your pawns on the grid and one of the "
                "squares lit for it. The card is face up from then on: the others may answer with Delay."
            ),
            _(
                "Pawns show their colour and their number (1 to 5 for TB1 to TB5, F for FAB); an emergency shows its "
                "time counters. Tap an emergency for its solution."
            ),
        )

    def random_action(self, state: GameState, pick: Callable[[Sequence[Any]], Any]) -> Any | None:
        if state.outcome is not None:
            return None
        legal = self.legal_actions(state)
        return pick(legal) if legal else None


def saved_game_line(summary: Mapping[str, Any], defs: Definitions) -> SavedGameLine:
    """Home's line: the colours playing, the board, the turn or the winners, and every rescue pile's size."""
    colours = [nm.colour(defs, c) for c in summary.get("players", ())]
    players = _("{count} players: {names}").format(count=len(colours), names=", ".join(colours))
    size = int(summary.get("size") or defs.default_size)
    detail = _("{size} × {size} board").format(size=size)
    scores = ", ".join(f"{name} {count}" for name, count in zip(colours, summary.get("rescues", ())))
    if summary.get("status") == "over":
        winners = [nm.colour(defs, c) for c in summary.get("winners", ())]
        if len(winners) > 1:
            status = _("Over, a tie between {players}: {scores}").format(players=", ".join(winners), scores=scores)
        else:
            status = _("Over, {player} won: {scores}").format(player=", ".join(winners), scores=scores)
        return SavedGameLine(players, detail, status, is_over=True)
    status = _("Turn {turn}: {scores}").format(turn=summary.get("turn", 1), scores=scores)
    return SavedGameLine(players, detail, status)


def reveal(events: tuple[Any, ...], defs: Definitions) -> Reveal | None:
    """A pop-up for the public news of an action: what the countdown took away, new emergencies (their square and
    solution), the hands filled, the move order, rescues, Delay and the end."""
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
        elif isinstance(event, ev.EmergencyDeckEmpty):
            lines.append(_("That was the last emergency card."))
        elif isinstance(event, ev.CounterRemoved):
            title = title or _("Countdown")
            lines.append(
                ngettext(
                    "{card}: {count} time counter left.", "{card}: {count} time counters left.", event.left
                ).format(card=nm.card(defs, event.emergency), count=event.left)
            )
        elif isinstance(event, ev.EmergencyExpired):
            title = title or _("Countdown")
            lines.append(
                _("{card} at {square}: its time ran out.").format(
                    card=nm.card(defs, event.emergency), square=nm.square(event.square)
                )
            )
        elif isinstance(event, ev.PawnSentToBase):
            lines.append(
                _("{player}'s {pawn} goes back to base.").format(
                    player=nm.colour(defs, event.player), pawn=nm.pawn(event.pawn)
                )
            )
        elif isinstance(event, ev.HandFilled) and event.drawn:
            title = title or _("Organization")
            lines.append(
                ngettext("{player} draws {count} card.", "{player} draws {count} cards.", event.drawn).format(
                    player=nm.colour(defs, event.player), count=event.drawn
                )
            )
        elif isinstance(event, ev.OrderRolled):
            title = title or _("Move order")
            for colour, rolls in event.rolls:
                if rolls:
                    lines.append(
                        _("{player} rolls {rolls}.").format(
                            player=nm.colour(defs, colour), rolls=", ".join(str(r) for r in rolls)
                        )
                    )
            lines.append(_("Order: {players}").format(players=", ".join(nm.colour(defs, c) for c in event.order)))
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
