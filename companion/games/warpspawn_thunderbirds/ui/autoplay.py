"""Plays Warpspawn Thunderbirds through the real screens: the pack's bot picks each move (each seat with its own
hand), and the pilot performs it the way players would, by touch: the upkeep's "Next", a hand opened behind the
hand-over step (the cover, "Show", the card chosen or the reaction played, the cover again), the pawn and the square
tapped on the grid (panned to them when they are out of sight), "go ahead" while a card waits for Delay. Used by
`companion demo --game warpspawn_thunderbirds` and the UI tests.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from companion.games.warpspawn_thunderbirds import actions as a
from companion.games.warpspawn_thunderbirds import bot
from companion.games.warpspawn_thunderbirds import events as ev
from companion.games.warpspawn_thunderbirds.definitions import PAWNS, Square
from companion.games.warpspawn_thunderbirds.setup import definitions_for
from companion.games.warpspawn_thunderbirds.ui.presenters.table import NEXT
from companion.games.warpspawn_thunderbirds.views import CHOOSE_CARD
from companion.ui.action_keys import act
from companion.ui.touch_player import Script, TouchPlayer, TouchReport

GAME = "warpspawn_thunderbirds"
UPKEEP = (a.Countdown, a.Alert, a.Organize, a.RollForOrder)


@dataclass
class PlayReport(TouchReport):
    """What happened, for the demo's summary and the tests' assertions."""

    rescues: int = 0
    #: What the screen showed at each step of a hand-over: (stage, texts shown).
    handovers: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)


class AutoPlayer(TouchPlayer):
    """Runs inside a pilot script: `yield from player.play(...)`."""

    report: PlayReport

    def __init__(self, *args: Any, on_step: Callable[[str, Any], None] | None = None, **kwargs: Any) -> None:
        """`TouchPlayer`'s arguments (the pilot, the screenshots' folder, a `PlayReport`...), and `on_step`."""
        super().__init__(*args, **kwargs)
        #: Called at each stage worth a look: ("cover" | "shown" | "hidden" | "grid", the app), for the tests.
        self.on_step = on_step or (lambda _stage, _app: None)
        self.memory = bot.Memory()

    def texts(self) -> tuple[str, ...]:
        """Every text shown now, as a player would read it (buttons and labels; the grid's squares are drawn)."""
        return tuple(self.pilot.texts())

    # --- a game ----------------------------------------------------------------------------------------------

    def start(self, players: int, size: int, seed: int) -> Script:
        """From Home: the game picked, New game, the players and the board, the set-up guide, the grid."""
        self.app.next_seed = seed
        yield from self.pick_game(GAME)
        yield from self.tap("new_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "new_game", "New game")
        yield from self.tap(f"players:{players}")
        yield from self.tap(f"option:size:{size}")
        yield from self.tap("start_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "setup-guide", "the set-up guide")
        yield from self.visit()
        yield from self.tap("guide:start")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "grid", "the grid")
        snapshot = self.app.controller.snapshot
        self.report.game_id = snapshot.game_id if snapshot else None

    def play(self, max_actions: int = 5000, stop: Callable[[Any, tuple[Any, ...]], bool] | None = None) -> Script:
        """Plays until the game ends, `max_actions` are made, or `stop(state, events)` says so after an action."""
        while self.report.actions < max_actions:
            yield from self.to_grid()
            state = self.app.controller.snapshot.state
            if state.outcome is not None:
                break
            action = bot.next_action(state, definitions_for(state.setup), self.memory)
            events = yield from self.perform(action)
            if stop is not None and stop(self.app.controller.snapshot.state, events):
                break
        yield from self.dismiss_reveals()
        if self.app.controller.snapshot.state.outcome is not None:
            yield self.pilot.until(lambda: self.pilot.screen_name() == "over", "the end of the game")
            yield from self.visit()

    def perform(self, action: Any) -> Generator[Any, None, tuple[Any, ...]]:
        """Touches the way to `action` from the grid, and waits until the game has taken it; returns its events."""
        snapshot = self.app.controller.snapshot
        before = snapshot.version
        state = snapshot.state
        if isinstance(action, UPKEEP):
            yield from self.tap(NEXT)
        elif isinstance(action, (a.PlayQuickResponder, a.PlayDelay)):
            seat = state.seat_index(action.player)
            yield from self.hand(seat, act(action))
        elif isinstance(action, a.Discard) or (isinstance(action, a.PlayCard) and not _needs_target(action)):
            yield from self.hand(state.moving_seat, act(action))
        elif isinstance(action, a.PlayCard):
            yield from self.hand(state.moving_seat, CHOOSE_CARD + action.card)
            yield from self.play_on_grid(action)
        else:
            yield from self.tap(act(action))
        yield from self.taken(before, act(action))
        events = tuple(self.app.controller.snapshot.events or ())
        self.report.rescues += sum(1 for e in events if isinstance(e, ev.Rescued))
        return events

    def hand(self, seat: int | None, key: str) -> Script:
        """The hand-over step for `seat`: the cover, "Show", the choice `key`, the cover again, back to the grid."""
        assert seat is not None
        yield from self.to_grid()
        yield from self.tap(f"open:handover:{seat}")
        yield from self._note("cover")
        yield from self.tap("secret:show")
        yield from self._note("shown")
        yield from self.tap(key)
        yield self.pilot.until(lambda: self.pilot.has("secret:done"), "the cover again")
        yield from self._note("hidden")
        yield from self.dismiss_reveals()  # what the card did, public, over the cover
        yield from self.tap("secret:done")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "grid", "the grid after the hand-over")

    def _note(self, stage: str) -> Script:
        self.report.handovers.append((stage, self.texts()))
        self.on_step(stage, self.app)
        yield from self.visit(f"handover-{stage}")

    def play_on_grid(self, action: a.PlayCard) -> Script:
        """The pawn (when the card moves one of yours), then the square, tapped on the grid."""
        yield from self.visit()
        state = self.app.controller.snapshot.state
        effect = definitions_for(state.setup).responder[action.card].effect
        mover = state.seats[state.moving_seat] if state.moving_seat is not None else None
        assert mover is not None
        if effect in ("move", "knight"):
            assert action.pawn is not None and action.to is not None
            yield from self.tap_square(mover.pawns[PAWNS.index(action.pawn)], pick=action.pawn)
            yield from self.tap_square(action.to, action=action)
        elif effect == "false-alarm":
            owner = state.seats[state.seat_index(action.owner or "") or 0]
            assert action.pawn is not None
            yield from self.tap_square(owner.pawns[PAWNS.index(action.pawn)], action=action)
        elif effect in ("return-to-base", "red-alert"):
            assert action.pawn is not None
            yield from self.tap_square(mover.pawns[PAWNS.index(action.pawn)], action=action)
        else:
            assert action.to is not None
            yield from self.tap_square(action.to, action=action)

    def grid(self) -> Any:
        return self.app.screen_manager.get_screen("grid").ids.grid

    def tap_square(self, square: Square, action: Any = None, pick: str | None = None) -> Script:
        """Pans the grid until `square` is in sight, touches it, and answers the chooser when several pawns or
        plays share it."""
        from companion.ui.pilot import SyntheticTouch

        grid = self.grid()
        if not grid.zoomed:
            yield from self.tap("grid:zoom")
        for _attempt in range(4 * (grid.view.size if grid.view else 20)):
            if grid.is_visible(square):
                break
            column, row = square
            first_column, first_row = grid.origin
            span = grid.span
            if column < first_column:
                yield from self.tap("grid:left")
            elif column >= first_column + span:
                yield from self.tap("grid:right")
            elif row < first_row:
                yield from self.tap("grid:up")
            else:
                yield from self.tap("grid:down")
        assert grid.is_visible(square), f"{square} never came into sight"
        yield self.pilot.drawn()
        x, y = grid.square_center(square)
        touch = SyntheticTouch(x, y)
        touch.down()
        touch.up()
        yield self.pilot.settle()
        if self.popup_kind() == "chooser":
            screen = self.app.screen_manager.get_screen("grid")
            targets = screen.table.targets.get(square, ()) if screen.table is not None else ()
            index = next(
                i
                for i, t in enumerate(targets)
                if (action is not None and t.action == action) or (pick and t.pick == pick)
            )
            yield from self.visit()
            yield from self.tap(f"target:{index}")
        else:
            yield from self.visit()

    def to_grid(self) -> Script:
        """Back on the grid with nothing open over it (a reveal read, a pop-up closed)."""
        for _attempt in range(6):
            yield from self.dismiss_reveals()
            if self.pilot.screen_name() in ("grid", "over") and not self.popup_kind():
                return
            if self.pilot.has("popup:close"):
                yield from self.tap("popup:close")
            elif self.pilot.has("popup:cancel"):
                yield from self.tap("popup:cancel")
            elif self.pilot.screen_name() == "handover" and self.pilot.has("secret:done"):
                yield from self.tap("secret:done")
            elif self.pilot.screen_name() == "setup-guide":
                yield from self.tap("guide:start")
            else:
                self.app.go("grid")
                yield self.pilot.settle()


def _needs_target(action: a.PlayCard) -> bool:
    return action.pawn is not None or action.to is not None or action.owner is not None
