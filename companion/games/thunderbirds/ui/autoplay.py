"""Plays a whole game through the real screens: the game's bot picks each move, and the pilot performs it the
way a player would, by touching the buttons that lead to it (the Board for a move, the Rescue screen for a roll,
a chooser for a pod...). Used by `companion demo` and by the UI tests.

Cards whose effect the companion does not know are resolved the way players would: an event left active is
ended from the Adjust screen once a round has passed (the same assumption as `companion simulate`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.thunderbirds import actions as a
from companion.games.thunderbirds import bot
from companion.games.thunderbirds.movement import carrier_id
from companion.games.thunderbirds.ui.presenters.adjust import adj
from companion.ui.action_keys import act
from companion.ui.touch_player import Script, TouchPlayer, TouchReport


@dataclass
class PlayReport(TouchReport):
    """What happened, for the demo's summary and the tests' assertions."""

    turns: int = 0
    outcome: str = ""
    reason: str = ""


def route(action: Any, defs: Any, legal_keys: frozenset[str] = frozenset()) -> list[str]:
    """The buttons a player touches, in order, to perform `action` from the Table."""
    key = act(action)
    if isinstance(action, a.FoilScheme) and (action.confirmed or key not in legal_keys):
        # A scheme the companion cannot fully check: players pick the tokens they discard and confirm.
        return ["open:scheme", *[f"discard:{p}:{k}" for p, k in action.discards], "foil:confirm"]
    if isinstance(action, a.Move):
        return ["open:board", f"vehicle:{action.vehicle}", key]
    if isinstance(action, a.Transfer):
        return ["open:board", f"vehicle:{action.to_vehicle}", key]
    if isinstance(action, (a.Load, a.Unload)):
        return ["open:board", f"vehicle:{carrier_id(defs)}", key]
    if isinstance(action, a.Rescue):
        return [f"open:rescue:{action.disaster}", *[f"fab:{card}" for card in action.fab_cards], key]
    if isinstance(action, a.ConfirmRescue):
        return [f"open:rescue:{action.disaster}", key]
    if isinstance(action, (a.UseIntelligence, a.UseTeamwork, a.IgnoreHood, a.FinishRescue)):
        return [key]
    if isinstance(action, a.ChooseReward):
        return [f"reward:{kind}" for kind in action.kinds]
    if isinstance(action, a.UseTechnology):
        return ["open:build", key]
    if isinstance(action, a.ExchangeToken):
        return ["open:exchange", key]
    if isinstance(action, a.ChangeCharacter):
        return ["open:change", key]
    if isinstance(action, a.FoilScheme):
        return ["open:scheme", key]
    if isinstance(action, a.PlayFab):
        return [f"open:player:{action.player}", key]
    if isinstance(action, a.EndEffect):
        return ["open:menu", "open:adjust", "section:effects", adj(action)]
    return [key]


def upkeep(state: Any, started: dict[str, int]) -> Any | None:
    """Players ending an event whose end the companion cannot know, once a round has passed."""
    if state.phase != "actions":
        return None
    for effect in state.effects:
        if effect.source == "adjust":
            continue
        begun = started.setdefault(effect.card, state.turn)
        if state.turn >= begun + len(state.players):
            started.pop(effect.card, None)
            return a.EndEffect(effect.card)
    lasting = {effect.card for effect in state.effects}
    for card in state.hood_cards:
        if card.kind == "event" and card.status == "active" and card.card not in lasting:
            return a.EndEffect(card.card)
    return None


class AutoPlayer(TouchPlayer):
    """Runs inside a pilot script: `yield from player.play(...)`."""

    report: PlayReport

    # --- a whole game --------------------------------------------------------------------------------------

    def start(self, players: int, difficulty: str, seed: int) -> Script:
        self.app.next_seed = seed
        yield self.pilot.settle()
        yield from self.visit()
        yield from self.tap("new_game")
        yield from self.tap(f"players:{players}")
        yield from self.tap(f"difficulty:{difficulty}")
        yield from self.tap("start_game")
        yield self.pilot.until(lambda: self.pilot.screen_name() == "setup_guide", "the set-up guide")
        yield from self.visit()
        while self.pilot.has("guide:next"):
            yield from self.tap("guide:next")
        yield from self.tap("guide:start")
        snapshot = self.app.controller.snapshot
        self.report.game_id = snapshot.game_id if snapshot else None

    def at_table(self, actions: int = 0, players: int = 2, difficulty: str = "introduction", seed: int = 34) -> Script:
        """A seeded game dealt (by default the demo's), `actions` bot choices played, and the Table shown with
        nothing open over it: where a test or a benchmark starts touching."""
        yield from self.start(players, difficulty, seed)
        if actions:
            yield from self.play(max_actions=actions)
        yield from self.to_table(None)

    def play(self, max_actions: int = 3000, stop: Callable[[Any], bool] | None = None) -> Script:
        """Plays until the game ends (or `stop(state)` says so), one bot choice at a time."""
        started: dict[str, int] = {}
        choices, turn = 0, -1
        while self.report.actions < max_actions:
            yield from self.dismiss_reveals()
            snapshot = self.app.controller.snapshot
            state = snapshot.state
            if state.outcome is not None or (stop is not None and stop(state)):
                break
            if state.turn != turn:
                choices, turn = 0, state.turn
            action = upkeep(state, started)
            if action is None:
                box: dict[str, Any] = {}
                defs = self.app.pack.defs_for(state)
                self.app.controller.call(
                    lambda _session, s=state, c=choices, d=defs: bot.next_action(s, d, c),
                    lambda chosen, answer=box: answer.setdefault("action", chosen),
                )
                yield self.pilot.until(lambda answer=box: "action" in answer, "the bot's choice", timeout=120)
                action = box["action"]
                choices += 1
            yield from self.perform(action)
        yield from self.dismiss_reveals()
        final = self.app.controller.snapshot.state
        self.report.turns = final.turn
        if final.outcome is not None:
            self.report.outcome = final.outcome.result
            self.report.reason = final.outcome.reason
            yield self.pilot.until(lambda: self.pilot.screen_name() == "game_over", "the game-over screen")
            yield from self.visit()

    def perform(self, action: Any) -> Script:
        """Touches the way to `action` from wherever the app is, and waits until the game has taken it."""
        yield from self.to_table(action)
        before = self.app.controller.snapshot.version
        defs = self.app.pack.defs_for(self.app.controller.snapshot.state)
        for key in route(action, defs, frozenset(self.app.legal_by_key())):
            yield from self.tap(key)
        if isinstance(action, a.EndTurn) and self.pilot.has("endturn:confirm"):
            yield from self.tap("endturn:confirm")  # the pause before a turn ends with actions left
        yield from self.taken(before, act(action))

    def to_table(self, action: Any) -> Script:
        """Back to where the action starts: the Rescue screen for a rescue under way, else the Table."""
        rescue_step = isinstance(
            action, (a.UseIntelligence, a.UseTeamwork, a.IgnoreHood, a.FinishRescue, a.ChooseReward)
        )
        wanted = "rescue" if rescue_step else "table"
        for _attempt in range(6):
            if self.pilot.screen_name() == wanted and not self.popup_kind():
                return
            if self.popup_kind():
                yield from self.close_popup(("reveal:ok", "popup:cancel"))
                continue
            if self.pilot.has("rescue:done"):
                yield from self.tap("rescue:done")
            elif self.pilot.has("back"):
                yield from self.tap("back")
            else:
                self.app.go(wanted)
                yield self.pilot.settle()
